import { eq, ilike, like, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { interestLevels, leadStatuses } from '../../../common/allowed-values';
import { caseSearchText, leads, phoneDigits } from '../../db/schema/crm';
import { csvLines, keysetBatches } from '../../lib/csv';
import {
  containsPattern,
  ilikeContains,
  type KeysetSpec,
  listQuerySchema,
  paginateJsonItems,
  paginateSearch,
  searchRanking,
  sortCaseInsensitively,
} from '../../lib/keyset-pagination';
import { recordListFilters, textFilter } from '../../lib/list-filters';
import { itemJsonOf, jsonItemsPageOf } from '../../lib/json-items';
import { mayBeInEmail } from '../../lib/search-terms';
import { actorCan, type ServiceContext } from '../../lib/service-context';
import { inOrganization, queryFilter } from '../../lib/tenant-scope';
import { customFieldCsvColumns } from '../custom-fields/custom-field-csv-columns';
import { leadCsvColumns, leadExportFields, leadListFieldsFor } from './present-lead';
import { recordExport } from '../audit/record-export';

/** Tags, the created range, and equality on the lead's other fields. */
const leadFilters = recordListFilters(
  { tags: leads.tags, createdAt: leads.createdAt },
  {
    fullName: ['text', leads.fullName],
    email: ['email', leads.email],
    phone: ['text', leads.phone],
    phoneType: ['text', leads.phoneType],
    businessName: ['text', leads.businessName],
    industry: ['text', leads.industry],
    location: ['text', leads.location],
    convertedClientId: ['id', leads.convertedClientId],
    isSampleData: ['flag', leads.isSampleData],
  },
);

/** GET /api/leads (and its CSV export): paging, `?search=` and filters by field name. */
export const listLeadsQuerySchema = listQuerySchema.extend({
  leadStatus: queryFilter(z.enum(leadStatuses, { error: 'Invalid lead status' })),
  interestLevel: queryFilter(z.enum(interestLevels, { error: 'Invalid interest level' })),
  leadSource: textFilter('Lead source'),
  assignedOwner: queryFilter(z.guid({ error: 'Invalid user ID' })),
  ...leadFilters.query,
});

export type ListLeadsQuery = z.infer<typeof listLeadsQuerySchema>;

export const leadListSpec: KeysetSpec = {
  sortable: {
    createdAt: leads.createdAt,
    updatedAt: leads.updatedAt,
    fullName: sortCaseInsensitively(leads.fullName),
    email: sortCaseInsensitively(leads.email),
    phone: leads.phone,
    phoneType: leads.phoneType,
    businessName: sortCaseInsensitively(leads.businessName),
    industry: sortCaseInsensitively(leads.industry),
    location: sortCaseInsensitively(leads.location),
    leadStatus: leads.leadStatus,
    interestLevel: leads.interestLevel,
    leadSource: sortCaseInsensitively(leads.leadSource),
    lastContactDate: leads.lastContactDate,
    conversionDate: leads.conversionDate,
  },
  defaultSort: '-createdAt',
  id: leads.id,
};

/** A search term that looks like a phone number (digits and punctuation) is compared by digits. */
export const phoneLike = /^[\d\s()+\-.]+$/;

/** The leads a search term finds (trigram indexes back each branch). */
export function leadSearchMatch(search: string): SQL | undefined {
  const pattern = containsPattern(search);
  const digits = search.replace(/\D/g, '');
  return or(
    // A term of several words asks the name index for its words (`ilikeContains`).
    ilikeContains(leads.fullName, search),
    mayBeInEmail(search) ? ilike(leads.email, pattern) : undefined,
    ilike(leads.businessName, pattern),
    // Case number, parcel number, property address, county: the indexed expression, verbatim.
    ilike(caseSearchText(leads.customFields), pattern),
    phoneLike.test(search) && digits ? like(phoneDigits(leads.phone), `%${digits}%`) : undefined,
  );
}

/** The list's conditions: always the caller's organization first. */
export function leadConditions(ctx: ServiceContext, query: ListLeadsQuery): SQL {
  const filters: (SQL | undefined)[] = [];
  if (query.search) filters.push(leadSearchMatch(query.search));
  if (query.leadStatus) filters.push(eq(leads.leadStatus, query.leadStatus));
  if (query.interestLevel) filters.push(eq(leads.interestLevel, query.interestLevel));
  if (query.leadSource) filters.push(eq(leads.leadSource, query.leadSource));
  if (query.assignedOwner) filters.push(eq(leads.assignedOwner, query.assignedOwner));
  filters.push(...leadFilters.conditions(query));
  return inOrganization(leads, ctx.orgId, ...filters);
}

/** A page of leads, each item the lead's JSON as `leadPresenterFor` shows it (`jsonItemOf`). */
export async function listLeads(ctx: ServiceContext, query: ListLeadsQuery) {
  const list = { db: ctx.db, from: leads, fields: leadListFieldsFor(ctx.actor), spec: leadListSpec, query };
  // A search: best matches first (unless sorted), reading a bounded number of them.
  if (query.search) {
    const where = leadConditions(ctx, { ...query, search: undefined });
    const matches = leadSearchMatch(query.search);
    return jsonItemsPageOf(
      await paginateSearch(
        { ...list, where, matches, ranking: searchRanking(leads.fullName, query.search) },
        itemJsonOf,
      ),
    );
  }
  return paginateJsonItems({ ...list, where: leadConditions(ctx, query) });
}

/**
 * GET /api/leads/export.csv: the list's rows (same filters, search and sort), streamed, with a
 * column per visible custom field after the standard ones.
 */
export async function exportLeads(ctx: ServiceContext, query: ListLeadsQuery) {
  const batches = keysetBatches({
    db: ctx.db,
    from: leads,
    fields: leadExportFields,
    where: leadConditions(ctx, query),
    spec: leadListSpec,
    sort: query.sort,
  });
  const customColumns = await customFieldCsvColumns(ctx, 'lead');
  await recordExport(ctx, 'leads', query);
  const columns = actorCan(ctx.actor, 'clients', 'read')
    ? leadCsvColumns
    : leadCsvColumns.filter((column) => column.header !== 'convertedClientId');
  return csvLines([...columns, ...customColumns], batches);
}
