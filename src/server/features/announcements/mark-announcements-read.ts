import { and, eq, sql } from 'drizzle-orm';
import { systemUpdateReads, systemUpdates } from '../../db/schema/platform';
import { notFound } from '../../lib/app-error';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { announcementNotFoundMessage, visibleTo } from './announcement-audience';
import { listMyAnnouncements } from './list-my-announcements';

/**
 * POST /api/system-updates/:id/read: idempotent. Only an announcement the user is shown can be
 * marked (another's is "not found"). A user's own announcement also gets the spec's `isRead`.
 */
export async function markAnnouncementRead(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(announcementNotFoundMessage);
  const [row] = await ctx.db
    .select({ id: systemUpdates.id, userId: systemUpdates.userId })
    .from(systemUpdates)
    .where(and(eq(systemUpdates.id, id), visibleTo(ctx.actor.id, ctx.orgId)))
    .limit(1);
  if (!row) throw notFound(announcementNotFoundMessage);
  await ctx.db.transaction(async (tx) => {
    await tx.insert(systemUpdateReads).values({ updateId: id, userId: ctx.actor.id }).onConflictDoNothing();
    if (row.userId === ctx.actor.id) {
      await tx.update(systemUpdates).set({ isRead: true }).where(eq(systemUpdates.id, id));
    }
  });
  return listMyAnnouncements(ctx);
}

/** POST /api/system-updates/read-all: every announcement the user is shown now, in one statement each. */
export async function markAllAnnouncementsRead(ctx: ServiceContext) {
  const visible = visibleTo(ctx.actor.id, ctx.orgId);
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(systemUpdateReads)
      .select(
        tx
          .select({
            updateId: systemUpdates.id,
            userId: sql<string>`${ctx.actor.id}::uuid`.as('user_id'),
            readAt: sql<Date>`now()`.as('read_at'),
          })
          .from(systemUpdates)
          .where(visible),
      )
      .onConflictDoNothing();
    await tx
      .update(systemUpdates)
      .set({ isRead: true })
      .where(and(eq(systemUpdates.userId, ctx.actor.id), visible));
  });
  return listMyAnnouncements(ctx);
}
