import type { Database } from '../../db';
import { outbox } from '../../db/schema/platform';

/** What the outbox worker e-mails the team about; the payload names the stored row. */
export const notificationKinds = {
  earlyAccessSignup: 'notify.early_access_signup',
  demoRequest: 'notify.demo_request',
  supportSubmission: 'notify.support_submission',
} as const;

export type NotificationKind = (typeof notificationKinds)[keyof typeof notificationKinds];

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Queues "tell the team" in the caller's transaction, so the notice exists exactly when the
 * submission does. The payload carries only the id: the worker reads the row (no copy of the
 * visitor's details or screenshot lingers in the outbox).
 */
export async function enqueueNotification(tx: Transaction, kind: NotificationKind, submissionId: string) {
  await tx.insert(outbox).values({ kind, payload: { submissionId } });
}
