import { and, count, desc, not } from 'drizzle-orm';
import { systemUpdates } from '../../db/schema/platform';
import type { ServiceContext } from '../../lib/service-context';
import { isReadBy, visibleTo } from './announcement-audience';

/** The bell shows the newest ones; older ones stay counted while unread. */
export const myAnnouncementsLimit = 50;

/**
 * GET /api/system-updates: the signed-in user's announcements (to everyone, their organization
 * and them; not expired), newest first, each with isRead, and how many are unread. Every page
 * polls it, so it is two small indexed queries.
 */
export async function listMyAnnouncements(ctx: ServiceContext) {
  const visible = visibleTo(ctx.actor.id, ctx.orgId);
  const read = isReadBy(ctx.actor.id);
  const [rows, [{ unread }]] = await Promise.all([
    ctx.db
      .select({
        id: systemUpdates.id,
        title: systemUpdates.title,
        description: systemUpdates.description,
        category: systemUpdates.category,
        priority: systemUpdates.priority,
        iconType: systemUpdates.iconType,
        actionUrl: systemUpdates.actionUrl,
        expiresAt: systemUpdates.expiresAt,
        createdAt: systemUpdates.createdAt,
        isRead: read,
      })
      .from(systemUpdates)
      .where(visible)
      .orderBy(desc(systemUpdates.createdAt), desc(systemUpdates.id))
      .limit(myAnnouncementsLimit),
    ctx.db
      .select({ unread: count() })
      .from(systemUpdates)
      .where(and(visible, not(read))),
  ]);
  return {
    items: rows.map((row) => ({
      ...row,
      isRead: Boolean(row.isRead),
      expiresAt: row.expiresAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
    unreadCount: unread,
  };
}
