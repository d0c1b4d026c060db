import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { entityDefinitions, entityRecords } from '../../db/schema/custom-fields';
import { containsPattern } from '../../lib/keyset-pagination';
import type { ServiceContext } from '../../lib/service-context';
import { readableCategories } from './object-access';

/** Records of the organization's active objects whose category the caller may read. */
function readableObjectJoin(ctx: ServiceContext) {
  return and(
    eq(entityDefinitions.organizationId, entityRecords.organizationId),
    eq(entityDefinitions.entityType, entityRecords.entityType),
    eq(entityDefinitions.isActive, true),
    inArray(entityDefinitions.permissionCategory, readableCategories(ctx.actor)),
  );
}

/**
 * The palette's custom records (GET /api/search): matched by display name and text fields
 * (search_text, trigram index), name prefix matches first, only objects the caller may read.
 */
export async function searchEntityRecords(ctx: ServiceContext, term: string, limit: number) {
  if (readableCategories(ctx.actor).length === 0) return [];
  const prefix = `${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await ctx.db
    .select({
      id: entityRecords.id,
      displayName: entityRecords.displayName,
      entityType: entityRecords.entityType,
      objectName: entityDefinitions.displayName,
    })
    .from(entityRecords)
    .innerJoin(entityDefinitions, readableObjectJoin(ctx))
    .where(
      and(
        eq(entityRecords.organizationId, ctx.orgId),
        sql`${entityRecords.searchText} like ${containsPattern(term.toLowerCase())}`,
      ),
    )
    .orderBy(
      desc(sql`(lower(${entityRecords.displayName}) like ${prefix})`),
      asc(sql`lower(${entityRecords.displayName})`),
      asc(entityRecords.id),
    )
    .limit(limit);
  return rows.map((row) => ({
    kind: 'entity_record' as const,
    id: row.id,
    title: row.displayName,
    subtitle: row.objectName,
    entityType: row.entityType,
    url: `/objects/${row.entityType}/${row.id}`,
  }));
}

/** The dashboard's `objects`: each active object the caller may read, with its record count. */
export async function objectRecordCounts(ctx: ServiceContext) {
  if (readableCategories(ctx.actor).length === 0) return [];
  const rows = await ctx.db
    .select({
      entityType: entityDefinitions.entityType,
      pluralName: entityDefinitions.pluralName,
      displayName: entityDefinitions.displayName,
      iconName: entityDefinitions.iconName,
      count: count(entityRecords.id),
    })
    .from(entityDefinitions)
    .leftJoin(
      entityRecords,
      and(
        eq(entityRecords.organizationId, entityDefinitions.organizationId),
        eq(entityRecords.entityType, entityDefinitions.entityType),
      ),
    )
    .where(
      and(
        eq(entityDefinitions.organizationId, ctx.orgId),
        eq(entityDefinitions.isActive, true),
        inArray(entityDefinitions.permissionCategory, readableCategories(ctx.actor)),
      ),
    )
    .groupBy(entityDefinitions.id)
    .orderBy(asc(entityDefinitions.displayOrder), asc(entityDefinitions.displayName));
  return rows.map((row) => ({
    entityType: row.entityType,
    pluralName: row.pluralName ?? row.displayName,
    iconName: row.iconName,
    count: row.count,
  }));
}
