import { and, eq, ne, sql } from 'drizzle-orm';
import type { ResendRecipientInput } from '../../../common/validation/signing';
import { documentShares } from '../../db/schema/documents';
import { enhancedSignatureRecipients } from '../../db/schema/signing';
import { conflict, invalidField } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { duplicateRecipientMessage } from './draft-request';
import { type SigningDeps, senderOf } from './invite-step';
import { recipientViewOf } from './present-signature-request';
import { queueSigningEmail } from './signing-emails';
import {
  recipientRowOf,
  requestNotActiveMessage,
  requestRowOf,
  runningRequestStatuses,
} from './signing-records';
import { createSigningToken } from './signing-tokens';
import { sealRecipientToken, verificationDataOf } from './verification-data';

export const recipientFinishedMessage =
  'This recipient has already signed or declined: there is nothing to resend';

/**
 * POST /:id/recipients/:recipientId/resend {email?, name?}: a corrected address or a lost e-mail.
 * The recipient gets a new link token (the old hash is replaced, so the old link dies), its share
 * follows, and a recipient whose turn it is (or a cc/viewer) is e-mailed the new link now; one
 * still waiting gets it when their step comes. A new address must verify again: code and
 * verified sessions are dropped.
 */
export async function resendToRecipient(
  ctx: ServiceContext,
  deps: SigningDeps,
  requestId: string,
  recipientId: string,
  input: ResendRecipientInput,
) {
  return ctx.db.transaction(async (tx) => {
    const request = await requestRowOf(tx, ctx.orgId, requestId, { lock: true });
    if (!(runningRequestStatuses as readonly string[]).includes(request.status))
      throw conflict(requestNotActiveMessage);
    const recipient = await recipientRowOf(tx, ctx.orgId, requestId, recipientId);
    if (recipient.status === 'signed' || recipient.status === 'declined')
      throw conflict(recipientFinishedMessage);
    const email = input.email ?? recipient.email;
    const name = input.name ?? recipient.name;
    if (email.toLowerCase() !== recipient.email.toLowerCase()) {
      const [taken] = await tx
        .select({ id: enhancedSignatureRecipients.id })
        .from(enhancedSignatureRecipients)
        .where(
          and(
            eq(enhancedSignatureRecipients.signatureRequestId, requestId),
            ne(enhancedSignatureRecipients.id, recipientId),
            sql`lower(${enhancedSignatureRecipients.email}) = ${email.toLowerCase()}`,
          ),
        );
      if (taken) throw invalidField('email', duplicateRecipientMessage);
    }
    const { token, hash } = createSigningToken();
    const invitedNow = recipient.status === 'sent' || recipient.status === 'viewed';
    const now = new Date();
    const { code: _code, sessions: _sessions, ...kept } = verificationDataOf(recipient.verificationData);
    const [row] = await tx
      .update(enhancedSignatureRecipients)
      .set({
        email,
        name,
        accessToken: hash,
        verificationData: { ...kept, sealedToken: sealRecipientToken(deps.secrets, token) },
        inPersonTokenHash: null,
        inPersonExpiresAt: null,
        ...(invitedNow ? { invitedAt: now } : {}),
        updatedAt: now,
      })
      .where(eq(enhancedSignatureRecipients.id, recipientId))
      .returning();
    if (recipient.shareId) {
      await tx
        .update(documentShares)
        .set({
          shareToken: hash,
          recipientEmail: email,
          recipientName: name,
          ...(invitedNow ? { emailSent: true, emailSentAt: now } : {}),
          updatedAt: now,
        })
        .where(and(eq(documentShares.organizationId, ctx.orgId), eq(documentShares.id, recipient.shareId)));
    }
    if (invitedNow) {
      const { organizationName, senderName } = await senderOf(tx, ctx.orgId, request.createdBy);
      await queueSigningEmail(tx, deps.secrets, deps.appUrl, {
        kind: 'invitation',
        organizationId: ctx.orgId,
        organizationName,
        senderName,
        to: { email, name, role: recipient.role },
        documentTitle: request.title,
        message: request.message,
        expiresAt: request.expiresAt,
        token,
      });
    }
    return recipientViewOf(tx, ctx.orgId, row);
  });
}
