import { and, asc, eq, inArray } from 'drizzle-orm';
import { documentShares } from '../../db/schema/documents';
import { organizations, users } from '../../db/schema/identity';
import { enhancedSignatureRecipients, enhancedSignatureRequests } from '../../db/schema/signing';
import type { SecretBox } from '../../lib/secret-box';
import type { Transaction } from '../../lib/transaction';
import { actsOnDocument, queueSigningEmail } from './signing-emails';
import { openRecipientToken } from './verification-data';

/** What the signing engine needs beyond the database: the key of sealed tokens and the links' base. */
export interface SigningDeps {
  secrets: SecretBox;
  appUrl: string;
}

type RecipientRow = typeof enhancedSignatureRecipients.$inferSelect;

/**
 * A request's steps: the distinct signatureOrder values of its acting recipients (signers,
 * approvers, notaries), ascending. Step N (1-based) is the N-th of them, so orders 1, 3, 5 are
 * steps 1, 2, 3. In parallel order everything is step 1.
 */
export function stepsOf(signingOrder: string, recipients: Pick<RecipientRow, 'role' | 'signatureOrder'>[]) {
  const orders = [
    ...new Set(recipients.filter((r) => actsOnDocument(r.role)).map((r) => r.signatureOrder)),
  ].toSorted((a, b) => a - b);
  return {
    totalSteps: signingOrder === 'parallel' ? 1 : Math.max(orders.length, 1),
    stepOf: (recipient: Pick<RecipientRow, 'role' | 'signatureOrder'>) =>
      signingOrder === 'parallel' ? 1 : orders.indexOf(recipient.signatureOrder) + 1,
  };
}

/** The name the e-mails sign with: the organization's, and the sender's (the request's creator). */
export async function senderOf(tx: Transaction, organizationId: string, createdBy: string | null) {
  const [organization] = await tx
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  const [user] = createdBy
    ? await tx
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, createdBy))
    : [];
  const organizationName = organization?.name ?? 'Locus';
  return {
    organizationName,
    senderName: user ? `${user.firstName} ${user.lastName}`.trim() : organizationName,
  };
}

/**
 * Invites the acting recipients (signer, approver, notary) of one step of a sent request: status
 * sent, invitedAt now, their share sent with emailSent/emailSentAt, and the invitation e-mail with
 * their link (the sealed token) queued in the same transaction. Recipients already invited or
 * done are left alone, so calling it twice for a step invites nobody twice. Answers how many were
 * invited. The caller holds the transaction of the step that made this one current.
 */
export async function inviteStep(
  tx: Transaction,
  deps: SigningDeps,
  organizationId: string,
  requestId: string,
  step: number,
): Promise<number> {
  const [request] = await tx
    .select()
    .from(enhancedSignatureRequests)
    .where(
      and(
        eq(enhancedSignatureRequests.id, requestId),
        eq(enhancedSignatureRequests.organizationId, organizationId),
      ),
    );
  if (!request) return 0;
  const recipients = await tx
    .select()
    .from(enhancedSignatureRecipients)
    .where(
      and(
        eq(enhancedSignatureRecipients.organizationId, organizationId),
        eq(enhancedSignatureRecipients.signatureRequestId, requestId),
      ),
    )
    .orderBy(asc(enhancedSignatureRecipients.signatureOrder), asc(enhancedSignatureRecipients.createdAt))
    .for('update');
  const { stepOf } = stepsOf(request.signatureType, recipients);
  const due = recipients.filter(
    (r) => actsOnDocument(r.role) && stepOf(r) === step && (r.status === 'pending' || r.status === 'waiting'),
  );
  if (due.length === 0) return 0;
  const now = new Date();
  const dueIds = due.map((r) => r.id);
  await tx
    .update(enhancedSignatureRecipients)
    .set({ status: 'sent', invitedAt: now, updatedAt: now })
    .where(inArray(enhancedSignatureRecipients.id, dueIds));
  const shareIds = due.flatMap((r) => (r.shareId ? [r.shareId] : []));
  if (shareIds.length > 0) {
    await tx
      .update(documentShares)
      .set({ status: 'sent', emailSent: true, emailSentAt: now, updatedAt: now })
      .where(and(eq(documentShares.organizationId, organizationId), inArray(documentShares.id, shareIds)));
  }
  const { organizationName, senderName } = await senderOf(tx, organizationId, request.createdBy);
  for (const recipient of due) {
    const token = openRecipientToken(deps.secrets, recipient.verificationData);
    // A token that cannot be opened (the key changed) would mail a dead link: resend makes a new one.
    if (!token) throw new Error(`inviteStep: recipient ${recipient.id} has no sealed link token`);
    await queueSigningEmail(tx, deps.secrets, deps.appUrl, {
      kind: 'invitation',
      organizationId,
      organizationName,
      senderName,
      to: { email: recipient.email, name: recipient.name, role: recipient.role },
      documentTitle: request.title,
      message: request.message,
      expiresAt: request.expiresAt,
      token,
    });
  }
  return due.length;
}
