import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isSuperAdminEmail } from '../../../common/permissions';
import type { Database } from '../../db';
import { users } from '../../db/schema/identity';
import { supportAccessSessions } from '../../db/schema/platform';
import type { SessionData } from '../auth/session-store';
import { destroySession } from '../auth/session-store';
import { closeSupportAccess } from './close-support-access';

/** Who is looking, during a support-access visit: AuthContext.supportAccess. */
export interface SupportAccessInfo {
  id: string;
  superAdmin: { id: string; email: string; name: string };
  expiresAt: Date;
  /** The super admin's own session, handed back when the visit ends (never sent to the browser). */
  returnSessionId: string | null;
}

const superAdmins = alias(users, 'support_super_admin');

/**
 * The visit a session carries, checked on each lookup: still open, not past its expiry, for this
 * session's user, and its super admin still one. Otherwise the session is ended (the visit
 * recorded as ended) and null answered, so the request is signed out (401).
 */
export async function resolveSupportAccess(
  db: Database,
  sid: string,
  sess: SessionData,
  superAdminEmails: readonly string[],
): Promise<SupportAccessInfo | null> {
  const id = sess.supportAccessId as string;
  const [row] = await db
    .select({ visit: supportAccessSessions, superAdmin: superAdmins })
    .from(supportAccessSessions)
    .innerJoin(superAdmins, eq(superAdmins.id, supportAccessSessions.superAdminId))
    .where(eq(supportAccessSessions.id, id))
    .limit(1);
  const expired = row ? row.visit.expiresAt.getTime() <= Date.now() : false;
  const stillSuperAdmin =
    row?.superAdmin.status === 'active' &&
    (row.superAdmin.isSuperAdmin || isSuperAdminEmail(row.superAdmin.email, superAdminEmails));
  if (row && !row.visit.endedAt && !expired && stillSuperAdmin && row.visit.userId === sess.userId) {
    return {
      id,
      superAdmin: {
        id: row.superAdmin.id,
        email: row.superAdmin.email,
        name: `${row.superAdmin.firstName} ${row.superAdmin.lastName}`.trim(),
      },
      expiresAt: row.visit.expiresAt,
      returnSessionId: sess.returnSessionId ?? null,
    };
  }
  await db.transaction(async (tx) => {
    await destroySession(tx, sid);
    if (row) await closeSupportAccess(tx, id, expired ? 'expired' : 'signed_out');
  });
  return null;
}
