import { getTableColumns } from 'drizzle-orm';
import { leads } from '../../db/schema/crm';
import type { CsvColumn } from '../../lib/csv';
import { type JsonItemLayout, jsonListFieldsFor } from '../../lib/json-items';
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

/** A lead as the list writes it in SQL (`jsonItemOf`): `presentLead`'s fields, in its order. */
function leadJsonLayout(clientVisible: boolean): JsonItemLayout<LeadItem> {
  return {
    id: ['text', leads.id],
    organizationId: ['text', leads.organizationId],
    fullName: ['text', leads.fullName],
    email: ['text', leads.email],
    phone: ['text', leads.phone],
    phoneType: ['text', leads.phoneType],
    businessName: ['text', leads.businessName],
    industry: ['text', leads.industry],
    location: ['text', leads.location],
    leadSource: ['text', leads.leadSource],
    leadStatus: ['text', leads.leadStatus],
    interestLevel: ['text', leads.interestLevel],
    assignedOwner: ['text', leads.assignedOwner],
    notes: ['text', leads.notes],
    customFields: ['json', leads.customFields],
    tags: ['texts', leads.tags],
    lastContactDate: ['timestamp', leads.lastContactDate],
    conversionDate: ['timestamp', leads.conversionDate],
    convertedClientId: clientVisible ? ['text', leads.convertedClientId] : null,
    isSampleData: ['boolean', leads.isSampleData],
    createdAt: ['timestamp', leads.createdAt],
    updatedAt: ['timestamp', leads.updatedAt],
  };
}

/** The list's selection for an actor: each lead's id and JSON, as `leadPresenterFor(actor)` shows it. */
export const leadListFieldsFor = jsonListFieldsFor(leads.id, leadJsonLayout);

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
