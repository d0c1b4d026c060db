import { and, asc, eq, inArray } from 'drizzle-orm';
import { documentShares } from '../../db/schema/documents';
import { organizations, users } from '../../db/schema/identity';
import { enhancedSignatureRecipients, enhancedSignatureRequests } from '../../db/schema/signing';
import type { SecretBox } from '../../lib/secret-box';
import type { Transaction } from '../../lib/transaction';
import { actsOnDocument, queueSigningEmail } from './signing-emails';
import { openRecipientToken } from './verification-data';

export interface SigningDeps {
  secrets: SecretBox;
  appUrl: string;
}

/**
 * Invites the acting recipients (signer, approver, notary) of one step of a sent request: status
 * sent, invitedAt, their share sent, and the invitation e-mail (with the link's own token, opened
 * from its sealed copy) queued in the caller's transaction. Answers how many were invited.
 */
export async function inviteStep(
  tx: Transaction,
  deps: SigningDeps,
  organizationId: string,
  requestId: string,
  step: number,
): Promise<number> {
  const order = (await actingOrdersOf(tx, organizationId, requestId))[step - 1];
  if (order === undefined) return 0;
  const [request] = await tx
    .select({
      title: enhancedSignatureRequests.title,
      message: enhancedSignatureRequests.message,
      expiresAt: enhancedSignatureRequests.expiresAt,
      organizationName: organizations.name,
      senderFirstName: users.firstName,
      senderLastName: users.lastName,
    })
    .from(enhancedSignatureRequests)
    .innerJoin(organizations, eq(organizations.id, enhancedSignatureRequests.organizationId))
    .leftJoin(users, eq(users.id, enhancedSignatureRequests.createdBy))
    .where(
      and(
        eq(enhancedSignatureRequests.id, requestId),
        eq(enhancedSignatureRequests.organizationId, organizationId),
      ),
    )
    .limit(1);
  if (!request) return 0;
  const recipients = (
    await tx
      .select()
      .from(enhancedSignatureRecipients)
      .where(
        and(
          eq(enhancedSignatureRecipients.organizationId, organizationId),
          eq(enhancedSignatureRecipients.signatureRequestId, requestId),
          eq(enhancedSignatureRecipients.signatureOrder, order),
          inArray(enhancedSignatureRecipients.status, ['pending', 'waiting']),
        ),
      )
  ).filter((recipient) => actsOnDocument(recipient.role));
  if (recipients.length === 0) return 0;
  const now = new Date();
  const senderName = request.senderFirstName
    ? `${request.senderFirstName} ${request.senderLastName ?? ''}`.trim()
    : request.organizationName;
  for (const recipient of recipients) {
    await tx
      .update(enhancedSignatureRecipients)
      .set({ status: 'sent', invitedAt: now, updatedAt: now })
      .where(eq(enhancedSignatureRecipients.id, recipient.id));
    if (recipient.shareId) {
      await tx
        .update(documentShares)
        .set({ status: 'sent', emailSent: true, emailSentAt: now, updatedAt: now })
        .where(
          and(eq(documentShares.id, recipient.shareId), eq(documentShares.organizationId, organizationId)),
        );
    }
    await queueSigningEmail(tx, deps.secrets, deps.appUrl, {
      kind: 'invitation',
      organizationId,
      organizationName: request.organizationName,
      senderName,
      to: { email: recipient.email, name: recipient.name, role: recipient.role },
      documentTitle: request.title,
      message: request.message,
      expiresAt: request.expiresAt,
      token: openRecipientToken(deps.secrets, recipient.verificationData) ?? undefined,
    });
  }
  return recipients.length;
}

/** The distinct signatureOrder values of the acting recipients, ascending: step N is the Nth. */
async function actingOrdersOf(tx: Transaction, organizationId: string, requestId: string) {
  const rows = await tx
    .selectDistinct({
      order: enhancedSignatureRecipients.signatureOrder,
      role: enhancedSignatureRecipients.role,
    })
    .from(enhancedSignatureRecipients)
    .where(
      and(
        eq(enhancedSignatureRecipients.organizationId, organizationId),
        eq(enhancedSignatureRecipients.signatureRequestId, requestId),
      ),
    )
    .orderBy(asc(enhancedSignatureRecipients.signatureOrder));
  return [...new Set(rows.filter((row) => actsOnDocument(row.role)).map((row) => row.order))];
}
