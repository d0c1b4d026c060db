import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db';
import { enhancedSignatureRecipients, enhancedSignatureRequests } from '../db/schema/signing';
import type { SigningDeps } from '../features/signing/invite-step';
import { remindRecipient } from '../features/signing/remind-recipients';
import type { JobLock } from './job-lock';
import { startPeriodicJob } from './periodic-job';

/** Issue 17: a reminder 3 days after the invitation, then every 3 days, at most 5. */
export const reminderIntervalMs = 3 * 24 * 60 * 60 * 1000;
export const maxAutomaticReminders = 5;
const batchSize = 50;
const running = ['sent', 'viewed', 'signed'] as const;

/**
 * One pass: requests past their expiry become 'expired' (their links die), then recipients whose
 * turn it is and who were last invited or reminded 3+ days ago (fewer than 5 reminders) get one.
 * Rows are claimed with FOR UPDATE SKIP LOCKED in small transactions, so several instances share
 * the work and never remind one recipient twice.
 */
export async function runSigningReminders(db: Database, deps: SigningDeps, now = new Date()) {
  const expired = await db
    .update(enhancedSignatureRequests)
    .set({ status: 'expired', updatedAt: now })
    .where(
      and(
        inArray(enhancedSignatureRequests.status, [...running]),
        lte(enhancedSignatureRequests.expiresAt, now),
      ),
    )
    .returning({ id: enhancedSignatureRequests.id });
  const dueBefore = new Date(now.getTime() - reminderIntervalMs);
  let reminded = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ recipient: enhancedSignatureRecipients, request: enhancedSignatureRequests })
        .from(enhancedSignatureRecipients)
        .innerJoin(
          enhancedSignatureRequests,
          eq(enhancedSignatureRequests.id, enhancedSignatureRecipients.signatureRequestId),
        )
        .where(
          and(
            inArray(enhancedSignatureRecipients.status, ['sent', 'viewed']),
            inArray(enhancedSignatureRecipients.role, ['signer', 'approver', 'notary']),
            lt(enhancedSignatureRecipients.remindersSent, maxAutomaticReminders),
            lte(
              sql`coalesce(${enhancedSignatureRecipients.lastReminderAt}, ${enhancedSignatureRecipients.invitedAt})`,
              dueBefore,
            ),
            inArray(enhancedSignatureRequests.status, [...running]),
            or(
              isNull(enhancedSignatureRequests.expiresAt),
              sql`${enhancedSignatureRequests.expiresAt} > ${now}`,
            ),
          ),
        )
        .limit(batchSize)
        .for('update', { of: enhancedSignatureRecipients, skipLocked: true });
      let sent = 0;
      for (const { recipient, request } of rows) {
        if (await remindRecipient(tx, deps, request, recipient, { automatic: true })) sent += 1;
        else {
          // A link that cannot be opened is not reminded again and again: count the attempt.
          await tx
            .update(enhancedSignatureRecipients)
            .set({ remindersSent: maxAutomaticReminders, updatedAt: now })
            .where(eq(enhancedSignatureRecipients.id, recipient.id));
        }
      }
      return { claimed: rows.length, sent };
    });
    reminded += batch.sent;
    if (batch.claimed < batchSize) break;
  }
  return { reminded, expired: expired.length };
}

/** Every `intervalMs` (SIGNING_REMINDER_INTERVAL_MS, default 15 min; 0: never). */
export function startSigningReminders({
  db,
  deps,
  intervalMs,
  lock,
  log,
}: {
  db: Database;
  deps: SigningDeps;
  intervalMs: number;
  /** One server at a time runs it (several on one database; main.ts). */
  lock?: JobLock;
  log: FastifyBaseLogger;
}) {
  return startPeriodicJob(
    intervalMs,
    async () => {
      try {
        const { reminded, expired } = await runSigningReminders(db, deps);
        if (reminded > 0 || expired > 0)
          log.info({ reminded, expired }, 'signing reminders sent, requests expired');
      } catch (err) {
        log.warn({ err }, 'signing reminders failed');
      }
    },
    lock && { name: 'signing-reminders', lock },
  );
}
