import { eq, ilike, not, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type DealState, dealStates, invalidDealStateMessage } from '../../../common/deal-state';
import { caseSearchText, clients, deals } from '../../db/schema/crm';
import { csvLines, keysetBatches } from '../../lib/csv';
import {
  containsPattern,
  type KeysetSpec,
  listQuerySchema,
  paginateJsonItems,
  sortCaseInsensitively,
} from '../../lib/keyset-pagination';
import { recordListFilters, textFilter } from '../../lib/list-filters';
import { actorCan, type ServiceContext } from '../../lib/service-context';
import { closingStageNames } from './deal-closing';
import { inOrganization, queryFilter } from '../../lib/tenant-scope';
import { customFieldCsvColumns } from '../custom-fields/custom-field-csv-columns';
import { clientOfDeal, dealCsvColumns, dealExportFields, dealListFieldsFor } from './present-deal';
import { recordExport } from '../audit/record-export';

/** Tags, the created range, and equality on the deal's other fields. */
const dealFilters = recordListFilters(
  { tags: deals.tags, createdAt: deals.createdAt },
  {
    dealName: ['text', deals.dealName],
    leadSource: ['text', deals.leadSource],
    contractDuration: ['text', deals.contractDuration],
    isSampleData: ['flag', deals.isSampleData],
  },
);

/** GET /api/deals (and its CSV export): paging, `?search=` and filters by field name. */
export const listDealsQuerySchema = listQuerySchema.extend({
  stage: textFilter('Stage'),
  assignedOwner: queryFilter(z.guid({ error: 'Invalid user ID' })),
  relatedClient: queryFilter(z.guid({ error: 'Invalid client ID' })),
  dealType: textFilter('Deal type'),
  /** Open, won or lost, as the deal's stage says (deal-closing.ts); uses the (organization, stage) index. */
  state: queryFilter(z.enum(dealStates, { error: invalidDealStateMessage })),
  ...dealFilters.query,
});

export type ListDealsQuery = z.infer<typeof listDealsQuerySchema>;

export const dealListSpec: KeysetSpec = {
  sortable: {
    createdAt: deals.createdAt,
    updatedAt: deals.updatedAt,
    dealName: sortCaseInsensitively(deals.dealName),
    dealValue: deals.dealValue,
    closeProbability: deals.closeProbability,
    stage: deals.stage,
    dealType: sortCaseInsensitively(deals.dealType),
    leadSource: sortCaseInsensitively(deals.leadSource),
    contractDuration: sortCaseInsensitively(deals.contractDuration),
    expectedCloseDate: deals.expectedCloseDate,
  },
  defaultSort: '-createdAt',
  id: deals.id,
};

/**
 * The deal's name, its surplus case (case number, parcel number, property address, county: the
 * indexed caseSearchText expression, verbatim) or its client's name contains the term. The matching clients are found first
 * (their trigram index) and compared as an array, so both sides can be bitmap index scans. The
 * subquery's own `clients` hides the list's joined one.
 */
function searchCondition(ctx: ServiceContext, term: string): SQL | undefined {
  const orgId = ctx.orgId;
  const pattern = containsPattern(term);
  // Finding deals by client names one may not read would tell those names.
  const ownFields = [ilike(deals.dealName, pattern), ilike(caseSearchText(deals.customFields), pattern)];
  if (!actorCan(ctx.actor, 'clients', 'read')) return or(...ownFields);
  return or(
    ...ownFields,
    sql`${deals.relatedClient} = any(array(select ${clients.id} from ${clients}
      where ${clients.organizationId} = ${orgId} and ${clients.displayName} ilike ${pattern}))`,
  );
}

function stateCondition(orgId: string, state: DealState): SQL {
  if (state === 'open') return not(sql`${deals.stage} in ${closingStageNames(orgId)}`);
  return sql`${deals.stage} in ${closingStageNames(orgId, state)}`;
}

export function dealConditions(ctx: ServiceContext, query: ListDealsQuery): SQL {
  return inOrganization(
    deals,
    ctx.orgId,
    query.search ? searchCondition(ctx, query.search) : undefined,
    query.stage ? eq(deals.stage, query.stage) : undefined,
    query.assignedOwner ? eq(deals.assignedOwner, query.assignedOwner) : undefined,
    query.relatedClient ? eq(deals.relatedClient, query.relatedClient) : undefined,
    query.dealType ? eq(deals.dealType, query.dealType) : undefined,
    query.state ? stateCondition(ctx.orgId, query.state) : undefined,
    ...dealFilters.conditions(query),
  );
}

const clientJoin = sql`left join ${clients} on ${clientOfDeal}`;

/**
 * One page of deals, each with its client's name (one left join), and the filtered total. Each
 * item is the deal's JSON as `dealPresenterFor` shows it (`jsonItemOf`).
 */
export async function listDeals(ctx: ServiceContext, query: ListDealsQuery) {
  return paginateJsonItems({
    db: ctx.db,
    from: deals,
    join: clientJoin,
    fields: dealListFieldsFor(ctx.actor),
    where: dealConditions(ctx, query),
    spec: dealListSpec,
    query,
  });
}

/**
 * GET /api/deals/export.csv: the list's rows (same filters, search and sort), streamed, with a
 * column per visible custom field after the standard ones.
 */
export async function exportDeals(ctx: ServiceContext, query: ListDealsQuery) {
  const batches = keysetBatches({
    db: ctx.db,
    from: deals,
    fields: dealExportFields,
    where: dealConditions(ctx, query),
    spec: dealListSpec,
    sort: query.sort,
  });
  const customColumns = await customFieldCsvColumns(ctx, 'deal');
  await recordExport(ctx, 'deals', query);
  const columns = actorCan(ctx.actor, 'clients', 'read')
    ? dealCsvColumns
    : dealCsvColumns.filter((column) => column.header !== 'relatedClient');
  return csvLines([...columns, ...customColumns], batches);
}
