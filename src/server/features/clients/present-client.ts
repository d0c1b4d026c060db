import { getTableColumns } from 'drizzle-orm';
import { clients } from '../../db/schema/crm';
import type { CsvColumn } from '../../lib/csv';
import { pageSerializer } from '../../lib/page-json';
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

/** GET /api/clients pages, written by a serializer compiled for this shape. */
export const serializeClientPage = pageSerializer<ClientItem>({
  id: 'text',
  organizationId: 'text',
  displayName: 'text',
  status: 'text',
  assignedTo: 'text',
  tags: 'texts',
  leadId: 'text',
  lastContactDate: 'timestamp',
  customFields: 'json',
  isSampleData: 'boolean',
  createdAt: 'timestamp',
  updatedAt: 'timestamp',
});

export const clientExportFields = {
  ...clientFields,
  ownerName: userNameOf(clients.assignedTo, clients.organizationId),
};

type ClientExportRow = ClientRow & { ownerName: string | null };

export const clientCsvColumns: CsvColumn<ClientExportRow>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'displayName', value: (r) => r.displayName },
  { header: 'status', value: (r) => r.status },
  { header: 'assignedTo', value: (r) => r.ownerName },
  { header: 'tags', value: (r) => r.tags },
  { header: 'leadId', value: (r) => r.leadId },
  { header: 'lastContactDate', value: (r) => r.lastContactDate },
  { header: 'createdAt', value: (r) => r.createdAt },
  { header: 'updatedAt', value: (r) => r.updatedAt },
];
