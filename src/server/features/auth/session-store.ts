import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { sessions } from '../../db/schema/platform';

/** Idle expiry slides with use; the absolute expiry does not. */
export const sessionIdleMs = 12 * 60 * 60 * 1000;
export const sessionAbsoluteMs = 7 * 24 * 60 * 60 * 1000;
/** Sliding the idle expiry costs a write, so do it at most once a minute per session. */
const touchEveryMs = 60 * 1000;

export interface SessionData {
  userId: string;
  organizationId: string;
  createdAt: number;
  absoluteExpiry: number;
  /** Support access (issue 20): the visit this session is, and the super admin's own session to return to. */
  supportAccessId?: string;
  returnSessionId?: string;
}

/** What a session may carry beyond its user: a support-access visit ends when the visit does. */
export interface SessionExtras {
  absoluteExpiry?: number;
  supportAccessId?: string;
  returnSessionId?: string;
}

/**
 * The cookie carries 256 random bits; the table stores only their SHA-256, so a leaked
 * sessions table cannot be replayed as cookies.
 */
export function sessionKey(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  db: Database,
  user: { id: string; organizationId: string },
  extras: SessionExtras = {},
) {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  const sess: SessionData = {
    userId: user.id,
    organizationId: user.organizationId,
    createdAt: now,
    ...extras,
    absoluteExpiry: Math.min(extras.absoluteExpiry ?? Infinity, now + sessionAbsoluteMs),
  };
  await db.insert(sessions).values({
    sid: sessionKey(token),
    sess,
    userId: user.id,
    expire: new Date(Math.min(now + sessionIdleMs, sess.absoluteExpiry)),
  });
  return token;
}

/** Slides the idle expiry when due; returns false when the session has run out. */
export async function touchSession(
  db: Database,
  sid: string,
  sess: SessionData,
  expire: Date,
): Promise<boolean> {
  const now = Date.now();
  if (expire.getTime() <= now || sess.absoluteExpiry <= now) {
    await db.delete(sessions).where(eq(sessions.sid, sid));
    return false;
  }
  const next = Math.min(now + sessionIdleMs, sess.absoluteExpiry);
  if (next - expire.getTime() > touchEveryMs) {
    await db
      .update(sessions)
      .set({ expire: new Date(next) })
      .where(eq(sessions.sid, sid));
  }
  return true;
}

/**
 * A new cookie token for a session still alive, its data kept: only the token's hash is stored,
 * so a session can be handed back (support access ending) but its old cookie never rebuilt.
 * Null when the session is gone or expired.
 */
export async function renewSessionToken(db: Database, sid: string): Promise<string | null> {
  const token = randomBytes(32).toString('base64url');
  const renewed = await db
    .update(sessions)
    .set({ sid: sessionKey(token) })
    .where(
      and(
        eq(sessions.sid, sid),
        gt(sessions.expire, new Date()),
        sql`(${sessions.sess}->>'absoluteExpiry')::bigint > ${Date.now()}`,
      ),
    )
    .returning({ sid: sessions.sid });
  return renewed.length > 0 ? token : null;
}

export async function destroySession(db: Database, sid: string) {
  await db.delete(sessions).where(eq(sessions.sid, sid));
}

/** Ends every session of a user, or all but the one still in use. */
export async function destroyUserSessions(db: Database, userId: string, exceptSid?: string) {
  await db
    .delete(sessions)
    .where(
      exceptSid ? and(eq(sessions.userId, userId), ne(sessions.sid, exceptSid)) : eq(sessions.userId, userId),
    );
}

export async function purgeExpiredSessions(db: Database) {
  await db.delete(sessions).where(lt(sessions.expire, new Date()));
}
