import { createHash } from 'node:crypto';
import { inArray, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '../db';
import { signInAttempts } from '../db/schema/platform';
import { AppError } from './app-error';

/** One counter to reserve: `subject` is hashed, so the table never holds e-mails or addresses. */
export interface AttemptKey {
  scope: string;
  subject: string;
  /** Attempts allowed in the window. */
  limit: number;
}

export interface Reservation {
  /** The counters' keys, to release or clear later. */
  keys: string[];
  /** Seconds until every counter is under its limit again; 0 when the attempt may go ahead. */
  retryAfter: number;
}

export const attemptKey = (scope: string, subject: string) =>
  `${scope}:${createHash('sha256').update(subject).digest('hex')}`;

/**
 * Counts an attempt against each key before the work it guards is done, in one atomic upsert
 * per call. The database holds the counters, so parallel requests and several app instances
 * see one count: of N concurrent attempts at most `limit` are let through. A counter whose
 * window has passed starts again at 1. When refused, the caller releases the reservation
 * (a refused attempt costs nothing, so it does not count).
 */
export async function reserveAttempts(
  db: Database,
  windowMs: number,
  keys: AttemptKey[],
): Promise<Reservation> {
  const wanted = new Map(keys.map((k) => [attemptKey(k.scope, k.subject), k.limit]));
  // Rows are locked in key order, so two reservations of overlapping keys cannot deadlock.
  const ordered = [...wanted.keys()].toSorted();
  const windowSeconds = windowMs / 1000;
  const expired = sql`${signInAttempts.windowStartedAt} <= now() - make_interval(secs => ${windowSeconds})`;
  const rows = await db
    .insert(signInAttempts)
    .values(ordered.map((key) => ({ key, attempts: 1 })))
    .onConflictDoUpdate({
      target: signInAttempts.key,
      set: {
        attempts: sql`case when ${expired} then 1 else ${signInAttempts.attempts} + 1 end`,
        windowStartedAt: sql`case when ${expired} then now() else ${signInAttempts.windowStartedAt} end`,
        updatedAt: sql`now()`,
      },
    })
    .returning({
      key: signInAttempts.key,
      attempts: signInAttempts.attempts,
      secondsLeft: sql<number>`ceil(extract(epoch from ${signInAttempts.windowStartedAt} + make_interval(secs => ${windowSeconds}) - now()))::int`,
    });
  let retryAfter = 0;
  for (const row of rows) {
    if (row.attempts > (wanted.get(row.key) ?? 0)) {
      retryAfter = Math.max(retryAfter, Math.max(1, row.secondsLeft));
    }
  }
  return { keys: ordered, retryAfter };
}

/**
 * Reserves the attempt, or, over a limit, gives it back and answers 429 with Retry-After and
 * `message(seconds)`.
 */
export async function reserveAttemptsOrRefuse(
  db: Database,
  reply: FastifyReply,
  windowMs: number,
  keys: AttemptKey[],
  message: (seconds: number) => string,
): Promise<Reservation> {
  const reservation = await reserveAttempts(db, windowMs, keys);
  if (reservation.retryAfter > 0) {
    await releaseAttempts(db, reservation.keys);
    reply.header('Retry-After', String(reservation.retryAfter));
    throw new AppError(429, message(reservation.retryAfter));
  }
  return reservation;
}

/**
 * The counters of `keys`, locked in key order as the reservation locks them: on a small table
 * a plain `key in (…)` may be read in storage order, and two statements locking the same rows
 * in opposite orders deadlock (seen as a rare 500 with two instances on PostgreSQL).
 */
const lockedInKeyOrder = (keys: string[]) =>
  sql`${signInAttempts.key} in (select ${signInAttempts.key} from ${signInAttempts} where ${inArray(signInAttempts.key, keys)} order by ${signInAttempts.key} for update)`;

/** Gives back a reserved attempt that turned out not to count (refused, or a success). */
export async function releaseAttempts(db: Database, keys: string[]) {
  if (keys.length === 0) return;
  await db
    .update(signInAttempts)
    .set({ attempts: sql`greatest(${signInAttempts.attempts} - 1, 0)` })
    .where(lockedInKeyOrder(keys));
}

/** Forgets counters (a successful sign-in clears its e-mail's failures). */
export async function clearAttempts(db: Database, keys: string[]) {
  if (keys.length === 0) return;
  await db.delete(signInAttempts).where(lockedInKeyOrder(keys));
}

/** Deletes counters whose window started more than `olderThanMs` ago. */
export async function purgeExpiredAttempts(db: Database, olderThanMs: number) {
  await db
    .delete(signInAttempts)
    .where(lt(signInAttempts.windowStartedAt, new Date(Date.now() - olderThanMs)));
}

/** Counters are kept this long after their window started: longer than any window in use. */
export const attemptRetentionMs = 24 * 60 * 60 * 1000;

/** Purges old counters at start-up and every 15 minutes while the app runs. */
export function scheduleAttemptPurge(app: FastifyInstance, db: Database) {
  const purge = () =>
    purgeExpiredAttempts(db, attemptRetentionMs).catch((err) =>
      app.log.warn({ err }, 'sign-in attempt purge failed'),
    );
  const timer = setInterval(purge, 15 * 60 * 1000);
  timer.unref();
  app.addHook('onReady', purge);
  app.addHook('onClose', () => clearInterval(timer));
}
