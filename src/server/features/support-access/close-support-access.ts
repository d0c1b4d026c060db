import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { users } from '../../db/schema/identity';
import { sessions, supportAccessSessions } from '../../db/schema/platform';
import type { RequestClient } from '../../lib/service-context';
import { recordAuditEvent } from '../audit/record-audit-event';

export type SupportAccessEnding = 'by_super_admin' | 'expired' | 'signed_out';

/**
 * Records the end of one visit (endedAt, never later than its expiry) and audits it in the
 * organization's log, once: a visit already ended is left alone. True when this call ended it.
 */
export async function closeSupportAccess(
  tx: Database,
  id: string,
  ended: SupportAccessEnding,
  client?: RequestClient,
): Promise<boolean> {
  const [closed] = await tx
    .update(supportAccessSessions)
    .set({
      endedAt: sql`least(now(), ${supportAccessSessions.expiresAt})`,
      updatedAt: new Date(),
    })
    .where(and(eq(supportAccessSessions.id, id), isNull(supportAccessSessions.endedAt)))
    .returning();
  if (!closed) return false;
  const [superAdmin, user] = await Promise.all([
    emailOf(tx, closed.superAdminId),
    emailOf(tx, closed.userId),
  ]);
  await recordAuditEvent(
    tx,
    { orgId: closed.organizationId, actor: { id: closed.superAdminId }, client },
    {
      action: 'support_access.ended',
      resource: 'support_access_sessions',
      resourceId: closed.id,
      details: { superAdmin, user, ended },
    },
  );
  return true;
}

/** The session rows of one visit (at most one), found through the sessions' user index. */
export function supportSessionOf(visit: { id: string; userId: string }) {
  return and(eq(sessions.userId, visit.userId), sql`${sessions.sess}->>'supportAccessId' = ${visit.id}`);
}

async function emailOf(tx: Database, userId: string): Promise<string> {
  const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.email ?? '';
}

/**
 * Visits past their expiry, or whose session is gone (signed out, purged), that nobody ended: the
 * session lookup ends a visit when its next request comes, this sweep when none comes. Open visits
 * are few, and each check goes through the sessions' user index.
 */
export async function closeAbandonedSupportAccess(db: Database): Promise<number> {
  const abandoned = await db
    .select({
      id: supportAccessSessions.id,
      userId: supportAccessSessions.userId,
      expiresAt: supportAccessSessions.expiresAt,
    })
    .from(supportAccessSessions)
    .where(
      and(
        isNull(supportAccessSessions.endedAt),
        sql`(${lte(supportAccessSessions.expiresAt, new Date())} or not exists (
          select 1 from ${sessions}
          where ${sessions.userId} = ${supportAccessSessions.userId}
            and ${sessions.sess}->>'supportAccessId' = ${supportAccessSessions.id}::text
        ))`,
      ),
    );
  let closed = 0;
  for (const visit of abandoned) {
    const ending = visit.expiresAt.getTime() <= Date.now() ? 'expired' : 'signed_out';
    const done = await db.transaction(async (tx) => {
      await tx.delete(sessions).where(supportSessionOf(visit));
      return closeSupportAccess(tx, visit.id, ending);
    });
    if (done) closed++;
  }
  return closed;
}
