import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { RelatedEntityType } from '../../../common/validation/objects';
import { objectMessages } from '../../../common/validation/objects';
import type { Database } from '../../db';
import { clients, companies, deals, leads } from '../../db/schema/crm';
import { entityDefinitions, entityRecords } from '../../db/schema/custom-fields';
import { invalidField } from '../../lib/app-error';
import { actorCan, isUuid, type ServiceContext } from '../../lib/service-context';
import type { TenantTable } from '../../lib/tenant-scope';

/*
 * What a relationship may point at: the four standard records and custom records. Their names
 * and pages for the relationship lists, and the check that a target exists and may be read.
 */

type StandardType = Exclude<RelatedEntityType, 'entity_record'>;

const standardTargets: Record<
  StandardType,
  { table: TenantTable; name: PgColumn; category: string; path: (id: string) => string }
> = {
  lead: { table: leads, name: leads.fullName, category: 'leads', path: (id) => `/leads/${id}` },
  client: { table: clients, name: clients.displayName, category: 'clients', path: (id) => `/clients/${id}` },
  company: {
    table: companies,
    name: companies.companyName,
    category: 'companies',
    path: (id) => `/companies?open=${id}`,
  },
  deal: { table: deals, name: deals.dealName, category: 'deals', path: (id) => `/deals/${id}` },
};

/** The category whose read permission shows a related record of `type` (a custom record: its object's). */
export function categoryOfType(type: StandardType): string {
  return standardTargets[type].category;
}

/** The standard types whose records the actor may read. */
export function readableStandardTypes(ctx: ServiceContext): StandardType[] {
  return (Object.keys(standardTargets) as StandardType[]).filter((type) =>
    actorCan(ctx.actor, standardTargets[type].category, 'read'),
  );
}

export interface RecordSummary {
  id: string;
  entityType: string;
  displayName: string;
  data: Record<string, unknown>;
  objectDisplayName: string;
  iconName: string;
  permissionCategory: string;
}

/** Custom records with their object's name and icon. */
export async function recordSummaries(
  db: Database,
  orgId: string,
  ids: string[],
): Promise<Map<string, RecordSummary>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: entityRecords.id,
      entityType: entityRecords.entityType,
      displayName: entityRecords.displayName,
      data: entityRecords.data,
      objectDisplayName: entityDefinitions.displayName,
      iconName: entityDefinitions.iconName,
      permissionCategory: entityDefinitions.permissionCategory,
    })
    .from(entityRecords)
    .innerJoin(
      entityDefinitions,
      and(
        eq(entityDefinitions.organizationId, entityRecords.organizationId),
        eq(entityDefinitions.entityType, entityRecords.entityType),
      ),
    )
    .where(and(eq(entityRecords.organizationId, orgId), inArray(entityRecords.id, [...new Set(ids)])));
  return new Map(rows.map((row) => [row.id, row]));
}

export interface RelatedSummary {
  type: RelatedEntityType;
  id: string;
  name: string;
  path: string;
}

const keyOf = (type: string, id: string) => `${type}:${id}`;

/** Names and pages of related records, keyed `type:id`; one query per type present. */
export async function relatedSummaries(
  db: Database,
  orgId: string,
  refs: { type: RelatedEntityType; id: string }[],
): Promise<Map<string, RelatedSummary>> {
  const found = new Map<string, RelatedSummary>();
  const records = await recordSummaries(
    db,
    orgId,
    refs.filter((ref) => ref.type === 'entity_record').map((ref) => ref.id),
  );
  for (const record of records.values()) {
    found.set(keyOf('entity_record', record.id), {
      type: 'entity_record',
      id: record.id,
      name: record.displayName,
      path: `/objects/${record.entityType}/${record.id}`,
    });
  }
  for (const type of Object.keys(standardTargets) as StandardType[]) {
    const ids = [...new Set(refs.filter((ref) => ref.type === type).map((ref) => ref.id))];
    if (ids.length === 0) continue;
    const target = standardTargets[type];
    const rows = await db
      .select({ id: target.table.id, name: target.name })
      .from(target.table)
      .where(and(eq(target.table.organizationId, orgId), inArray(target.table.id, ids)));
    for (const row of rows) {
      const id = row.id as string;
      found.set(keyOf(type, id), { type, id, name: row.name as string, path: target.path(id) });
    }
  }
  return found;
}

export const relatedKey = keyOf;

const missing = () => invalidField('relatedEntityId', objectMessages.relatedNotFound);

/**
 * 400 "Related record not found" (path relatedEntityId) unless the target is a record of the
 * organization that the caller may read: another organization's, a deleted or an unreadable
 * record are all the same answer.
 */
export async function assertRelatedReadable(ctx: ServiceContext, type: RelatedEntityType, id: string) {
  if (!isUuid(id)) throw missing();
  if (type === 'entity_record') {
    const record = (await recordSummaries(ctx.db, ctx.orgId, [id])).get(id);
    if (!record || !actorCan(ctx.actor, record.permissionCategory, 'read')) throw missing();
    return;
  }
  const target = standardTargets[type];
  if (!actorCan(ctx.actor, target.category, 'read')) throw missing();
  const [row] = await ctx.db
    .select({ id: target.table.id })
    .from(target.table)
    .where(and(eq(target.table.organizationId, ctx.orgId), eq(target.table.id, id)))
    .limit(1);
  if (!row) throw missing();
}
