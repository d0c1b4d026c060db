import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { fieldSections } from '../../db/schema/custom-fields';
import { notFound } from '../../lib/app-error';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { listAnswer, reorderRows } from '../lists/list-entries';
import {
  type CreateFieldSectionInput,
  type CustomFieldEntityType,
  sectionNotFoundMessage,
  type UpdateFieldSectionInput,
} from './custom-field-schemas';

/** /api/field-sections: groups of custom fields on a record's form ("Surplus case"). */

export async function listFieldSections(ctx: ServiceContext, query: { entityType?: CustomFieldEntityType }) {
  const conditions: SQL[] = [eq(fieldSections.organizationId, ctx.orgId)];
  if (query.entityType) conditions.push(eq(fieldSections.entityType, query.entityType));
  const rows = await ctx.db
    .select()
    .from(fieldSections)
    .where(and(...conditions))
    .orderBy(
      asc(fieldSections.entityType),
      asc(fieldSections.orderIndex),
      asc(fieldSections.name),
      asc(fieldSections.id),
    );
  return listAnswer(rows);
}

export async function getFieldSection(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(sectionNotFoundMessage);
  const [row] = await ctx.db
    .select()
    .from(fieldSections)
    .where(and(eq(fieldSections.id, id), eq(fieldSections.organizationId, ctx.orgId)))
    .limit(1);
  if (!row) throw notFound(sectionNotFoundMessage);
  return row;
}

export async function createFieldSection(ctx: ServiceContext, input: CreateFieldSectionInput) {
  const [{ next }] = await ctx.db
    .select({ next: sql<number>`coalesce(max(${fieldSections.orderIndex}) + 1, 0)`.mapWith(Number) })
    .from(fieldSections)
    .where(and(eq(fieldSections.organizationId, ctx.orgId), eq(fieldSections.entityType, input.entityType)));
  const [row] = await ctx.db
    .insert(fieldSections)
    .values({
      organizationId: ctx.orgId,
      name: input.name,
      entityType: input.entityType,
      orderIndex: input.orderIndex ?? next,
      isCollapsible: input.isCollapsible ?? false,
      isExpanded: input.isExpanded ?? true,
    })
    .returning();
  return row;
}

export async function updateFieldSection(ctx: ServiceContext, id: string, input: UpdateFieldSectionInput) {
  if (!isUuid(id)) throw notFound(sectionNotFoundMessage);
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  const [row] = await ctx.db
    .update(fieldSections)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(fieldSections.id, id), eq(fieldSections.organizationId, ctx.orgId)))
    .returning();
  if (!row) throw notFound(sectionNotFoundMessage);
  return row;
}

/** Deletes a section; its fields stay, outside any section (custom_fields.section_id is set null). */
export async function deleteFieldSection(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(sectionNotFoundMessage);
  const deleted = await ctx.db
    .delete(fieldSections)
    .where(and(eq(fieldSections.id, id), eq(fieldSections.organizationId, ctx.orgId)))
    .returning({ id: fieldSections.id });
  if (deleted.length === 0) throw notFound(sectionNotFoundMessage);
}

export async function reorderFieldSections(ctx: ServiceContext, ids: string[]) {
  await reorderRows(ctx, fieldSections, ids, sectionNotFoundMessage);
  const rows = await ctx.db
    .select()
    .from(fieldSections)
    .where(and(eq(fieldSections.organizationId, ctx.orgId), inArray(fieldSections.id, ids)))
    .orderBy(asc(fieldSections.orderIndex), asc(fieldSections.id));
  return listAnswer(rows);
}
