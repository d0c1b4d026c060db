import { and, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import {
  duplicateViewNameMessage,
  maxViewsPerList,
  tooManyViewsMessage,
} from '../../../common/validation/saved-views';
import type { Database } from '../../db';
import { users } from '../../db/schema/identity';
import { savedViews } from '../../db/schema/preferences';
import { conflict } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { isUniqueViolation } from '../lists/list-entries';

/**
 * Serializes one user's view writes (their user row, locked to the end of the transaction), so
 * two saves at once cannot both pass the name and count checks.
 */
export async function lockViewOwner(tx: Database, ctx: ServiceContext) {
  await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, ctx.actor.id), eq(users.organizationId, ctx.orgId)))
    .for('update');
}

const ownListViews = (ctx: ServiceContext, listKey: string) =>
  and(
    eq(savedViews.organizationId, ctx.orgId),
    eq(savedViews.userId, ctx.actor.id),
    eq(savedViews.listKey, listKey),
  );

/** A user's views of one list have distinct names, ignoring case ("Hot leads" and "hot leads" are one). */
export async function assertViewNameFree(
  tx: Database,
  ctx: ServiceContext,
  listKey: string,
  name: string,
  exceptId?: string,
) {
  const conditions: (SQL | undefined)[] = [
    ownListViews(ctx, listKey),
    sql`lower(${savedViews.name}) = lower(${name})`,
  ];
  if (exceptId) conditions.push(ne(savedViews.id, exceptId));
  const [taken] = await tx
    .select({ id: savedViews.id })
    .from(savedViews)
    .where(and(...conditions))
    .limit(1);
  if (taken) throw conflict(duplicateViewNameMessage);
}

export async function assertViewRoom(tx: Database, ctx: ServiceContext, listKey: string) {
  const [{ views }] = await tx.select({ views: count() }).from(savedViews).where(ownListViews(ctx, listKey));
  if (views >= maxViewsPerList) throw conflict(tooManyViewsMessage);
}

/** Runs a write; the database's own unique name check answers as the service's does. */
export async function uniquelyNamed<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(duplicateViewNameMessage);
    throw error;
  }
}
