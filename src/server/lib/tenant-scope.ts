import { and, eq, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { tagName } from '../../common/validation/common';
import type { Database } from '../db';
import { catalogueTags } from './tag-catalogue';
import { users } from '../db/schema/identity';
import { notFound } from './app-error';
import type { WebhookEventType } from '../../common/validation/integrations';
import { emitWebhookEvents } from '../features/webhooks/emit-webhook-event';
import type { Transaction } from './transaction';
import { isUuid } from './service-context';
import { entryOf } from '../../common/map-entry';

/*
 * The one way CRM services reach tenant rows (DESIGN §4): every condition starts with the
 * caller's organization, every referenced id is checked against it, and bulk writes can only
 * touch the organization's own rows. A foreign id is indistinguishable from a missing one (404).
 */

/** A table owned by an organization. */
export type TenantTable = PgTable & { id: PgColumn; organizationId: PgColumn };

/** `organization_id = orgId and …`: the start of every tenant query. */
export function inOrganization(table: TenantTable, orgId: string, ...conditions: (SQL | undefined)[]): SQL {
  if (conditions.every((condition) => condition === undefined)) return organizationOnly(table, orgId);
  return and(eq(table.organizationId, orgId), ...conditions) as SQL;
}

/** Organizations whose bare condition is kept per table; past it the memory starts again. */
const keptOrganizations = 1000;
const organizationConditions = new WeakMap<TenantTable, Map<string, SQL>>();

/**
 * The condition of an unfiltered list, the same object for every request of one organization: a
 * list keeps the text written from it (`paginate`), so the most common page builds no SQL.
 * Nothing appends to or inlines a condition, so sharing one is safe.
 */
function organizationOnly(table: TenantTable, orgId: string): SQL {
  const byOrganization = entryOf(organizationConditions, table, () => new Map<string, SQL>());
  let condition = byOrganization.get(orgId);
  if (!condition) {
    if (byOrganization.size >= keptOrganizations) byOrganization.clear();
    condition = and(eq(table.organizationId, orgId)) as SQL;
    byOrganization.set(orgId, condition);
  }
  return condition;
}

/** One row of the organization by id. */
export function rowInOrganization(table: TenantTable, orgId: string, id: string): SQL {
  return inOrganization(table, orgId, eq(table.id, id));
}

/** 404 `message` unless `id` names a row of the organization's `table`. */
export async function assertInOrganization(
  db: Database,
  orgId: string,
  table: TenantTable,
  id: string,
  message: string,
): Promise<void> {
  if (!isUuid(id)) throw notFound(message);
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(rowInOrganization(table, orgId, id))
    .limit(1);
  if (!row) throw notFound(message);
}

/** An id a request body refers to (owner, client, lead, deal…); null/undefined means "none given". */
export interface Reference {
  table: TenantTable;
  id: string | null | undefined;
  message: string;
}

/** Every given reference must belong to the caller's organization: never link across tenants. */
export async function assertReferences(db: Database, orgId: string, references: Reference[]) {
  for (const { table, id, message } of references) {
    if (id) await assertInOrganization(db, orgId, table, id, message);
  }
}

// ---- Bulk actions: POST /api/{leads,clients,companies,deals}/bulk ----

export const bulkActions = ['update', 'delete', 'addTag', 'removeTag'] as const;
export type BulkAction = (typeof bulkActions)[number];
export const maxBulkIds = 500;
export const maxExcludedIds = 10_000;

/**
 * The bulk body; `changes` is the resource's own subset of its update schema. It names its
 * records either by `ids`, or by `filter` (the list's own query, parsed by its GET's schema: "all
 * N matching") less `excludeIds` (docs/decisions/020). An unknown filter key is refused rather
 * than ignored, so a misspelt filter can never widen a delete to the whole organization.
 */
export function bulkSchemaOf<C extends z.ZodObject, F extends z.ZodObject>(changes: C, filter: F) {
  return z
    .object({
      ids: z
        .array(z.guid({ error: 'Invalid ID' }), { error: 'Select at least one record' })
        .min(1, 'Select at least one record')
        .max(maxBulkIds, `At most ${maxBulkIds} records can be changed at once`)
        .optional(),
      // Strict only adds the refusal of unknown keys; the parsed filter is the list query's own type.
      filter: (filter.strict() as unknown as F).optional(),
      excludeIds: z
        .array(z.guid({ error: 'Invalid ID' }))
        .max(maxExcludedIds, `At most ${maxExcludedIds} records can be left out`)
        .optional(),
      action: z.enum(bulkActions, { error: 'Invalid action' }),
      changes: changes.optional(),
      tag: tagName('Tag is required', 'Tag is required').optional(),
      /** Count what the action would apply to (`{ total }`, exact) and change nothing: the count to confirm. */
      dryRun: z.boolean({ error: 'dryRun must be true or false' }).optional(),
    })
    .superRefine((body, ctx) => {
      if (body.ids === undefined && body.filter === undefined) {
        ctx.addIssue({ code: 'custom', path: ['ids'], message: 'Select at least one record' });
      }
      if (body.ids !== undefined && body.filter !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['filter'], message: 'Send either ids or a filter, not both' });
      }
      if (body.excludeIds !== undefined && body.filter === undefined) {
        ctx.addIssue({ code: 'custom', path: ['excludeIds'], message: 'Excluded ids go with a filter' });
      }
      // A count needs no change yet: the user chooses it after seeing how many records it touches.
      if (body.dryRun) return;
      if (body.action === 'update' && Object.values(body.changes ?? {}).every((v) => v === undefined)) {
        ctx.addIssue({ code: 'custom', path: ['changes'], message: 'Choose at least one change' });
      }
      if ((body.action === 'addTag' || body.action === 'removeTag') && !body.tag) {
        ctx.addIssue({ code: 'custom', path: ['tag'], message: 'Tag is required' });
      }
    });
}

/** Deleting needs the resource's delete permission; every other bulk action changes rows (update). */
export function bulkPermission(action: BulkAction): 'update' | 'delete' {
  return action === 'delete' ? 'delete' : 'update';
}

/** The validated body as the operation `bulkApply` runs. */
export function bulkOperationOf(body: {
  action: BulkAction;
  changes?: Record<string, unknown>;
  tag?: string;
}): BulkOperation {
  switch (body.action) {
    case 'delete':
      return { action: 'delete' };
    case 'update':
      return {
        action: 'update',
        set: Object.fromEntries(Object.entries(body.changes ?? {}).filter(([, v]) => v !== undefined)),
      };
    default:
      return { action: body.action, tag: body.tag ?? '' };
  }
}

export type BulkOperation =
  | { action: 'update'; set: Record<string, unknown> }
  | { action: 'delete' }
  | { action: 'addTag' | 'removeTag'; tag: string };

/** The table a bulk action changes, and the name of its tags column. */
export interface BulkTarget {
  table: TenantTable;
  tagsKey: string;
  /** Webhook events of the change, queued in each batch's transaction (CRM records). */
  events?: BulkEvents;
}

/** How a bulk action tells webhooks: the event types, and the changed rows as the API presents them. */
export interface BulkEvents {
  updated: WebhookEventType;
  deleted: WebhookEventType;
  present: (tx: Database, rows: Record<string, unknown>[]) => Promise<Record<string, unknown>[]>;
  /** Reads what an update replaces (a deal's stage) before it runs; handed to `afterUpdate`. */
  beforeUpdate?: (tx: Database, where: SQL) => Promise<unknown>;
  /** Further events from the rows as they were and as presented now (deal.stage_changed). */
  afterUpdate?: (
    tx: Database,
    before: unknown,
    present: () => Promise<Record<string, unknown>[]>,
  ) => Promise<void>;
}

/**
 * One statement over the organization's rows among `ids` (others' ids simply do not match),
 * in a transaction; answers how many rows it touched. Tags are added once and removed entirely.
 */
export async function bulkApply(
  db: Database,
  orgId: string,
  target: BulkTarget,
  ids: string[],
  operation: BulkOperation,
  afterDelete?: AfterBulkDelete,
): Promise<number> {
  const where = inOrganization(target.table, orgId, inArray(target.table.id, [...new Set(ids)]));
  return db.transaction((tx) => applyToRows(tx, orgId, target, where, operation, afterDelete));
}

/** Runs in the same transaction once rows are deleted (the audit log's entry). */
export type AfterBulkDelete = (tx: Database, deletedIds: string[]) => Promise<unknown>;

/** The operation as one statement over `where` (which includes the organization), inside `tx`. */
export async function applyToRows(
  tx: Database,
  orgId: string,
  { table, tagsKey, events }: BulkTarget,
  where: SQL,
  operation: BulkOperation,
  afterDelete?: AfterBulkDelete,
): Promise<number> {
  const tags = (table as unknown as Record<string, PgColumn>)[tagsKey];
  const returning = { id: table.id };
  if (operation.action === 'delete') {
    const deleted = await tx.delete(table).where(where).returning(returning);
    if (deleted.length > 0)
      await afterDelete?.(
        tx,
        deleted.map((row) => row.id as string),
      );
    if (events && deleted.length > 0) {
      await emitWebhookEvents(tx as unknown as Transaction, orgId, events.deleted, async () =>
        deleted.map((row) => ({ id: row.id as string })),
      );
    }
    return deleted.length;
  }
  const before = events?.beforeUpdate ? await events.beforeUpdate(tx, where) : undefined;
  let set: Record<string, unknown>;
  if (operation.action === 'update') set = operation.set;
  else if (operation.action === 'addTag') {
    const tag = sql`${operation.tag}::text`;
    set = {
      [tagsKey]: sql`case when ${tag} = any(${tags}) then ${tags} else array_append(${tags}, ${tag}) end`,
    };
  } else set = { [tagsKey]: sql`array_remove(${tags}, ${operation.tag}::text)` };
  const update = tx
    .update(table)
    .set({ ...set, updatedAt: new Date() } as never)
    .where(where);
  // Whole rows only when webhooks may need them presented.
  const rows: Record<string, unknown>[] = events
    ? await update.returning()
    : await update.returning(returning);
  if (operation.action === 'addTag' && rows.length > 0) await catalogueTags(tx, orgId, [operation.tag]);
  if (events && rows.length > 0) {
    let presented: Record<string, unknown>[] | undefined;
    const present = async () => {
      presented ??= await events.present(tx, rows);
      return presented;
    };
    await emitWebhookEvents(tx as unknown as Transaction, orgId, events.updated, present);
    if (events.afterUpdate) await events.afterUpdate(tx, before, present);
  }
  return rows.length;
}

// ---- Values shared by the CRM record services ----

/** A list filter from the query string: '' (an unset form control) means "no filter". */
export function queryFilter<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
}

/** A validated ISO date or date-time (or null to clear) as a timestamptz value; undefined stays unchanged. */
export function toTimestamp(value: string | null | undefined): Date | null | undefined {
  if (value === undefined || value === null) return value;
  return new Date(value);
}

/** A validated date or date-time as a `date` column value: the calendar day as written. */
export function toCalendarDate(value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null) return value;
  return value.slice(0, 10);
}

/** Money goes into `numeric` as text (exact), never through a float column. */
export function toNumeric(value: number | null | undefined): string | null | undefined {
  if (value === undefined || value === null) return value;
  return String(value);
}

/** `numeric` comes back as text; the API answers a number (or null). */
export function fromNumeric(value: string | null): number | null {
  return value === null ? null : Number(value);
}

/** Tags as stored: trimmed (by the schema), each once, in the order given. */
export function uniqueTags(tags: string[]): string[];
export function uniqueTags(tags: string[] | undefined): string[] | undefined;
export function uniqueTags(tags: string[] | undefined) {
  return tags === undefined ? undefined : [...new Set(tags)];
}

/** A from/to filter on a timestamp column; a calendar day as `to` includes that whole day. */
export function withinDates(column: PgColumn, from: string | undefined, to: string | undefined): SQL[] {
  const conditions: SQL[] = [];
  if (from) conditions.push(gte(column, new Date(from)));
  if (to) {
    if (/^\d{4}-\d{2}-\d{2}$/.test(to)) {
      const nextDay = new Date(to);
      nextDay.setUTCDate(nextDay.getUTCDate() + 1);
      conditions.push(lt(column, nextDay));
    } else conditions.push(lte(column, new Date(to)));
  }
  return conditions;
}

/** A user's name by reference (for exports): a scalar subquery on the users key, no N+1. */
export function userNameOf(userColumn: PgColumn, organizationColumn: PgColumn) {
  return sql<
    string | null
  >`(select ${users.firstName} || ' ' || ${users.lastName} from ${users} where ${users.id} = ${userColumn} and ${users.organizationId} = ${organizationColumn})`;
}
