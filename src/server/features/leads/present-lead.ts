import { getTableColumns } from 'drizzle-orm';
import { leads } from '../../db/schema/crm';
import type { CsvColumn } from '../../lib/csv';
import { pageSerializer } from '../../lib/page-json';
import { type Actor, actorCan } from '../../lib/service-context';
import { userNameOf } from '../../lib/tenant-scope';

export const leadNotFoundMessage = 'Lead not found';

/** Every column of a lead: its answer is the data model's record (camelCase), nothing hidden. */
export const leadFields = getTableColumns(leads);

export type LeadRow = typeof leads.$inferSelect;

/** A lead as the API answers it (list items and single records alike). */
export function presentLead(row: LeadRow) {
  return {
    id: row.id,
    organizationId: row.organizationId,
    fullName: row.fullName,
    email: row.email,
    phone: row.phone,
    phoneType: row.phoneType,
    businessName: row.businessName,
    industry: row.industry,
    location: row.location,
    leadSource: row.leadSource,
    leadStatus: row.leadStatus,
    interestLevel: row.interestLevel,
    assignedOwner: row.assignedOwner,
    notes: row.notes,
    customFields: row.customFields,
    tags: row.tags,
    lastContactDate: row.lastContactDate,
    conversionDate: row.conversionDate,
    convertedClientId: row.convertedClientId,
    isSampleData: row.isSampleData,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export type LeadItem = ReturnType<typeof presentLead>;

/** A lead as `actor` may see it: without clients:read it does not point at the client it became. */
export function leadPresenterFor(actor: Actor) {
  if (actorCan(actor, 'clients', 'read')) return presentLead;
  return (row: LeadRow) => ({ ...presentLead(row), convertedClientId: null });
}

/** GET /api/leads pages, written by a serializer compiled for this shape. */
export const serializeLeadPage = pageSerializer<LeadItem>({
  id: 'text',
  organizationId: 'text',
  fullName: 'text',
  email: 'text',
  phone: 'text',
  phoneType: 'text',
  businessName: 'text',
  industry: 'text',
  location: 'text',
  leadSource: 'text',
  leadStatus: 'text',
  interestLevel: 'text',
  assignedOwner: 'text',
  notes: 'text',
  customFields: 'json',
  tags: 'texts',
  lastContactDate: 'timestamp',
  conversionDate: 'timestamp',
  convertedClientId: 'text',
  isSampleData: 'boolean',
  createdAt: 'timestamp',
  updatedAt: 'timestamp',
});

export const leadExportFields = {
  ...leadFields,
  ownerName: userNameOf(leads.assignedOwner, leads.organizationId),
};

type LeadExportRow = LeadRow & { ownerName: string | null };

export const leadCsvColumns: CsvColumn<LeadExportRow>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'fullName', value: (r) => r.fullName },
  { header: 'email', value: (r) => r.email },
  { header: 'phone', value: (r) => r.phone },
  { header: 'phoneType', value: (r) => r.phoneType },
  { header: 'businessName', value: (r) => r.businessName },
  { header: 'industry', value: (r) => r.industry },
  { header: 'location', value: (r) => r.location },
  { header: 'leadSource', value: (r) => r.leadSource },
  { header: 'leadStatus', value: (r) => r.leadStatus },
  { header: 'interestLevel', value: (r) => r.interestLevel },
  { header: 'assignedOwner', value: (r) => r.ownerName },
  { header: 'tags', value: (r) => r.tags },
  { header: 'notes', value: (r) => r.notes },
  { header: 'lastContactDate', value: (r) => r.lastContactDate },
  { header: 'conversionDate', value: (r) => r.conversionDate },
  { header: 'convertedClientId', value: (r) => r.convertedClientId },
  { header: 'createdAt', value: (r) => r.createdAt },
  { header: 'updatedAt', value: (r) => r.updatedAt },
];
