import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db';
import { documentSigningWorkflows } from '../../db/schema/documents';
import { enhancedSignatureRecipients, enhancedSignatureRequests } from '../../db/schema/signing';
import { conflict } from '../../lib/app-error';
import { appendSignatureAuditEvent } from '../signing/audit-chain';
import type { SigningDeps } from '../signing/invite-step';
import { queueSigningEmail } from '../signing/signing-emails';
import { alreadySignedMessage, notYourTurnMessage } from './finish-signing';
import { assertLinkUsable, lockSigningLink, type SigningLink } from './signing-link';
import { recordSignerActivity, requestPeopleOf, type SignerClient } from './signing-step-records';
import { setSigningDocumentStatus } from '../signing/signing-document-status';

/**
 * POST /api/signing/:token/decline: the recipient refuses, with a reason. The request ends
 * (declined: every other link now answers "declined"), its document and workflow are cancelled,
 * and the sender is told by e-mail — all in one transaction under the request's lock.
 */
export async function declineSigning(
  db: Database,
  deps: SigningDeps,
  link: SigningLink,
  reason: string,
  client: SignerClient,
): Promise<SigningLink> {
  return db.transaction(async (tx) => {
    const locked = await lockSigningLink(tx, link);
    assertLinkUsable(locked);
    const { request, recipient } = locked;
    if (recipient.status === 'declined') return locked;
    if (recipient.status === 'signed') throw conflict(alreadySignedMessage);
    if (recipient.status !== 'sent' && recipient.status !== 'viewed') throw conflict(notYourTurnMessage);
    const now = new Date();
    const [declinedRecipient] = await tx
      .update(enhancedSignatureRecipients)
      .set({
        status: 'declined',
        declinedAt: now,
        declineReason: reason,
        ipAddress: client.ip,
        userAgent: client.userAgent,
        updatedAt: now,
      })
      .where(eq(enhancedSignatureRecipients.id, recipient.id))
      .returning();
    const [declinedRequest] = await tx
      .update(enhancedSignatureRequests)
      .set({ status: 'declined', updatedAt: now })
      .where(eq(enhancedSignatureRequests.id, request.id))
      .returning();
    await setSigningDocumentStatus(tx, request, 'cancelled');
    if (request.workflowId) {
      await tx
        .update(documentSigningWorkflows)
        .set({ status: 'cancelled', updatedAt: now })
        .where(
          and(
            eq(documentSigningWorkflows.id, request.workflowId),
            eq(documentSigningWorkflows.organizationId, request.organizationId),
          ),
        );
    }
    const after = { ...locked, request: declinedRequest, recipient: declinedRecipient };
    await recordSignerActivity(tx, after, client, 'cancelled', { declined: true, reason });
    await appendSignatureAuditEvent(tx, {
      organizationId: request.organizationId,
      signatureRequestId: request.id,
      recipientId: recipient.id,
      eventType: 'document_declined',
      eventData: { reason },
      ipAddress: client.ip,
      userAgent: client.userAgent,
      sessionId: client.sessionId,
    });
    const people = await requestPeopleOf(tx, request);
    if (people.senderEmail) {
      await queueSigningEmail(tx, deps.secrets, deps.appUrl, {
        kind: 'declined',
        organizationId: request.organizationId,
        organizationName: people.organizationName,
        senderName: people.senderName,
        to: { email: people.senderEmail, name: people.senderName, role: 'cc' },
        documentTitle: request.title,
        reason: `${recipient.name} (${recipient.email}): ${reason}`,
      });
    }
    return after;
  });
}
