import type { SecretBox } from '../../lib/secret-box';
import { enqueueOutbox, outboxKinds } from '../../lib/outbox';
import type { Transaction } from '../../lib/transaction';

/** A message the platform sends for itself (reset link, invitation, test, team notice). */
export interface PlatformEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Sent through this organization's server when it has one (else the platform's, SMTP_URL). */
  organizationId?: string | null;
  /** Whose action queued it, for the outgoing-mail list. */
  purpose: 'password_reset' | 'invitation' | 'test' | 'notification';
  /** Files sent with it (a signed copy), sealed with the message: their bytes in base64. */
  attachments?: PlatformAttachment[];
}

export interface PlatformAttachment {
  filename: string;
  contentType: string;
  /** The file's bytes, base64. */
  content: string;
}

/**
 * Queues a platform message in the caller's transaction. The whole message is sealed: it may
 * hold a single-use link whose token is stored elsewhere only as a hash.
 */
export async function queuePlatformEmail(tx: Transaction, secrets: SecretBox, email: PlatformEmail) {
  const [id] = await enqueueOutbox(tx, {
    kind: outboxKinds.sendPlatformEmail,
    organizationId: email.organizationId ?? null,
    payload: { purpose: email.purpose, to: email.to, sealed: secrets.seal(JSON.stringify(email)) },
  });
  return id;
}
