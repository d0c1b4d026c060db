import type { WebhookEventType } from '../../../common/validation/integrations';
import type { enhancedSignatureRecipients, enhancedSignatureRequests } from '../../db/schema/signing';
import type { Transaction } from '../../lib/transaction';
import { emitWebhookEvent } from './emit-webhook-event';

type RequestRow = typeof enhancedSignatureRequests.$inferSelect;
type RecipientRow = typeof enhancedSignatureRecipients.$inferSelect;

/**
 * document.sent / viewed / signed / completed, queued in the signing step's own transaction.
 * `data` is the signature request as the sender's API shows it (no tokens, links or signature
 * images) and, for a recipient's step, who took it.
 */
export async function emitDocumentEvent(
  tx: Transaction,
  type: Extract<WebhookEventType, `document.${string}`>,
  request: RequestRow,
  recipient?: RecipientRow,
) {
  await emitWebhookEvent(tx, request.organizationId, type, {
    id: request.id,
    signatureRequestId: request.id,
    documentInstanceId: request.documentInstanceId,
    dealId: request.dealId,
    title: request.title,
    status: request.status,
    signatureType: request.signatureType,
    documentHash: request.documentHash,
    sentAt: request.sentAt,
    completedAt: request.completedAt,
    expiresAt: request.expiresAt,
    ...(recipient
      ? {
          recipient: {
            id: recipient.id,
            email: recipient.email,
            name: recipient.name,
            role: recipient.role,
            status: recipient.status,
            viewedAt: recipient.viewedAt,
            signedAt: recipient.signedAt,
          },
        }
      : {}),
  });
}
