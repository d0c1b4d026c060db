import { getTableColumns } from 'drizzle-orm';
import { companies } from '../../db/schema/crm';
import type { CsvColumn } from '../../lib/csv';
import { jsonItemOf } from '../../lib/json-items';
import { fromNumeric, userNameOf } from '../../lib/tenant-scope';

export const companyNotFoundMessage = 'Company not found';

export const companyFields = getTableColumns(companies);

export type CompanyRow = typeof companies.$inferSelect;

/** A company as the API answers it; estimatedRevenue (numeric) is a number or null. */
export function presentCompany(row: CompanyRow) {
  return {
    id: row.id,
    organizationId: row.organizationId,
    companyName: row.companyName,
    website: row.website,
    industry: row.industry,
    keyContact: row.keyContact,
    employeeCount: row.employeeCount,
    estimatedRevenue: fromNumeric(row.estimatedRevenue),
    hqLocation: row.hqLocation,
    companyType: row.companyType,
    techStack: row.techStack,
    relationshipStatus: row.relationshipStatus,
    customTags: row.customTags,
    assignedTo: row.assignedTo,
    notes: row.notes,
    customFields: row.customFields,
    isSampleData: row.isSampleData,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export type CompanyItem = ReturnType<typeof presentCompany>;

/**
 * The list's selection: each company's id (for the cursor) and its JSON as `presentCompany` answers
 * it, written by PostgreSQL (`jsonItemOf`, docs/decisions/045).
 */
export const companyListFields = {
  id: companies.id,
  json: jsonItemOf<CompanyItem>({
    id: ['text', companies.id],
    organizationId: ['text', companies.organizationId],
    companyName: ['text', companies.companyName],
    website: ['text', companies.website],
    industry: ['text', companies.industry],
    keyContact: ['text', companies.keyContact],
    employeeCount: ['number', companies.employeeCount],
    estimatedRevenue: ['number', companies.estimatedRevenue],
    hqLocation: ['text', companies.hqLocation],
    companyType: ['text', companies.companyType],
    techStack: ['texts', companies.techStack],
    relationshipStatus: ['text', companies.relationshipStatus],
    customTags: ['texts', companies.customTags],
    assignedTo: ['text', companies.assignedTo],
    notes: ['text', companies.notes],
    customFields: ['json', companies.customFields],
    isSampleData: ['boolean', companies.isSampleData],
    createdAt: ['timestamp', companies.createdAt],
    updatedAt: ['timestamp', companies.updatedAt],
  }),
};

export const companyExportFields = {
  ...companyFields,
  ownerName: userNameOf(companies.assignedTo, companies.organizationId),
};

type CompanyExportRow = CompanyRow & { ownerName: string | null };

export const companyCsvColumns: CsvColumn<CompanyExportRow>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'companyName', value: (r) => r.companyName },
  { header: 'website', value: (r) => r.website },
  { header: 'industry', value: (r) => r.industry },
  { header: 'keyContact', value: (r) => r.keyContact },
  { header: 'employeeCount', value: (r) => r.employeeCount },
  { header: 'estimatedRevenue', value: (r) => fromNumeric(r.estimatedRevenue) },
  { header: 'hqLocation', value: (r) => r.hqLocation },
  { header: 'companyType', value: (r) => r.companyType },
  { header: 'techStack', value: (r) => r.techStack },
  { header: 'relationshipStatus', value: (r) => r.relationshipStatus },
  { header: 'customTags', value: (r) => r.customTags },
  { header: 'assignedTo', value: (r) => r.ownerName },
  { header: 'notes', value: (r) => r.notes },
  { header: 'createdAt', value: (r) => r.createdAt },
  { header: 'updatedAt', value: (r) => r.updatedAt },
];
