import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  type MergeEntityType,
  type MergeField,
  type MergeValues,
  standardMergeFields,
} from '../../../common/merge-fields';
import { clients, companies, deals, leads } from '../../db/schema/crm';
import { customFields } from '../../db/schema/custom-fields';
import { organizations, users } from '../../db/schema/identity';
import { notFound } from '../../lib/app-error';
import { actorCan, isUuid, type ServiceContext } from '../../lib/service-context';
import { rowInOrganization, type TenantTable } from '../../lib/tenant-scope';
import { clientNotFoundMessage } from '../clients/present-client';
import { companyNotFoundMessage } from '../companies/present-company';
import { dealNotFoundMessage } from '../deals/present-deal';
import { leadNotFoundMessage } from '../leads/present-lead';

/*
 * The values behind the merge fields (src/common/merge-fields.ts) for one record: the
 * organization, the signed-in sender, today's date and the record's own fields, custom fields
 * included. A deal also fills its client's fields. Reading a record needs its read permission;
 * without it (or for another organization's id) the record is "not found", as on its own page.
 */

export interface MergeRecord {
  entityType: MergeEntityType;
  entityId: string;
}

const records: Record<MergeEntityType, { table: TenantTable; category: string; notFound: string }> = {
  lead: { table: leads, category: 'leads', notFound: leadNotFoundMessage },
  client: { table: clients, category: 'clients', notFound: clientNotFoundMessage },
  company: { table: companies, category: 'companies', notFound: companyNotFoundMessage },
  deal: { table: deals, category: 'deals', notFound: dealNotFoundMessage },
};

type Row = Record<string, unknown> & { customFields?: Record<string, unknown> };

/** The catalogue for the editor's palette: the standard fields and the organization's custom fields. */
export async function listMergeFields(ctx: ServiceContext): Promise<MergeField[]> {
  const custom = await ctx.db
    .select({ entityType: customFields.entityType, fieldKey: customFields.fieldKey, name: customFields.name })
    .from(customFields)
    .where(
      and(eq(customFields.organizationId, ctx.orgId), inArray(customFields.entityType, Object.keys(records))),
    )
    .orderBy(asc(customFields.entityType), asc(customFields.orderIndex), asc(customFields.name));
  const standardKeys = new Set(standardMergeFields.map((f) => f.key));
  const customEntries: MergeField[] = custom
    .map((f) => ({
      key: `${f.entityType}.${f.fieldKey}`,
      label: f.name,
      group: f.entityType as MergeEntityType,
      custom: true,
    }))
    // A custom field named like a standard one is reached through the standard one.
    .filter((f) => !standardKeys.has(f.key) && /^[A-Za-z_]\w*$/.test(f.key.split('.')[1] ?? ''));
  return [...standardMergeFields, ...customEntries];
}

/** Fields that hold no record: the organization, the sender and the date. */
export async function loadBaseMergeValues(ctx: ServiceContext, now = new Date()): Promise<MergeValues> {
  const [org] = await ctx.db
    .select({
      name: organizations.name,
      phone: organizations.corporatePhone,
      senderName: organizations.emailFromName,
      senderEmail: organizations.emailFromAddress,
    })
    .from(organizations)
    .where(eq(organizations.id, ctx.orgId));
  const [user] = await ctx.db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phoneNumber,
    })
    .from(users)
    .where(and(eq(users.id, ctx.actor.id), eq(users.organizationId, ctx.orgId)));
  const userName = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  return {
    'organization.name': org?.name,
    'organization.phone': org?.phone,
    'organization.senderName': org?.senderName || userName || org?.name,
    'organization.senderEmail': org?.senderEmail || user?.email,
    'user.firstName': user?.firstName,
    'user.lastName': user?.lastName,
    'user.fullName': userName,
    'user.email': user?.email,
    'user.phone': user?.phone,
    'date.today': formatDate(now),
  };
}

/** Every value for rendering with `record` (404 when the caller may not read it). */
export async function loadMergeValues(ctx: ServiceContext, record?: MergeRecord): Promise<MergeValues> {
  const base = await loadBaseMergeValues(ctx);
  if (!record) return base;
  const row = await readRecord(ctx, record.entityType, record.entityId);
  const kinds = await customFieldKinds(ctx);
  const values: MergeValues = { ...base, ...valuesOf(record.entityType, row, kinds) };
  if (record.entityType === 'deal' && row.relatedClient && actorCan(ctx.actor, 'clients', 'read')) {
    const [client] = await ctx.db
      .select()
      .from(clients)
      .where(rowInOrganization(clients, ctx.orgId, row.relatedClient as string));
    if (client) Object.assign(values, valuesOf('client', client as Row, kinds));
  }
  return values;
}

async function readRecord(ctx: ServiceContext, entityType: MergeEntityType, id: string): Promise<Row> {
  const { table, category, notFound: message } = records[entityType];
  if (!isUuid(id) || !actorCan(ctx.actor, category, 'read')) throw notFound(message);
  const [row] = await ctx.db
    .select()
    .from(table)
    .where(rowInOrganization(table, ctx.orgId, id))
    .limit(1);
  if (!row) throw notFound(message);
  return row as Row;
}

/** `entity.fieldKey` → the custom field's type, to format currency and dates as people write them. */
async function customFieldKinds(ctx: ServiceContext): Promise<Map<string, string>> {
  const rows = await ctx.db
    .select({
      entityType: customFields.entityType,
      fieldKey: customFields.fieldKey,
      fieldType: customFields.fieldType,
    })
    .from(customFields)
    .where(eq(customFields.organizationId, ctx.orgId));
  return new Map(rows.map((r) => [`${r.entityType}.${r.fieldKey}`, r.fieldType ?? 'text']));
}

const textOf = (value: unknown) => (value === null || value === undefined ? '' : String(value));

function valuesOf(entityType: MergeEntityType, row: Row, kinds: Map<string, string>): MergeValues {
  const standard = standardOf(entityType, row, textOf);
  const values: MergeValues = {};
  for (const [key, value] of Object.entries(row.customFields ?? {})) {
    const fullKey = `${entityType}.${key}`;
    values[fullKey] = formatCustom(value, kinds.get(fullKey));
  }
  for (const [name, value] of Object.entries(standard)) values[`${entityType}.${name}`] = value;
  return values;
}

function standardOf(entityType: MergeEntityType, row: Row, text: (v: unknown) => string) {
  switch (entityType) {
    case 'lead': {
      const [firstName, lastName] = splitName(text(row.fullName));
      return {
        fullName: text(row.fullName),
        firstName,
        lastName,
        email: text(row.email),
        phone: text(row.phone),
        businessName: text(row.businessName),
        location: text(row.location),
        leadSource: text(row.leadSource),
        leadStatus: text(row.leadStatus),
      };
    }
    case 'client': {
      const [firstName, lastName] = splitName(text(row.displayName));
      const street = [row.addressLine1, row.addressLine2].filter(Boolean).join(', ');
      const cityLine = [row.city, [row.state, row.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
      return {
        fullName: text(row.displayName),
        firstName,
        lastName,
        email: text(row.email),
        phone: text(row.phone),
        address: [street, cityLine].filter(Boolean).join(', '),
        city: text(row.city),
        state: text(row.state),
        zip: text(row.zip),
      };
    }
    case 'company':
      return {
        name: text(row.companyName),
        website: text(row.website),
        industry: text(row.industry),
        keyContact: text(row.keyContact),
        hqLocation: text(row.hqLocation),
      };
    case 'deal':
      return {
        name: text(row.dealName),
        value:
          row.dealValue === null || row.dealValue === undefined ? '' : formatMoney(Number(row.dealValue)),
        stage: text(row.stage),
        expectedCloseDate: row.expectedCloseDate ? formatDate(String(row.expectedCloseDate)) : '',
      };
  }
}

/** "Jane Q. Doe" → ["Jane", "Q. Doe"]: a greeting needs the first word, the rest is the last name. */
function splitName(name: string): [string, string] {
  const trimmed = name.trim();
  const space = trimmed.indexOf(' ');
  return space === -1 ? [trimmed, ''] : [trimmed.slice(0, space), trimmed.slice(space + 1).trim()];
}

function formatCustom(value: unknown, fieldType: string | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (fieldType === 'currency' && Number.isFinite(Number(value))) return formatMoney(Number(value));
  if (fieldType === 'date' && typeof value === 'string') return formatDate(value);
  if (fieldType === 'checkbox' || typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'object') return '';
  return String(value);
}

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const formatMoney = (value: number) => money.format(value);

/** "March 3, 2026"; a calendar date ('2026-03-03') is read in UTC so it never shifts a day. */
function formatDate(value: string | Date): string {
  const date =
    typeof value === 'string'
      ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value)
      : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
