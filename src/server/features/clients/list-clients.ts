import { eq, ilike, like, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { clientStatuses } from '../../../common/allowed-values';
import { clients, phoneDigits } from '../../db/schema/crm';
import { csvLines, keysetBatches } from '../../lib/csv';
import {
  containsPattern,
  type KeysetSpec,
  listQuerySchema,
  paginateJsonItems,
  sortCaseInsensitively,
} from '../../lib/keyset-pagination';
import { recordListFilters } from '../../lib/list-filters';
import type { ServiceContext } from '../../lib/service-context';
import { inOrganization, queryFilter } from '../../lib/tenant-scope';
import { customFieldCsvColumns } from '../custom-fields/custom-field-csv-columns';
import { phoneLike } from '../leads/list-leads';
import { clientCsvColumns, clientExportFields, clientListFields } from './present-client';
import { recordExport } from '../audit/record-export';

/** Tags, the created range, and equality on the client's other fields. */
const clientFilters = recordListFilters(
  { tags: clients.tags, createdAt: clients.createdAt },
  {
    displayName: ['text', clients.displayName],
    email: ['email', clients.email],
    phone: ['text', clients.phone],
    phoneType: ['text', clients.phoneType],
    city: ['text', clients.city],
    state: ['text', clients.state],
    zip: ['text', clients.zip],
    leadId: ['id', clients.leadId],
    isSampleData: ['flag', clients.isSampleData],
  },
);

/** GET /api/clients (and its CSV export): paging, `?search=` and filters by field name. */
export const listClientsQuerySchema = listQuerySchema.extend({
  status: queryFilter(z.enum(clientStatuses, { error: 'Invalid status' })),
  assignedTo: queryFilter(z.guid({ error: 'Invalid user ID' })),
  ...clientFilters.query,
});

export type ListClientsQuery = z.infer<typeof listClientsQuerySchema>;

export const clientListSpec: KeysetSpec = {
  sortable: {
    createdAt: clients.createdAt,
    updatedAt: clients.updatedAt,
    displayName: sortCaseInsensitively(clients.displayName),
    email: sortCaseInsensitively(clients.email),
    phone: clients.phone,
    city: sortCaseInsensitively(clients.city),
    state: clients.state,
    status: clients.status,
    lastContactDate: clients.lastContactDate,
  },
  defaultSort: '-createdAt',
  id: clients.id,
};

/** `?search=`: the name or e-mail contains it, or (a phone-like term) the phone's digits do, as for leads. */
function clientSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  const digits = search.replace(/\D/g, '');
  return or(
    ilike(clients.displayName, pattern),
    ilike(clients.email, pattern),
    phoneLike.test(search) && digits ? like(phoneDigits(clients.phone), `%${digits}%`) : undefined,
  );
}

export function clientConditions(ctx: ServiceContext, query: ListClientsQuery): SQL {
  return inOrganization(
    clients,
    ctx.orgId,
    clientSearch(query.search),
    query.status ? eq(clients.status, query.status) : undefined,
    query.assignedTo ? eq(clients.assignedTo, query.assignedTo) : undefined,
    ...clientFilters.conditions(query),
  );
}

export async function listClients(ctx: ServiceContext, query: ListClientsQuery) {
  return paginateJsonItems({
    db: ctx.db,
    from: clients,
    fields: clientListFields,
    where: clientConditions(ctx, query),
    spec: clientListSpec,
    query,
  });
}

/**
 * GET /api/clients/export.csv: the list's rows (same filters, search and sort), streamed, with a
 * column per visible custom field after the standard ones.
 */
export async function exportClients(ctx: ServiceContext, query: ListClientsQuery) {
  const batches = keysetBatches({
    db: ctx.db,
    from: clients,
    fields: clientExportFields,
    where: clientConditions(ctx, query),
    spec: clientListSpec,
    sort: query.sort,
  });
  const customColumns = await customFieldCsvColumns(ctx, 'client');
  await recordExport(ctx, 'clients', query);
  return csvLines([...clientCsvColumns, ...customColumns], batches);
}
