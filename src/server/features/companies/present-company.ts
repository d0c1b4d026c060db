import { getTableColumns } from 'drizzle-orm';
import { companies } from '../../db/schema/crm';
import type { CsvColumn } from '../../lib/csv';
import { pageSerializer } from '../../lib/page-json';
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

/** GET /api/companies pages, written by a serializer compiled for this shape. */
export const serializeCompanyPage = pageSerializer<CompanyItem>({
  id: 'text',
  organizationId: 'text',
  companyName: 'text',
  website: 'text',
  industry: 'text',
  keyContact: 'text',
  employeeCount: 'number',
  estimatedRevenue: 'number',
  hqLocation: 'text',
  companyType: 'text',
  techStack: 'texts',
  relationshipStatus: 'text',
  customTags: 'texts',
  assignedTo: 'text',
  notes: 'text',
  customFields: 'json',
  isSampleData: 'boolean',
  createdAt: 'timestamp',
  updatedAt: 'timestamp',
});

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
