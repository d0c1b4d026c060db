import { and, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnnouncementAudience } from '../../../common/validation/announcements';
import { systemUpdateReads, systemUpdates } from '../../db/schema/platform';

export const announcementNotFoundMessage = 'Announcement not found';

/** Who an announcement is for, from its two columns (a user's row also names their organization). */
export function audienceOf(row: {
  organizationId: string | null;
  userId: string | null;
}): AnnouncementAudience {
  if (row.userId) return 'user';
  return row.organizationId ? 'organization' : 'everyone';
}

/**
 * The announcements a user is shown: those to everyone, to their organization and to them,
 * not expired. One condition for the list, the unread count and marking read, so they agree.
 */
export function visibleTo(userId: string, organizationId: string): SQL {
  return and(
    or(
      eq(systemUpdates.userId, userId),
      and(
        isNull(systemUpdates.userId),
        or(isNull(systemUpdates.organizationId), eq(systemUpdates.organizationId, organizationId)),
      ),
    ),
    or(isNull(systemUpdates.expiresAt), gt(systemUpdates.expiresAt, sql`now()`)),
  ) as SQL;
}

/**
 * Whether the user has read it: a row in system_update_reads (any audience), or the spec's own
 * `isRead` of an announcement addressed to that one user.
 */
export function isReadBy(userId: string): SQL<boolean> {
  return sql<boolean>`(exists (select 1 from ${systemUpdateReads} where ${systemUpdateReads.updateId} = ${systemUpdates.id} and ${systemUpdateReads.userId} = ${userId}) or (${systemUpdates.userId} = ${userId} and ${systemUpdates.isRead}))`;
}
