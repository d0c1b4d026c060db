import { eq, ilike, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { clientStatuses } from '../../../common/validation/common';
import { clients } from '../../db/schema/crm';
import { csvLines, keysetBatches } from '../../lib/csv';
import {
  containsPattern,
  type KeysetSpec,
  listQuerySchema,
  paginate,
  sortCaseInsensitively,
} from '../../lib/keyset-pagination';
import { recordListFilters } from '../../lib/list-filters';
import type { ServiceContext } from '../../lib/service-context';
import { inOrganization, queryFilter } from '../../lib/tenant-scope';
import { customFieldCsvColumns } from '../custom-fields/custom-field-csv-columns';
import { clientCsvColumns, clientExportFields, clientFields, presentClient } from './present-client';
import { recordExport } from '../audit/record-export';

/** Tags, the created range, and equality on the client's other fields. */
const clientFilters = recordListFilters(
  { tags: clients.tags, createdAt: clients.createdAt },
  {
    displayName: ['text', clients.displayName],
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
    status: clients.status,
    lastContactDate: clients.lastContactDate,
  },
  defaultSort: '-createdAt',
  id: clients.id,
};

export function clientConditions(ctx: ServiceContext, query: ListClientsQuery): SQL {
  return inOrganization(
    clients,
    ctx.orgId,
    query.search ? ilike(clients.displayName, containsPattern(query.search)) : undefined,
    query.status ? eq(clients.status, query.status) : undefined,
    query.assignedTo ? eq(clients.assignedTo, query.assignedTo) : undefined,
    ...clientFilters.conditions(query),
  );
}

export async function listClients(ctx: ServiceContext, query: ListClientsQuery) {
  return paginate(
    {
      db: ctx.db,
      from: clients,
      fields: clientFields,
      where: clientConditions(ctx, query),
      spec: clientListSpec,
      query,
    },
    presentClient,
  );
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
