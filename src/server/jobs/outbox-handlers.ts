import { syncMailboxHandler } from '../features/email-sync/sync-mailbox-handler';
import { sendEmailDeadLettered, sendEmailJob, sendEmailRoundHooks } from '../features/email/send-email-job';
import { sendPlatformEmailJob } from '../features/email/send-platform-email-job';
import {
  notifyDemoRequestJob,
  notifyEarlyAccessSignupJob,
  notifySupportSubmissionJob,
} from '../features/public-submissions/notify-team';
import { notifySuperAdminsJob } from '../features/system-config/notify-super-admins';
import { pollIntegrationHandler } from '../features/imports/poll-integration';
import { runImportDeadLettered, runImportHandler } from '../features/imports/run-import-handler';
import { sealSignatureRequestDeadLettered, sealSignatureRequestJob } from '../features/sealing/seal-job';
import { sendCompletionCopiesJob } from '../features/signing-session/send-completion-copies-job';
import { deliverWebhookJob, deliverWebhookRoundHooks } from '../features/webhooks/deliver-webhook-job';
import { outboxKinds } from '../lib/outbox';
import type { OutboxDeadLetterHook, OutboxHandler, OutboxRoundHooks } from './outbox-handler';

/**
 * What the outbox worker runs for each kind (src/server/lib/outbox.ts lists the kinds). A kind
 * missing here is dead-lettered with a clear error, never retried forever. Add a kind's handler
 * in one line.
 */
export const outboxHandlers: Record<string, OutboxHandler> = {
  [outboxKinds.sendEmail]: sendEmailJob,
  [outboxKinds.sendPlatformEmail]: sendPlatformEmailJob,
  [outboxKinds.syncMailbox]: syncMailboxHandler,
  [outboxKinds.notifyEarlyAccessSignup]: notifyEarlyAccessSignupJob,
  [outboxKinds.notifyDemoRequest]: notifyDemoRequestJob,
  [outboxKinds.notifySupportSubmission]: notifySupportSubmissionJob,
  [outboxKinds.notifySuperAdmins]: notifySuperAdminsJob,
  [outboxKinds.sendSigningCompletionCopies]: sendCompletionCopiesJob,
  [outboxKinds.sealSignatureRequest]: sealSignatureRequestJob,
  [outboxKinds.deliverWebhook]: deliverWebhookJob,
  [outboxKinds.runImport]: runImportHandler,
  [outboxKinds.pollIntegration]: pollIntegrationHandler,
};

/**
 * Tries per kind where the default (8: about an hour of backoff at the 30 s base) is wrong.
 * Webhooks: 14 tries spread over about a day (30 s doubling, capped at 6 h: ~26 h to the last).
 */
export const outboxMaxAttempts: Record<string, number> = {
  [outboxKinds.deliverWebhook]: 14,
};

/**
 * How long a claimed job of the kind belongs to its worker, where the default (5 minutes, for
 * mailbox syncs and imports) is too long. A webhook try ends within WEBHOOK_TIMEOUT_MS (at most
 * 30 s), so the deliveries of a worker that died mid-burst go out again a minute later instead of
 * five; receivers drop a repeat by its webhook-id.
 */
export const outboxLeaseMs: Record<string, number> = {
  [outboxKinds.deliverWebhook]: 60_000,
};

/** Run once when a job of the kind is dead-lettered (marks what it was about as failed). */
export const outboxDeadLetterHooks: Record<string, OutboxDeadLetterHook> = {
  [outboxKinds.sendEmail]: sendEmailDeadLettered,
  [outboxKinds.sealSignatureRequest]: sealSignatureRequestDeadLettered,
  [outboxKinds.runImport]: runImportDeadLettered,
};

/** Batched reads and writes around a round, for kinds that send in bulk. */
export const outboxRoundHooks: Record<string, OutboxRoundHooks> = {
  [outboxKinds.sendEmail]: sendEmailRoundHooks,
  [outboxKinds.deliverWebhook]: deliverWebhookRoundHooks,
};
