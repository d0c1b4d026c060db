import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { users } from '../db/schema/identity';
import { AppError } from './app-error';
import { isUuid, type ServiceContext } from './service-context';
import { rowInOrganization, type TenantTable } from './tenant-scope';

/*
 * Optimistic concurrency for every PATCH of a record (docs/decisions/017): a record's version is
 * its updatedAt in milliseconds, the precision its JSON shows, so the app can send back the
 * version of whatever it loaded (a list row or a record page) without a header of its own.
 * Each versioned write moves updatedAt forward by at least one millisecond, so no two versions
 * of a record share a value.
 */

/** A tenant table whose rows carry updatedAt and who made the latest edit (updatedBy). */
export type VersionedTable = TenantTable & { updatedAt: PgColumn; updatedBy: PgColumn };

/** Who made the newer version a 409 reports: shown by name in the app's conflict dialog. */
export interface ChangedBy {
  id: string;
  name: string;
}

export const versionConflictMessage = 'This record was changed by someone else after you opened it';
export const malformedIfMatchMessage =
  'If-Match must be an ETag this API returned for the record (W/"<version>")';

/** The ETag of a record whose updatedAt is `updatedAt`: `W/"<epoch milliseconds>"`. */
export function etagOf(updatedAt: Date | string): string {
  return `W/"${new Date(updatedAt).getTime()}"`;
}

/** 409 `{message, current}`: the PATCH was made against an older version than `current`. */
export class VersionConflictError extends AppError {
  constructor(
    readonly current: { updatedAt: Date | string },
    readonly changedBy: ChangedBy | null = null,
  ) {
    super(409, versionConflictMessage);
  }
}

const entityTag = /^(?:W\/)?"(\d{1,15})"$/;

/**
 * The versions an If-Match header accepts: undefined for none (or `*`: any version of an
 * existing record), else the list of versions; a value that is not one of our ETags answers 412
 * (it can never match, and a 409 would wrongly tell the client someone else changed the record).
 */
export function parseIfMatch(header: string | string[] | undefined): number[] | undefined {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value === undefined || value.trim() === '*') return undefined;
  const versions = value.split(',').map((part) => entityTag.exec(part.trim())?.[1]);
  if (versions.length === 0 || versions.some((v) => v === undefined)) {
    throw new AppError(412, malformedIfMatchMessage);
  }
  return versions.map(Number);
}

/** Sets the record's ETag on the answer and returns the record (GET and PATCH of a record). */
export function withEtag<T extends { updatedAt: Date | string }>(reply: FastifyReply, record: T): T {
  reply.header('etag', etagOf(record.updatedAt));
  return record;
}

export interface VersionedUpdate<T extends { updatedAt: Date | string }> {
  table: VersionedTable;
  id: string;
  /** The service's update; it runs inside the transaction holding the row's lock (use ctx.db). */
  update: (ctx: ServiceContext) => Promise<unknown>;
  /** The record as GET answers it: the PATCH's answer, and `current` of a 409. */
  read: (ctx: ServiceContext) => Promise<T>;
}

/**
 * PATCH of one record under optimistic concurrency. The row is locked (SELECT … FOR UPDATE) in
 * a transaction, its version compared with If-Match, the service's update applied and the
 * version moved on, all before the lock is released: two PATCHes carrying the same version
 * cannot both win, and an update without If-Match still merges into the row as it is at that
 * moment (customFields by key) rather than into a copy read earlier.
 */
export async function updateWithVersion<T extends { updatedAt: Date | string }>(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: ServiceContext,
  { table, id, update, read }: VersionedUpdate<T>,
): Promise<T> {
  const expected = parseIfMatch(request.headers['if-match']);
  // A malformed or foreign id: the service answers its own 404 (or validation error).
  if (!isUuid(id)) return withEtag(reply, (await update(ctx), await read(ctx)));
  const where = rowInOrganization(table, ctx.orgId, id);
  const outcome = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        version: sql<string>`floor(extract(epoch from ${table.updatedAt}) * 1000)::bigint::text`,
        updatedBy: table.updatedBy,
      })
      .from(table)
      .where(where)
      .for('update');
    if (!row) return { found: false as const };
    if (expected && !expected.includes(Number(row.version))) {
      return { found: true as const, stale: true, updatedBy: row.updatedBy as string | null };
    }
    const inTx = { ...ctx, db: tx };
    await update(inTx);
    await tx
      .update(table)
      .set({
        updatedAt: sql`greatest(date_trunc('milliseconds', clock_timestamp()),
          'epoch'::timestamptz + (${row.version}::bigint + 1) * interval '1 millisecond')`,
        updatedBy: ctx.actor.id,
      } as never)
      .where(where);
    return { found: true as const, stale: false, record: await read(inTx) };
  });
  // Not found: the record's own 404, worded by the service.
  if (!outcome.found) return withEtag(reply, await read(ctx));
  if (outcome.stale || !outcome.record) {
    throw new VersionConflictError(await read(ctx), await changedByOf(ctx, outcome.updatedBy));
  }
  return withEtag(reply, outcome.record);
}

/** The user who made the latest edit, if it was made through a PATCH and they are still in the organization. */
async function changedByOf(
  ctx: ServiceContext,
  userId: string | null | undefined,
): Promise<ChangedBy | null> {
  if (!userId) return null;
  const [user] = await ctx.db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.organizationId, ctx.orgId)));
  if (!user) return null;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return { id: userId, name: name || user.email };
}
