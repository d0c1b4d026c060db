import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { createClientSchema } from '../../../common/validation/clients';
import { createCompanySchema } from '../../../common/validation/companies';
import { createDealSchema } from '../../../common/validation/deals';
import type { ImportEntityType, MatchBy } from '../../../common/validation/imports';
import { createLeadSchema } from '../../../common/validation/leads';
import { clients, companies, deals, leads, phoneDigits } from '../../db/schema/crm';
import { toCalendarDate, toNumeric, toTimestamp, uniqueTags } from '../../lib/tenant-scope';
import { closedAtOnCreate } from '../deals/deal-closing';

type Input = Record<string, unknown>;
type ImportTable = typeof leads | typeof clients | typeof companies | typeof deals;

/**
 * What the import engine needs of each entity: its table, the create schema a POST checks rows
 * with (the same rules and messages), and the row a create service would insert.
 */
export interface ImportEntity {
  table: ImportTable & PgTable;
  schema: z.ZodType<Input>;
  /** The insert values of a checked input (customFields already resolved). */
  valuesOf: (orgId: string, input: Input) => Record<string, unknown>;
  /** What duplicates are matched on for e-mail / phone (companies and deals: their name). */
  matchKey: (matchBy: Exclude<MatchBy, 'externalId'>) => {
    column: SQL;
    fromInput: (input: Input) => string | null;
  };
  /** The tags column's input key (catalogued after each batch). */
  tagsKey: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);
const lowerOf = (key: string) => (input: Input) => text(input[key])?.trim().toLowerCase() || null;
const digitsOf = (key: string) => (input: Input) => {
  const digits = text(input[key])?.replace(/\D/g, '') ?? '';
  // Fewer digits than a local number would match far too much (as the duplicates check).
  return digits.length >= 7 ? digits : null;
};

function contactMatch(table: typeof leads | typeof clients) {
  return (matchBy: Exclude<MatchBy, 'externalId'>) =>
    matchBy === 'email'
      ? { column: sql`lower(${table.email})`, fromInput: lowerOf('email') }
      : { column: phoneDigits(table.phone), fromInput: digitsOf('phone') };
}

export const importEntities: Record<ImportEntityType, ImportEntity> = {
  leads: {
    table: leads,
    schema: createLeadSchema as unknown as z.ZodType<Input>,
    tagsKey: 'tags',
    matchKey: contactMatch(leads),
    valuesOf: (orgId, input) => ({
      organizationId: orgId,
      fullName: input.fullName,
      email: input.email ?? null,
      phone: input.phone ?? null,
      phoneType: input.phoneType ?? null,
      businessName: input.businessName ?? null,
      industry: input.industry ?? null,
      location: input.location ?? null,
      leadSource: input.leadSource ?? null,
      leadStatus: input.leadStatus,
      interestLevel: input.interestLevel ?? null,
      assignedOwner: input.assignedOwner ?? null,
      notes: input.notes ?? null,
      customFields: input.customFields ?? {},
      tags: uniqueTags(input.tags as string[]),
      lastContactDate: toTimestamp(input.lastContactDate as string | undefined) ?? null,
    }),
  },
  clients: {
    table: clients,
    schema: createClientSchema as unknown as z.ZodType<Input>,
    tagsKey: 'tags',
    matchKey: contactMatch(clients),
    valuesOf: (orgId, input) => ({
      organizationId: orgId,
      displayName: input.displayName,
      email: input.email ?? null,
      phone: input.phone ?? null,
      phoneType: input.phoneType ?? null,
      addressLine1: input.addressLine1 ?? null,
      addressLine2: input.addressLine2 ?? null,
      city: input.city ?? null,
      state: input.state ?? null,
      zip: input.zip ?? null,
      notes: input.notes ?? null,
      status: input.status,
      assignedTo: input.assignedTo ?? null,
      tags: uniqueTags(input.tags as string[]),
      lastContactDate: toTimestamp(input.lastContactDate as string | undefined) ?? null,
      customFields: input.customFields ?? {},
    }),
  },
  companies: {
    table: companies,
    schema: createCompanySchema as unknown as z.ZodType<Input>,
    tagsKey: 'customTags',
    matchKey: () => ({ column: sql`lower(${companies.companyName})`, fromInput: lowerOf('companyName') }),
    valuesOf: (orgId, input) => ({
      organizationId: orgId,
      companyName: input.companyName,
      website: input.website ?? null,
      industry: input.industry ?? null,
      keyContact: input.keyContact ?? null,
      employeeCount: input.employeeCount ?? null,
      estimatedRevenue: toNumeric(input.estimatedRevenue as number | undefined) ?? null,
      hqLocation: input.hqLocation ?? null,
      companyType: input.companyType ?? null,
      techStack: input.techStack ?? [],
      relationshipStatus: input.relationshipStatus,
      customTags: uniqueTags(input.customTags as string[]),
      assignedTo: input.assignedTo ?? null,
      notes: input.notes ?? null,
      customFields: input.customFields ?? {},
    }),
  },
  deals: {
    table: deals,
    schema: createDealSchema as unknown as z.ZodType<Input>,
    tagsKey: 'tags',
    matchKey: () => ({ column: sql`lower(${deals.dealName})`, fromInput: lowerOf('dealName') }),
    valuesOf: (orgId, input) => ({
      organizationId: orgId,
      dealName: input.dealName,
      dealType: input.dealType ?? null,
      leadSource: input.leadSource ?? null,
      // dealValue: set by the engine (a surplus case's fee when blank).
      dealValue: input.dealValue ?? null,
      closeProbability: input.closeProbability ?? null,
      contractDuration: input.contractDuration ?? null,
      stage: input.stage,
      closedAt: closedAtOnCreate(orgId, input.stage as string),
      expectedCloseDate: toCalendarDate(input.expectedCloseDate as string | undefined) ?? null,
      assignedOwner: input.assignedOwner ?? null,
      notes: input.notes ?? null,
      tags: uniqueTags(input.tags as string[]),
      customFields: input.customFields ?? {},
    }),
  },
};
