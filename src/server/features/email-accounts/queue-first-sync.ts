import { and, desc, eq, inArray } from 'drizzle-orm';
import { emailSyncJobs } from '../../db/schema/email';
import { enqueueOutbox, outboxKinds } from '../../lib/outbox';
import type { Transaction } from '../../lib/transaction';

/**
 * Asks for a mailbox's sync in the caller's transaction: an email_sync_jobs row (pending) and
 * the outbox job that runs it, so the request exists exactly when the change causing it does.
 * A pending or running job already covers the request and is answered instead of a second one.
 *
 * Stand-in for the sync helper's `requestMailboxSync` (src/server/features/email-sync/
 * request-mailbox-sync.ts): the integrator points the callers there.
 */
export async function queueFirstSync(
  tx: Transaction,
  {
    organizationId,
    accountId,
    jobType = 'full_sync',
  }: { organizationId: string; accountId: string; jobType?: 'full_sync' | 'incremental_sync' },
) {
  const [open] = await tx
    .select()
    .from(emailSyncJobs)
    .where(
      and(
        eq(emailSyncJobs.organizationId, organizationId),
        eq(emailSyncJobs.accountId, accountId),
        inArray(emailSyncJobs.status, ['pending', 'running']),
      ),
    )
    .orderBy(desc(emailSyncJobs.createdAt))
    .limit(1);
  if (open) return { job: open, created: false };
  const [job] = await tx
    .insert(emailSyncJobs)
    .values({ organizationId, accountId, jobType, status: 'pending' })
    .returning();
  await enqueueOutbox(tx, {
    kind: outboxKinds.syncMailbox,
    organizationId,
    payload: { accountId, jobId: job.id },
  });
  return { job, created: true };
}
