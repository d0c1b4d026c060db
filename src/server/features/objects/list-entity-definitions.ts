import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { entityDefinitions, entityRecords } from '../../db/schema/custom-fields';
import type { ServiceContext } from '../../lib/service-context';
import { queryFilter } from '../../lib/tenant-scope';
import { loadObjectFields } from './get-entity-definition';
import { readableCategories } from './object-access';
import { definitionFields, presentDefinition } from './present-entity-definition';

export const listDefinitionsQuerySchema = z.object({
  includeInactive: queryFilter(z.enum(['true', 'false'], { error: 'includeInactive must be true or false' })),
});

/**
 * GET /api/entity-definitions: the organization's objects (active ones unless
 * `includeInactive=true`) with their fields, by displayOrder then name. `recordCount` is given
 * for the objects whose records the caller may read.
 */
export async function listEntityDefinitions(
  ctx: ServiceContext,
  query: z.infer<typeof listDefinitionsQuerySchema>,
) {
  const conditions: SQL[] = [eq(entityDefinitions.organizationId, ctx.orgId)];
  if (query.includeInactive !== 'true') conditions.push(eq(entityDefinitions.isActive, true));
  const rows = await ctx.db
    .select(definitionFields)
    .from(entityDefinitions)
    .where(and(...conditions))
    .orderBy(asc(entityDefinitions.displayOrder), asc(entityDefinitions.displayName));
  const fields = await loadObjectFields(
    ctx.db,
    ctx.orgId,
    rows.map((row) => row.id),
  );
  const readable = new Set<string>(readableCategories(ctx.actor));
  const countedTypes = rows
    .filter((row) => readable.has(row.permissionCategory))
    .map((row) => row.entityType);
  const counts = new Map<string, number>();
  if (countedTypes.length > 0) {
    const countRows = await ctx.db
      .select({ entityType: entityRecords.entityType, records: count() })
      .from(entityRecords)
      .where(
        and(eq(entityRecords.organizationId, ctx.orgId), inArray(entityRecords.entityType, countedTypes)),
      )
      .groupBy(entityRecords.entityType);
    for (const row of countRows) counts.set(row.entityType, row.records);
  }
  const items = rows.map((row) =>
    presentDefinition(
      row,
      fields.filter((field) => field.entityDefinitionId === row.id),
      readable.has(row.permissionCategory) ? (counts.get(row.entityType) ?? 0) : undefined,
    ),
  );
  return { items, nextCursor: null, total: items.length };
}
