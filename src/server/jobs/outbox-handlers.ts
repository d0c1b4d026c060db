import { syncMailboxHandler } from '../features/email-sync/sync-mailbox-handler';
import { sendEmailDeadLettered, sendEmailJob, sendEmailRoundHooks } from '../features/email/send-email-job';
import { sendPlatformEmailJob } from '../features/email/send-platform-email-job';
import {
  notifyDemoRequestJob,
  notifyEarlyAccessSignupJob,
  notifySupportSubmissionJob,
} from '../features/public-submissions/notify-team';
import { sealSignatureRequestDeadLettered, sealSignatureRequestJob } from '../features/sealing/seal-job';
import { sendCompletionCopiesJob } from '../features/signing-session/send-completion-copies-job';
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
  [outboxKinds.sendSigningCompletionCopies]: sendCompletionCopiesJob,
  [outboxKinds.sealSignatureRequest]: sealSignatureRequestJob,
};

/** Run once when a job of the kind is dead-lettered (marks what it was about as failed). */
export const outboxDeadLetterHooks: Record<string, OutboxDeadLetterHook> = {
  [outboxKinds.sendEmail]: sendEmailDeadLettered,
  [outboxKinds.sealSignatureRequest]: sealSignatureRequestDeadLettered,
};

/** Batched reads and writes around a round, for kinds that send in bulk. */
export const outboxRoundHooks: Record<string, OutboxRoundHooks> = {
  [outboxKinds.sendEmail]: sendEmailRoundHooks,
};
