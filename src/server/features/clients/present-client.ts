import { getTableColumns } from 'drizzle-orm';
import { clients } from '../../db/schema/crm';
import type { CsvColumn } from '../../lib/csv';
import { jsonItemOf } from '../../lib/json-items';
import { userNameOf } from '../../lib/tenant-scope';

export const clientNotFoundMessage = 'Client not found';

export const clientFields = getTableColumns(clients);

export type ClientRow = typeof clients.$inferSelect;

/** A client as the API answers it (list items; the detail adds deals, documents and the lead). */
export function presentClient(row: ClientRow) {
  return {
    id: row.id,
    organizationId: row.organizationId,
    displayName: row.displayName,
    email: row.email,
    phone: row.phone,
    phoneType: row.phoneType,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    notes: row.notes,
    status: row.status,
    assignedTo: row.assignedTo,
    tags: row.tags,
    leadId: row.leadId,
    lastContactDate: row.lastContactDate,
    customFields: row.customFields,
    isSampleData: row.isSampleData,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export type ClientItem = ReturnType<typeof presentClient>;

/**
 * The list's selection: each client's id (for the cursor) and its JSON as `presentClient` answers
 * it, written by PostgreSQL (`jsonItemOf`, docs/decisions/045).
 */
export const clientListFields = {
  id: clients.id,
  json: jsonItemOf<ClientItem>({
    id: ['text', clients.id],
    organizationId: ['text', clients.organizationId],
    displayName: ['text', clients.displayName],
    email: ['text', clients.email],
    phone: ['text', clients.phone],
    phoneType: ['text', clients.phoneType],
    addressLine1: ['text', clients.addressLine1],
    addressLine2: ['text', clients.addressLine2],
    city: ['text', clients.city],
    state: ['text', clients.state],
    zip: ['text', clients.zip],
    notes: ['text', clients.notes],
    status: ['text', clients.status],
    assignedTo: ['text', clients.assignedTo],
    tags: ['texts', clients.tags],
    leadId: ['text', clients.leadId],
    lastContactDate: ['timestamp', clients.lastContactDate],
    customFields: ['json', clients.customFields],
    isSampleData: ['boolean', clients.isSampleData],
    createdAt: ['timestamp', clients.createdAt],
    updatedAt: ['timestamp', clients.updatedAt],
  }),
};

export const clientExportFields = {
  ...clientFields,
  ownerName: userNameOf(clients.assignedTo, clients.organizationId),
};

type ClientExportRow = ClientRow & { ownerName: string | null };

export const clientCsvColumns: CsvColumn<ClientExportRow>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'displayName', value: (r) => r.displayName },
  { header: 'email', value: (r) => r.email },
  { header: 'phone', value: (r) => r.phone },
  { header: 'phoneType', value: (r) => r.phoneType },
  { header: 'addressLine1', value: (r) => r.addressLine1 },
  { header: 'addressLine2', value: (r) => r.addressLine2 },
  { header: 'city', value: (r) => r.city },
  { header: 'state', value: (r) => r.state },
  { header: 'zip', value: (r) => r.zip },
  { header: 'status', value: (r) => r.status },
  { header: 'assignedTo', value: (r) => r.ownerName },
  { header: 'tags', value: (r) => r.tags },
  { header: 'notes', value: (r) => r.notes },
  { header: 'leadId', value: (r) => r.leadId },
  { header: 'lastContactDate', value: (r) => r.lastContactDate },
  { header: 'createdAt', value: (r) => r.createdAt },
  { header: 'updatedAt', value: (r) => r.updatedAt },
];
