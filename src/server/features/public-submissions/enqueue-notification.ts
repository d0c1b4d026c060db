import { enqueueOutbox, outboxKinds } from '../../lib/outbox';
import type { Transaction } from '../../lib/transaction';

/** What the outbox worker e-mails the team about; the payload names the stored row. */
export const notificationKinds = {
  earlyAccessSignup: outboxKinds.notifyEarlyAccessSignup,
  demoRequest: outboxKinds.notifyDemoRequest,
  supportSubmission: outboxKinds.notifySupportSubmission,
} as const;

export type NotificationKind = (typeof notificationKinds)[keyof typeof notificationKinds];

/**
 * Queues "tell the team" in the caller's transaction, so the notice exists exactly when the
 * submission does. The payload carries only the id: the worker reads the row (no copy of the
 * visitor's details or screenshot lingers in the outbox).
 */
export async function enqueueNotification(tx: Transaction, kind: NotificationKind, submissionId: string) {
  await enqueueOutbox(tx, { kind, payload: { submissionId } });
}
