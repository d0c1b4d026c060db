import { and, asc, desc, eq, getTableName, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db';
import { dealReasons, dealStatuses, type revenueTypes, stages } from '../../db/schema/lists';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { type ListResource, notFoundMessage } from './list-resources';

/*
 * The generic configurable-list service: every query carries the caller's organization, lists
 * are small (no paging, but the list answer's shape), and names the catalogue checks.
 */

/** The columns every list table shares, for building queries over any of them. */
type AnyList = typeof revenueTypes;
export type ListRow = AnyList['$inferSelect'] & Record<string, unknown>;

const columnsOf = (resource: ListResource) => resource.table as unknown as AnyList;

export const systemStatusMessage = 'System statuses cannot be deleted';

export interface ListFilters {
  active?: boolean;
  /** The field's own name for `active`. */
  isActive?: boolean;
  type?: 'won' | 'loss';
  pipelineId?: string;
}

export interface ListAnswer<T> {
  items: T[];
  nextCursor: null;
  total: number;
}

export const listAnswer = <T>(items: T[]): ListAnswer<T> => ({
  items,
  nextCursor: null,
  total: items.length,
});

/** Postgres unique violation (drizzle wraps the driver error in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Runs a write; a duplicate name becomes a 409 with the resource's message. */
export async function withDuplicateCheck<T>(resource: ListResource, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (resource.duplicateMessage && isUniqueViolation(error)) throw conflict(resource.duplicateMessage);
    throw error;
  }
}

export function listConditions(ctx: ServiceContext, resource: ListResource, filters: ListFilters): SQL[] {
  const t = columnsOf(resource);
  const conditions = [eq(t.organizationId, ctx.orgId)];
  const active = filters.active ?? filters.isActive;
  if (active !== undefined) conditions.push(eq(t.isActive, active));
  if (filters.type && resource.table === dealReasons) conditions.push(eq(dealReasons.type, filters.type));
  if (filters.pipelineId && resource.table === stages)
    conditions.push(eq(stages.pipelineId, filters.pipelineId));
  return conditions;
}

export async function listEntries(
  ctx: ServiceContext,
  resource: ListResource,
  filters: ListFilters = {},
): Promise<ListAnswer<ListRow>> {
  const t = columnsOf(resource);
  // Stages by pipeline; reasons won first, then loss.
  const order =
    resource.table === stages
      ? [asc(stages.pipelineId)]
      : resource.table === dealReasons
        ? [desc(dealReasons.type)]
        : [];
  const rows = await ctx.db
    .select()
    .from(t)
    .where(and(...listConditions(ctx, resource, filters)))
    .orderBy(...order, asc(t.orderIndex), asc(t.name), asc(t.id));
  return listAnswer(rows as ListRow[]);
}

/** The caller's entry, or 404 (also for another organization's id: existence is not revealed). */
export async function findEntry(
  db: Database,
  orgId: string,
  resource: ListResource,
  id: string,
): Promise<ListRow> {
  if (!isUuid(id)) throw notFound(notFoundMessage(resource));
  const t = columnsOf(resource);
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.id, id), eq(t.organizationId, orgId)))
    .limit(1);
  if (!row) throw notFound(notFoundMessage(resource));
  return row as ListRow;
}

export async function getEntry(ctx: ServiceContext, resource: ListResource, id: string) {
  return findEntry(ctx.db, ctx.orgId, resource, id);
}

/** The next free position at the end of the list (of the pipeline for stages, of the type for reasons). */
export async function nextOrderIndex(
  db: Database,
  orgId: string,
  resource: ListResource,
  input: Record<string, unknown>,
) {
  const t = columnsOf(resource);
  const scope = [eq(t.organizationId, orgId)];
  if (resource.table === stages && typeof input.pipelineId === 'string') {
    scope.push(eq(stages.pipelineId, input.pipelineId));
  }
  if (resource.table === dealReasons && (input.type === 'won' || input.type === 'loss')) {
    scope.push(eq(dealReasons.type, input.type));
  }
  const [{ next }] = await db
    .select({ next: sql<number>`coalesce(max(${t.orderIndex}) + 1, 0)`.mapWith(Number) })
    .from(t)
    .where(and(...scope));
  return next;
}

export async function createEntry(
  ctx: ServiceContext,
  resource: ListResource,
  input: Record<string, unknown>,
  db: Database = ctx.db,
): Promise<ListRow> {
  const t = columnsOf(resource);
  const orderIndex =
    (input.orderIndex as number | undefined) ?? (await nextOrderIndex(db, ctx.orgId, resource, input));
  const values = { ...input, organizationId: ctx.orgId, orderIndex } as AnyList['$inferInsert'];
  const [row] = await withDuplicateCheck(resource, () => db.insert(t).values(values).returning());
  return row as ListRow;
}

export async function updateEntry(
  ctx: ServiceContext,
  resource: ListResource,
  id: string,
  input: Record<string, unknown>,
  db: Database = ctx.db,
): Promise<ListRow> {
  if (!isUuid(id)) throw notFound(notFoundMessage(resource));
  const t = columnsOf(resource);
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  const update = (tx: Database) =>
    withDuplicateCheck(resource, () =>
      tx
        .update(t)
        .set({ ...changes, updatedAt: new Date() } as Partial<AnyList['$inferInsert']>)
        .where(and(eq(t.id, id), eq(t.organizationId, ctx.orgId)))
        .returning(),
    );
  const namedIn = resource.namedIn;
  if (!namedIn || typeof changes.name !== 'string') {
    const [row] = await update(db);
    if (!row) throw notFound(notFoundMessage(resource));
    return row as ListRow;
  }
  const name = changes.name;
  return db.transaction(async (tx) => {
    const before = await findEntry(tx, ctx.orgId, resource, id);
    const [row] = await update(tx);
    if (before.name !== name) {
      // Raw SQL: the records were not edited by anyone (their updatedAt stays).
      for (const { organizationId, column } of namedIn) {
        await tx.execute(sql`
          update ${sql.identifier(getTableName(column.table))} set ${sql.identifier(column.name)} = ${name}
          where ${organizationId} = ${ctx.orgId} and ${column} = ${before.name}`);
      }
    }
    return row as ListRow;
  });
}

export async function deleteEntry(
  ctx: ServiceContext,
  resource: ListResource,
  id: string,
  db: Database = ctx.db,
) {
  if (!isUuid(id)) throw notFound(notFoundMessage(resource));
  if (resource.table === dealStatuses) {
    const status = await findEntry(db, ctx.orgId, resource, id);
    if (status.isSystem) throw conflict(systemStatusMessage);
  }
  const t = columnsOf(resource);
  const deleted = await db
    .delete(t)
    .where(and(eq(t.id, id), eq(t.organizationId, ctx.orgId)))
    .returning({ id: t.id });
  if (deleted.length === 0) throw notFound(notFoundMessage(resource));
}

/** A tenant table with a position: configurable lists, custom fields, field sections. */
export interface OrderedTable {
  id: PgColumn;
  organizationId: PgColumn;
  orderIndex: PgColumn;
}

/**
 * Sets orderIndex 0, 1, 2, … in the order of `ids`, in one statement inside a transaction. Every
 * id must be the caller's row of this table, else 404 (`missingMessage`) and nothing changes.
 */
export async function reorderRows(
  ctx: ServiceContext,
  table: PgTable & OrderedTable,
  ids: string[],
  missingMessage: string,
) {
  const idArray = sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
  await ctx.db.transaction(async (tx) => {
    const updated = await tx.execute(sql`
      update ${table} set ${sql.identifier(table.orderIndex.name)} = v.ord - 1, ${sql.identifier('updated_at')} = now()
      from unnest(${idArray}) with ordinality as v(id, ord)
      where ${table.id} = v.id and ${table.organizationId} = ${ctx.orgId}
      returning ${table.id}`);
    const count = (updated as unknown as { rows: unknown[] }).rows.length;
    if (count !== ids.length) throw new AppError(404, missingMessage);
  });
}

/** POST /api/<list>/reorder: answers the reordered entries in their new order. */
export async function reorderEntries(
  ctx: ServiceContext,
  resource: ListResource,
  ids: string[],
): Promise<ListAnswer<ListRow>> {
  const t = columnsOf(resource);
  await reorderRows(ctx, t, ids, notFoundMessage(resource));
  const rows = await ctx.db
    .select()
    .from(t)
    .where(and(eq(t.organizationId, ctx.orgId), inArray(t.id, ids)))
    .orderBy(asc(t.orderIndex), asc(t.id));
  return listAnswer(rows as ListRow[]);
}
