import { arrayContains, eq, ilike, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { deals } from '../../db/schema/crm';
import { csvLines, keysetBatches } from '../../lib/csv';
import { containsPattern, type KeysetSpec, listQuerySchema, paginate } from '../../lib/keyset-pagination';
import type { ServiceContext } from '../../lib/service-context';
import { inOrganization, queryFilter } from '../../lib/tenant-scope';
import { dealCsvColumns, dealExportFields, dealFields, presentDeal } from './present-deal';

/** GET /api/deals (and its CSV export): paging, `?search=` and filters by field name. */
export const listDealsQuerySchema = listQuerySchema.extend({
  stage: queryFilter(z.string().trim()),
  assignedOwner: queryFilter(z.guid({ error: 'Invalid user ID' })),
  relatedClient: queryFilter(z.guid({ error: 'Invalid client ID' })),
  dealType: queryFilter(z.string().trim()),
  tag: queryFilter(z.string().trim()),
});

export type ListDealsQuery = z.infer<typeof listDealsQuerySchema>;

export const dealListSpec: KeysetSpec = {
  sortable: {
    createdAt: deals.createdAt,
    updatedAt: deals.updatedAt,
    dealName: deals.dealName,
    dealValue: deals.dealValue,
    closeProbability: deals.closeProbability,
    stage: deals.stage,
    dealType: deals.dealType,
    expectedCloseDate: deals.expectedCloseDate,
  },
  defaultSort: '-createdAt',
  id: deals.id,
};

export function dealConditions(ctx: ServiceContext, query: ListDealsQuery): SQL {
  return inOrganization(
    deals,
    ctx.orgId,
    query.search ? ilike(deals.dealName, containsPattern(query.search)) : undefined,
    query.stage ? eq(deals.stage, query.stage) : undefined,
    query.assignedOwner ? eq(deals.assignedOwner, query.assignedOwner) : undefined,
    query.relatedClient ? eq(deals.relatedClient, query.relatedClient) : undefined,
    query.dealType ? eq(deals.dealType, query.dealType) : undefined,
    query.tag ? arrayContains(deals.tags, [query.tag]) : undefined,
  );
}

export async function listDeals(ctx: ServiceContext, query: ListDealsQuery) {
  return paginate(
    {
      db: ctx.db,
      from: deals,
      fields: dealFields,
      where: dealConditions(ctx, query),
      spec: dealListSpec,
      query,
    },
    presentDeal,
  );
}

/** GET /api/deals/export.csv: the list's rows (same filters, search and sort), streamed. */
export function exportDeals(ctx: ServiceContext, query: ListDealsQuery) {
  const batches = keysetBatches({
    db: ctx.db,
    from: deals,
    fields: dealExportFields,
    where: dealConditions(ctx, query),
    spec: dealListSpec,
    sort: query.sort,
  });
  return csvLines(dealCsvColumns, batches);
}
