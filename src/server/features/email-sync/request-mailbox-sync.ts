import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { emailSyncJobTypes } from '../../../common/allowed-values';
import { emailAccounts, emailSyncJobs } from '../../db/schema/email';
import { notFound } from '../../lib/app-error';
import { enqueueOutbox, outboxKinds } from '../../lib/outbox';
import type { Transaction } from '../../lib/transaction';

/** A sync running longer than this was cut off (a crash, a restart): the outbox lease is the same. */
export const syncJobLeaseMs = 15 * 60 * 1000;
export const interruptedMessage = 'Interrupted; will resume';
export const mailboxNotFoundMessage = 'Mailbox not found';

export interface MailboxSyncRequest {
  organizationId: string;
  accountId: string;
  jobType?: Extract<(typeof emailSyncJobTypes)[number], 'full_sync' | 'incremental_sync'>;
}

/**
 * Asks for a mailbox to sync, in the caller's transaction: an email_sync_jobs row (full_sync
 * while the account has no sync state yet, else incremental_sync) and its outbox job. A job of
 * the account already pending or running is answered instead, so "Sync now" and the poll never
 * pile jobs up; one running past its lease is failed ("Interrupted; will resume") and replaced.
 * The account row is locked, so two requests at once agree on one job.
 */
export async function requestMailboxSync(tx: Transaction, request: MailboxSyncRequest) {
  const [account] = await tx
    .select({ id: emailAccounts.id, syncState: emailAccounts.syncState })
    .from(emailAccounts)
    .where(
      and(eq(emailAccounts.organizationId, request.organizationId), eq(emailAccounts.id, request.accountId)),
    )
    .for('update');
  if (!account) throw notFound(mailboxNotFoundMessage);

  await failStaleJobs(tx, request.organizationId, request.accountId);
  const [open] = await tx
    .select()
    .from(emailSyncJobs)
    .where(
      and(
        eq(emailSyncJobs.organizationId, request.organizationId),
        eq(emailSyncJobs.accountId, request.accountId),
        inArray(emailSyncJobs.status, ['pending', 'running']),
      ),
    )
    .orderBy(emailSyncJobs.createdAt)
    .limit(1);
  if (open) return { job: open, created: false };

  const jobType =
    request.jobType ?? (Object.keys(account.syncState ?? {}).length === 0 ? 'full_sync' : 'incremental_sync');
  const [job] = await tx
    .insert(emailSyncJobs)
    .values({ organizationId: request.organizationId, accountId: request.accountId, jobType })
    .returning();
  await enqueueOutbox(tx, {
    kind: outboxKinds.syncMailbox,
    organizationId: request.organizationId,
    payload: { accountId: request.accountId, jobId: job.id },
  });
  return { job, created: true };
}

/**
 * Jobs of the account still "running" after their lease: whoever ran them is gone. The account
 * is no longer shown "syncing" then (the next job, which resumes from the saved state, says so).
 */
export async function failStaleJobs(tx: Transaction, organizationId: string, accountId: string) {
  const failed = await tx
    .update(emailSyncJobs)
    .set({ status: 'failed', errorMessage: interruptedMessage, completedAt: new Date() })
    .where(
      and(
        eq(emailSyncJobs.organizationId, organizationId),
        eq(emailSyncJobs.accountId, accountId),
        eq(emailSyncJobs.status, 'running'),
        lt(
          sql`coalesce(${emailSyncJobs.startedAt}, ${emailSyncJobs.createdAt})`,
          new Date(Date.now() - syncJobLeaseMs),
        ),
      ),
    )
    .returning({ id: emailSyncJobs.id });
  if (failed.length > 0) {
    await tx
      .update(emailAccounts)
      .set({ syncStatus: 'idle' })
      .where(
        and(
          eq(emailAccounts.organizationId, organizationId),
          eq(emailAccounts.id, accountId),
          eq(emailAccounts.syncStatus, 'syncing'),
        ),
      );
  }
  return failed;
}
