import { and, eq, gt, or } from 'drizzle-orm';
import type { Database } from '../../db';
import { enhancedSignatureRecipients, enhancedSignatureRequests } from '../../db/schema/signing';
import type { Transaction } from '../../lib/transaction';
import { actsOnDocument } from '../signing/signing-emails';
import { hashSigningToken, signingTokenPattern } from '../signing/signing-tokens';

export const invalidLinkMessage = 'This link is not valid';
export const expiredLinkMessage = 'This signing link has expired';
export const cancelledRequestMessage = 'This signing request was cancelled';
export const declinedRequestMessage = 'This signing request was declined';

export type LinkRefusal = 'invalid' | 'expired' | 'cancelled' | 'declined';

/**
 * A link that cannot be used, answered as `{ message, reason }`: 404 for a wrong token (and
 * nothing else, so a guess learns nothing), 410 for a link that worked once.
 */
export class SigningLinkError extends Error {
  readonly statusCode: 404 | 410;
  constructor(readonly reason: LinkRefusal) {
    super(
      {
        invalid: invalidLinkMessage,
        expired: expiredLinkMessage,
        cancelled: cancelledRequestMessage,
        declined: declinedRequestMessage,
      }[reason],
    );
    this.statusCode = reason === 'invalid' ? 404 : 410;
  }
}

export type RequestRow = typeof enhancedSignatureRequests.$inferSelect;
export type RecipientRow = typeof enhancedSignatureRecipients.$inferSelect;

/** Who a link opens: the recipient, its request, and whether it is the sender's in-person hand-over. */
export interface SigningLink {
  recipient: RecipientRow;
  request: RequestRow;
  inPerson: boolean;
}

/**
 * The recipient a raw link token names: its access token, or a live in-person token. A token
 * not shaped like ours is refused without a lookup; a cc/viewer token is a share link, not this.
 */
export async function findSigningLink(db: Database | Transaction, token: string): Promise<SigningLink> {
  if (!signingTokenPattern.test(token)) throw new SigningLinkError('invalid');
  const hash = hashSigningToken(token);
  const [row] = await db
    .select({ recipient: enhancedSignatureRecipients, request: enhancedSignatureRequests })
    .from(enhancedSignatureRecipients)
    .innerJoin(
      enhancedSignatureRequests,
      and(
        eq(enhancedSignatureRequests.id, enhancedSignatureRecipients.signatureRequestId),
        eq(enhancedSignatureRequests.organizationId, enhancedSignatureRecipients.organizationId),
      ),
    )
    .where(
      or(
        eq(enhancedSignatureRecipients.accessToken, hash),
        and(
          eq(enhancedSignatureRecipients.inPersonTokenHash, hash),
          gt(enhancedSignatureRecipients.inPersonExpiresAt, new Date()),
        ),
      ),
    )
    .limit(1);
  if (!row || !actsOnDocument(row.recipient.role) || row.request.status === 'draft') {
    throw new SigningLinkError('invalid');
  }
  return { ...row, inPerson: row.recipient.accessToken !== hash };
}

/**
 * Re-reads the request and then the recipient FOR UPDATE, in that order (every writer of a
 * signing step locks in this order, so two steps never deadlock): statuses are checked on
 * what the lock returns, never on what was read before it.
 */
export async function lockSigningLink(tx: Transaction, link: SigningLink): Promise<SigningLink> {
  const [request] = await tx
    .select()
    .from(enhancedSignatureRequests)
    .where(eq(enhancedSignatureRequests.id, link.request.id))
    .for('update');
  const [recipient] = await tx
    .select()
    .from(enhancedSignatureRecipients)
    .where(eq(enhancedSignatureRecipients.id, link.recipient.id))
    .for('update');
  if (!request || !recipient) throw new SigningLinkError('invalid');
  return { request, recipient, inPerson: link.inPerson };
}

/** Whether a request is past its expiry (a completed one never expires). */
export const isExpired = (request: RequestRow, now = new Date()) =>
  request.status === 'expired' ||
  (request.status !== 'completed' && request.expiresAt !== null && request.expiresAt <= now);

/** Refuses a link whose request can no longer be acted on: cancelled, expired, declined by another. */
export function assertLinkUsable({ request, recipient }: SigningLink) {
  if (request.status === 'cancelled') throw new SigningLinkError('cancelled');
  if (request.status === 'declined' && recipient.status !== 'declined')
    throw new SigningLinkError('declined');
  if (isExpired(request)) throw new SigningLinkError('expired');
}
