import { emitDocumentEvent } from '../webhooks/document-events';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { documentShares } from '../../db/schema/documents';
import { enhancedSignatureRecipients, enhancedSignatureRequests } from '../../db/schema/signing';
import { appendSignatureAuditEvent } from '../signing/audit-chain';
import { verificationDataOf } from '../signing/verification-data';
import { lockSigningLink, type SigningLink } from './signing-link';
import { recordSignerActivity, type SignerClient } from './signing-step-records';
import { setSigningDocumentStatus } from '../signing/signing-document-status';

/**
 * The recipient's first look at the document (the first view in state ready), recorded once:
 * recipient, share, request and document move to viewed, with an activity and an audit event.
 * The IP it came from is kept as a fraud signal for the signing.
 */
export async function recordSigningView(
  db: Database,
  link: SigningLink,
  client: SignerClient,
): Promise<SigningLink> {
  if (link.recipient.viewedAt) return link;
  return db.transaction(async (tx) => {
    const locked = await lockSigningLink(tx, link);
    const { request, recipient } = locked;
    if (recipient.viewedAt || recipient.status !== 'sent') return locked;
    const now = new Date();
    const [updated] = await tx
      .update(enhancedSignatureRecipients)
      .set({
        status: 'viewed',
        viewedAt: now,
        verificationData: { ...verificationDataOf(recipient.verificationData), viewedFromIp: client.ip },
        updatedAt: now,
      })
      .where(eq(enhancedSignatureRecipients.id, recipient.id))
      .returning();
    if (recipient.shareId) {
      await tx
        .update(documentShares)
        .set({
          status: sql`case when ${documentShares.status} in ('pending', 'sent') then 'viewed' else ${documentShares.status} end`,
          accessCount: sql`${documentShares.accessCount} + 1`,
          firstAccessedAt: sql`coalesce(${documentShares.firstAccessedAt}, now())`,
          lastAccessedAt: now,
          updatedAt: now,
        })
        .where(
          and(
            eq(documentShares.id, recipient.shareId),
            eq(documentShares.organizationId, request.organizationId),
          ),
        );
    }
    let requestRow = request;
    if (request.status === 'sent') {
      [requestRow] = await tx
        .update(enhancedSignatureRequests)
        .set({ status: 'viewed', updatedAt: now })
        .where(eq(enhancedSignatureRequests.id, request.id))
        .returning();
    }
    await setSigningDocumentStatus(tx, request, 'viewed', 'sent');
    const after = { ...locked, request: requestRow, recipient: updated };
    await emitDocumentEvent(tx, 'document.viewed', requestRow, updated);
    await recordSignerActivity(tx, after, client, 'viewed');
    await appendSignatureAuditEvent(tx, {
      organizationId: request.organizationId,
      signatureRequestId: request.id,
      recipientId: recipient.id,
      eventType: 'document_viewed',
      eventData: { inPerson: link.inPerson, documentHash: request.documentHash },
      ipAddress: client.ip,
      userAgent: client.userAgent,
      sessionId: client.sessionId,
    });
    return after;
  });
}
