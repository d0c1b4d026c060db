import { and, arrayContains, asc, eq, ilike, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { CreateTagInput, UpdateTagInput } from '../../../common/validation/tags';
import { maxLength } from '../../../common/validation/common';
import type { Database } from '../../db';
import { clients, companies, deals, leads } from '../../db/schema/crm';
import { tags } from '../../db/schema/identity';
import { conflict, notFound } from '../../lib/app-error';
import { containsPattern } from '../../lib/keyset-pagination';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { isUniqueViolation, listAnswer } from '../lists/list-entries';

/*
 * /api/tags: the organization's tag catalogue (data-model §3). Names are unique per organization,
 * ignoring case; tags have no order or active flag, so the list is by name. Records carry tags by
 * name, so renaming or deleting a tag renames or removes it on them in the same transaction.
 */

export const tagNotFoundMessage = 'Tag not found';
export const duplicateTagMessage = 'A tag with this name already exists';

export const listTagsQuerySchema = z.object({
  search: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().trim().max(maxLength.search, 'Search is too long').optional(),
  ),
});

export type ListTagsQuery = z.infer<typeof listTagsQuerySchema>;

export async function listTags(ctx: ServiceContext, query: ListTagsQuery) {
  const conditions: SQL[] = [eq(tags.organizationId, ctx.orgId)];
  if (query.search) conditions.push(ilike(tags.name, containsPattern(query.search)));
  const rows = await ctx.db
    .select()
    .from(tags)
    .where(and(...conditions))
    .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id));
  return listAnswer(rows);
}

export async function getTag(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(tagNotFoundMessage);
  const [row] = await ctx.db
    .select()
    .from(tags)
    .where(and(eq(tags.id, id), eq(tags.organizationId, ctx.orgId)))
    .limit(1);
  if (!row) throw notFound(tagNotFoundMessage);
  return row;
}

async function assertNameFree(ctx: ServiceContext, name: string, exceptId?: string) {
  const conditions = [eq(tags.organizationId, ctx.orgId), sql`lower(${tags.name}) = lower(${name})`];
  if (exceptId) conditions.push(ne(tags.id, exceptId));
  const [taken] = await ctx.db
    .select({ id: tags.id })
    .from(tags)
    .where(and(...conditions))
    .limit(1);
  if (taken) throw conflict(duplicateTagMessage);
}

async function uniquely<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(duplicateTagMessage);
    throw error;
  }
}

export async function createTag(ctx: ServiceContext, input: CreateTagInput) {
  await assertNameFree(ctx, input.name);
  const [row] = await uniquely(() =>
    ctx.db
      .insert(tags)
      .values({
        organizationId: ctx.orgId,
        name: input.name,
        color: input.color,
        description: input.description ?? null,
      })
      .returning(),
  );
  return row;
}

/** Every record column that holds tag names, with its table (companies call theirs customTags). */
const taggedColumns: { table: PgTable & { organizationId: PgColumn }; column: PgColumn }[] = [
  { table: leads, column: leads.tags },
  { table: clients, column: clients.tags },
  { table: companies, column: companies.customTags },
  { table: deals, column: deals.tags },
];

/**
 * Renames (or, with `to` null, removes) a tag name on the organization's records. Raw SQL: the
 * records were not edited, so updatedAt stays; a record that already has `to` just loses `from`.
 */
async function retagRecords(tx: Database, orgId: string, from: string, to: string | null) {
  for (const { table, column } of taggedColumns) {
    const name = sql.identifier(column.name);
    const next =
      to === null
        ? sql`array_remove(${name}, ${from}::text)`
        : sql`case when ${to}::text = any(${name}) then array_remove(${name}, ${from}::text)
            else array_replace(${name}, ${from}::text, ${to}::text) end`;
    await tx.execute(sql`
      update ${table} set ${name} = ${next}
      where ${table.organizationId} = ${orgId} and ${arrayContains(column, [from])}`);
  }
}

export async function updateTag(ctx: ServiceContext, id: string, input: UpdateTagInput) {
  await getTag(ctx, id);
  if (input.name !== undefined) await assertNameFree(ctx, input.name, id);
  return ctx.db.transaction(async (tx) => {
    // Locked: the name the records carry is the one this rename replaces.
    const [current] = await tx
      .select({ name: tags.name })
      .from(tags)
      .where(and(eq(tags.id, id), eq(tags.organizationId, ctx.orgId)))
      .for('update');
    if (!current) throw notFound(tagNotFoundMessage);
    const [row] = await uniquely(() =>
      tx
        .update(tags)
        .set({
          ...(input.name !== undefined && { name: input.name }),
          ...(input.color !== undefined && { color: input.color }),
          ...(input.description !== undefined && { description: input.description }),
          updatedAt: new Date(),
        })
        .where(and(eq(tags.id, id), eq(tags.organizationId, ctx.orgId)))
        .returning(),
    );
    if (row.name !== current.name) await retagRecords(tx, ctx.orgId, current.name, row.name);
    return row;
  });
}

export async function deleteTag(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(tagNotFoundMessage);
  await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(tags)
      .where(and(eq(tags.id, id), eq(tags.organizationId, ctx.orgId)))
      .returning({ name: tags.name });
    if (!deleted) throw notFound(tagNotFoundMessage);
    await retagRecords(tx, ctx.orgId, deleted.name, null);
  });
}
