import { eq, ilike, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { companyRelationshipStatuses } from '../../../common/allowed-values';
import { companies } from '../../db/schema/crm';
import { csvLines, keysetBatches } from '../../lib/csv';
import {
  containsPattern,
  type KeysetSpec,
  listQuerySchema,
  paginateJsonItems,
  sortCaseInsensitively,
} from '../../lib/keyset-pagination';
import { recordListFilters, textFilter } from '../../lib/list-filters';
import type { ServiceContext } from '../../lib/service-context';
import { inOrganization, queryFilter } from '../../lib/tenant-scope';
import { customFieldCsvColumns } from '../custom-fields/custom-field-csv-columns';
import { companyCsvColumns, companyExportFields, companyListFields } from './present-company';
import { recordExport } from '../audit/record-export';

/** Tags, the created range, and equality on the company's other fields. */
const companyFilters = recordListFilters(
  { tags: companies.customTags, createdAt: companies.createdAt },
  {
    companyName: ['text', companies.companyName],
    website: ['text', companies.website],
    keyContact: ['text', companies.keyContact],
    hqLocation: ['text', companies.hqLocation],
    companyType: ['text', companies.companyType],
    isSampleData: ['flag', companies.isSampleData],
  },
  ['tags', 'tag', 'customTags'],
);

/** GET /api/companies (and its CSV export): paging, `?search=` and filters by field name. */
export const listCompaniesQuerySchema = listQuerySchema.extend({
  relationshipStatus: queryFilter(
    z.enum(companyRelationshipStatuses, { error: 'Invalid relationship status' }),
  ),
  assignedTo: queryFilter(z.guid({ error: 'Invalid user ID' })),
  industry: textFilter('Industry'),
  ...companyFilters.query,
});

export type ListCompaniesQuery = z.infer<typeof listCompaniesQuerySchema>;

export const companyListSpec: KeysetSpec = {
  sortable: {
    createdAt: companies.createdAt,
    updatedAt: companies.updatedAt,
    companyName: sortCaseInsensitively(companies.companyName),
    industry: sortCaseInsensitively(companies.industry),
    website: sortCaseInsensitively(companies.website),
    keyContact: sortCaseInsensitively(companies.keyContact),
    hqLocation: sortCaseInsensitively(companies.hqLocation),
    companyType: sortCaseInsensitively(companies.companyType),
    relationshipStatus: companies.relationshipStatus,
    employeeCount: companies.employeeCount,
    estimatedRevenue: companies.estimatedRevenue,
  },
  defaultSort: '-createdAt',
  id: companies.id,
};

export function companyConditions(ctx: ServiceContext, query: ListCompaniesQuery): SQL {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  return inOrganization(
    companies,
    ctx.orgId,
    pattern ? or(ilike(companies.companyName, pattern), ilike(companies.website, pattern)) : undefined,
    query.relationshipStatus ? eq(companies.relationshipStatus, query.relationshipStatus) : undefined,
    query.assignedTo ? eq(companies.assignedTo, query.assignedTo) : undefined,
    query.industry ? eq(companies.industry, query.industry) : undefined,
    ...companyFilters.conditions(query),
  );
}

export async function listCompanies(ctx: ServiceContext, query: ListCompaniesQuery) {
  return paginateJsonItems({
    db: ctx.db,
    from: companies,
    fields: companyListFields,
    where: companyConditions(ctx, query),
    spec: companyListSpec,
    query,
  });
}

/**
 * GET /api/companies/export.csv: the list's rows (same filters, search and sort), streamed, with a
 * column per visible custom field after the standard ones.
 */
export async function exportCompanies(ctx: ServiceContext, query: ListCompaniesQuery) {
  const batches = keysetBatches({
    db: ctx.db,
    from: companies,
    fields: companyExportFields,
    where: companyConditions(ctx, query),
    spec: companyListSpec,
    sort: query.sort,
  });
  const customColumns = await customFieldCsvColumns(ctx, 'company');
  await recordExport(ctx, 'companies', query);
  return csvLines([...companyCsvColumns, ...customColumns], batches);
}
