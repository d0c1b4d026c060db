import { and, eq, inArray } from 'drizzle-orm';
import { documentActivities } from '../../db/schema/documents';
import { enhancedSignatureRecipients, enhancedSignatureRequests } from '../../db/schema/signing';
import { conflict } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import type { Transaction } from '../../lib/transaction';
import { appendSignatureAuditEvent } from './audit-chain';
import { type SigningDeps, senderOf } from './invite-step';
import { actsOnDocument, queueSigningEmail } from './signing-emails';
import {
  recipientRowOf,
  requestNotActiveMessage,
  requestRowOf,
  runningRequestStatuses,
} from './signing-records';
import { openRecipientToken } from './verification-data';

type RequestRow = typeof enhancedSignatureRequests.$inferSelect;
type RecipientRow = typeof enhancedSignatureRecipients.$inferSelect;

export const notAwaitedMessage = 'This recipient is not waiting to sign: nothing to remind them of';

/** Whose turn it is: acting recipients invited and not yet done. */
export const isAwaited = (recipient: RecipientRow) =>
  actsOnDocument(recipient.role) && (recipient.status === 'sent' || recipient.status === 'viewed');

/**
 * One reminder in the caller's transaction: the e-mail with the same link (the sealed token),
 * remindersSent + 1, lastReminderAt, activity and audit reminder_sent. Answers false for a
 * recipient whose token can no longer be opened (nothing is sent: resend gives a new link).
 */
export async function remindRecipient(
  tx: Transaction,
  deps: SigningDeps,
  request: RequestRow,
  recipient: RecipientRow,
  context: { ip?: string | null; userAgent?: string | null; automatic: boolean },
) {
  const token = openRecipientToken(deps.secrets, recipient.verificationData);
  if (!token) return false;
  const now = new Date();
  const { organizationName, senderName } = await senderOf(tx, request.organizationId, request.createdBy);
  await queueSigningEmail(tx, deps.secrets, deps.appUrl, {
    kind: 'reminder',
    organizationId: request.organizationId,
    organizationName,
    senderName,
    to: { email: recipient.email, name: recipient.name, role: recipient.role },
    documentTitle: request.title,
    expiresAt: request.expiresAt,
    token,
  });
  await tx
    .update(enhancedSignatureRecipients)
    .set({ remindersSent: recipient.remindersSent + 1, lastReminderAt: now, updatedAt: now })
    .where(eq(enhancedSignatureRecipients.id, recipient.id));
  if (request.documentInstanceId) {
    await tx.insert(documentActivities).values({
      organizationId: request.organizationId,
      documentInstanceId: request.documentInstanceId,
      activityType: 'reminder_sent',
      actorEmail: recipient.email,
      actorName: recipient.name,
      details: { signatureRequestId: request.id, recipientId: recipient.id, automatic: context.automatic },
      ipAddress: context.ip ?? null,
      userAgent: context.userAgent ?? null,
    });
  }
  await appendSignatureAuditEvent(tx, {
    organizationId: request.organizationId,
    signatureRequestId: request.id,
    recipientId: recipient.id,
    eventType: 'reminder_sent',
    eventData: { reminder: recipient.remindersSent + 1, automatic: context.automatic },
    ipAddress: context.ip ?? null,
    userAgent: context.userAgent ?? null,
  });
  return true;
}

/** POST /:id/remind {recipientId?}: everyone whose turn it is, or that one recipient. */
export async function remindRecipients(
  ctx: ServiceContext,
  deps: SigningDeps,
  requestId: string,
  recipientId: string | undefined,
) {
  return ctx.db.transaction(async (tx) => {
    const request = await requestRowOf(tx, ctx.orgId, requestId, { lock: true });
    if (!(runningRequestStatuses as readonly string[]).includes(request.status))
      throw conflict(requestNotActiveMessage);
    if (recipientId) {
      const recipient = await recipientRowOf(tx, ctx.orgId, requestId, recipientId);
      if (!isAwaited(recipient)) throw conflict(notAwaitedMessage);
    }
    const recipients = await tx
      .select()
      .from(enhancedSignatureRecipients)
      .where(
        and(
          eq(enhancedSignatureRecipients.organizationId, ctx.orgId),
          eq(enhancedSignatureRecipients.signatureRequestId, requestId),
          inArray(enhancedSignatureRecipients.status, ['sent', 'viewed']),
          recipientId ? eq(enhancedSignatureRecipients.id, recipientId) : undefined,
        ),
      )
      .for('update');
    let reminded = 0;
    for (const recipient of recipients.filter(isAwaited)) {
      const sent = await remindRecipient(tx, deps, request, recipient, {
        ip: ctx.client?.ip,
        userAgent: ctx.client?.userAgent,
        automatic: false,
      });
      if (sent) reminded += 1;
    }
    return { reminded };
  });
}
