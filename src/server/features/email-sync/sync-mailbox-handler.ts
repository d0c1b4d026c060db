import type { OutboxHandler } from '../../jobs/outbox-handler';
import { runMailboxSync } from './run-mailbox-sync';

/**
 * The `email.sync` outbox job (payload `{ accountId, jobId }`). Trouble worth retrying (the
 * server unreachable, the connection dropped) throws, so the outbox retries with backoff; a
 * refused password or an untrusted certificate ends the job: retrying cannot fix it, the user
 * must. The job and the account say what happened either way.
 */
export const syncMailboxHandler: OutboxHandler = async (job, context) => {
  const accountId = typeof job.payload.accountId === 'string' ? job.payload.accountId : '';
  const jobId = typeof job.payload.jobId === 'string' ? job.payload.jobId : '';
  if (!job.organizationId || !accountId || !jobId) {
    context.log.warn({ outboxId: job.id }, 'email.sync job without organization, account or job id: dropped');
    return undefined;
  }
  const outcome = await runMailboxSync(context, { organizationId: job.organizationId, accountId, jobId });
  if (outcome.status === 'refused') {
    context.log.warn(
      { outboxId: job.id, accountId, jobId },
      'email.sync job for a sync job not of its organization',
    );
  }
  if (outcome.status === 'failed' && outcome.failure.retryable) throw new Error(outcome.failure.message);
  return undefined;
};
