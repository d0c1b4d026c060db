import { outbox } from '../db/schema/platform';
import type { Transaction } from './transaction';

/**
 * What the outbox worker (src/server/jobs/outbox-worker.ts) knows how to do. A job is written in
 * the same transaction as the change that causes it, so it exists exactly when the change does.
 */
export const outboxKinds = {
  /** payload `{ emailId }`: deliver a stored outgoing message (emails row). */
  sendEmail: 'email.send',
  /** payload `{ sealed }`: deliver a platform message (reset link, invitation, test) sealed with the secret box. */
  sendPlatformEmail: 'email.send_platform',
  /** payload `{ accountId, jobId }`: run an email_sync_jobs row. */
  syncMailbox: 'email.sync',
  notifyEarlyAccessSignup: 'notify.early_access_signup',
  notifyDemoRequest: 'notify.demo_request',
  notifySupportSubmission: 'notify.support_submission',
  /** payload `{ subject, text }`: e-mail the platform's super admins (issue 20, system-config/notify-super-admins.ts). */
  notifySuperAdmins: 'notify.super_admins',
  /** payload `{ requestId }`: e-mail every recipient and the sender the completed document (issue 17). */
  sendSigningCompletionCopies: 'signing.completion_copies',
  /** payload `{ requestId }`: seal a completed request's PDF (PAdES + completion certificate, issue 18). */
  sealSignatureRequest: 'signing.seal',
  /** payload `{ integrationId, messageId, event }`: POST one signed event to a webhook (issue 19). */
  deliverWebhook: 'webhook.deliver',
  /** payload `{ importJobId }`: run an import_jobs row in batches (issue 19). */
  runImport: 'import.run',
  /** payload `{ integrationId }`: fetch a polling integration's URL into a new import (issue 19). */
  pollIntegration: 'integration.poll',
} as const;

export type OutboxKind = (typeof outboxKinds)[keyof typeof outboxKinds];

export interface OutboxJob {
  kind: OutboxKind;
  organizationId?: string | null;
  payload: Record<string, unknown>;
  /** Not before this time (default now). */
  runAt?: Date;
}

/** Queues side effects in the caller's transaction; answers the jobs' ids. */
export async function enqueueOutbox(tx: Transaction, ...jobs: OutboxJob[]): Promise<string[]> {
  if (jobs.length === 0) return [];
  const rows = await tx
    .insert(outbox)
    .values(
      jobs.map((job) => ({
        kind: job.kind,
        organizationId: job.organizationId ?? null,
        payload: job.payload,
        ...(job.runAt ? { runAt: job.runAt } : {}),
      })),
    )
    .returning({ id: outbox.id });
  return rows.map((row) => row.id);
}
