import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { EmailRecordType } from '../../../common/validation/email';
import { clients, companies, deals, leads } from '../../db/schema/crm';
import { emailAccounts, emailContactMappings, emails } from '../../db/schema/email';
import type { Database } from '../../db';
import { notFound } from '../../lib/app-error';
import { actorCan, isUuid, type ServiceContext } from '../../lib/service-context';
import { rowInOrganization, type TenantTable } from '../../lib/tenant-scope';

/*
 * Which mail a user sees (docs/decisions/029-mail-on-records.md). A message belongs to the records
 * it is linked to: the leads, clients and companies among its participants
 * (email_contact_mappings, written by storeEmail), and the record it was composed from, kept as
 * the label `<type>:<id>` on the message (a deal has no address of its own, so the label is how
 * mail composed from a deal stays on it). A deal also shows its client's mail. A thread is
 * visible when one of its messages is linked to a record the user may read, or was synced from
 * or sent through the user's own mailbox, or sent by the user.
 */

export const recordCategory = {
  lead: 'leads',
  client: 'clients',
  company: 'companies',
  deal: 'deals',
} as const satisfies Record<EmailRecordType, string>;

const recordTables: Record<EmailRecordType, TenantTable> = {
  lead: leads,
  client: clients,
  company: companies,
  deal: deals,
};

export const recordNotFoundMessages: Record<EmailRecordType, string> = {
  lead: 'Lead not found',
  client: 'Client not found',
  company: 'Company not found',
  deal: 'Deal not found',
};

/** The label that ties a composed message to its record. */
export const recordLabel = (type: EmailRecordType, id: string) => `${type}:${id}`;

/** 404 unless the record exists in the organization and the user may read its category. */
export async function assertReadableRecord(ctx: ServiceContext, type: EmailRecordType, id: string) {
  const message = recordNotFoundMessages[type];
  if (!isUuid(id) || !actorCan(ctx.actor, recordCategory[type], 'read')) throw notFound(message);
  const table = recordTables[type];
  const [row] = await ctx.db
    .select({ id: table.id })
    .from(table)
    .where(rowInOrganization(table, ctx.orgId, id))
    .limit(1);
  if (!row) throw notFound(message);
}

/** The e-mail address of a lead, client or company (a company: none; a deal: its client's). */
export async function recordAddress(db: Database, orgId: string, type: EmailRecordType, id: string) {
  if (type === 'lead') {
    const [row] = await db
      .select({ email: leads.email })
      .from(leads)
      .where(rowInOrganization(leads, orgId, id));
    return row?.email ?? null;
  }
  if (type === 'client') {
    const [row] = await db
      .select({ email: clients.email })
      .from(clients)
      .where(rowInOrganization(clients, orgId, id));
    return row?.email ?? null;
  }
  if (type === 'deal') {
    const [row] = await db
      .select({ email: clients.email })
      .from(deals)
      .innerJoin(clients, and(eq(clients.id, deals.relatedClient), eq(clients.organizationId, orgId)))
      .where(rowInOrganization(deals, orgId, id));
    return row?.email ?? null;
  }
  return null;
}

/** Messages (alias `emails`) linked to one record: the condition on an `emails` row. */
export function linkedToRecord(orgId: string, type: EmailRecordType, id: string): SQL {
  const mapped = (entityType: string, entityId: SQL | string) => sql`exists (
    select 1 from ${emailContactMappings}
    where ${emailContactMappings.organizationId} = ${orgId}
      and ${emailContactMappings.emailId} = ${emails.id}
      and ${emailContactMappings.entityType} = ${entityType}
      and ${emailContactMappings.entityId} = ${entityId})`;
  const labelled = sql`${emails.labels} @> array[${recordLabel(type, id)}]::text[]`;
  if (type === 'deal') {
    const client = sql`(select ${deals.relatedClient} from ${deals} where ${deals.organizationId} = ${orgId} and ${deals.id} = ${id})`;
    return or(labelled, mapped('client', client)) as SQL;
  }
  return or(labelled, mapped(type, id)) as SQL;
}

/** Messages (alias `emails`) the user may see: linked to a record they may read, or of their own mailbox. */
export function visibleToActor(ctx: ServiceContext): SQL {
  const readable = (['lead', 'client', 'company'] as const).filter((type) =>
    actorCan(ctx.actor, recordCategory[type], 'read'),
  );
  const conditions: SQL[] = [
    // The sender always sees what they sent, even to an address no record has.
    sql`${emails.sentBy} = ${ctx.actor.id}`,
    sql`${emails.accountId} in (select ${emailAccounts.id} from ${emailAccounts} where ${emailAccounts.organizationId} = ${ctx.orgId} and ${emailAccounts.userId} = ${ctx.actor.id})`,
  ];
  if (readable.length > 0) {
    conditions.push(sql`exists (
      select 1 from ${emailContactMappings}
      where ${emailContactMappings.organizationId} = ${ctx.orgId}
        and ${emailContactMappings.emailId} = ${emails.id}
        and ${emailContactMappings.entityType} in (${sql.join(
          readable.map((type) => sql`${type}`),
          sql`, `,
        )}))`);
  }
  // A composed message's record label: `lead:…`, `deal:…` (the record's existence is not needed: a deleted record's mail stays with the others it is linked to).
  const labelPrefixes = (['lead', 'client', 'company', 'deal'] as const).filter((type) =>
    actorCan(ctx.actor, recordCategory[type], 'read'),
  );
  if (labelPrefixes.length > 0) {
    conditions.push(
      sql`exists (select 1 from unnest(${emails.labels}) as label where ${or(
        ...labelPrefixes.map((type) => sql`label like ${`${type}:%`}`),
      )})`,
    );
  }
  return or(...conditions) as SQL;
}
