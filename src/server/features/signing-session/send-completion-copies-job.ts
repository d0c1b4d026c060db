import { and, eq } from 'drizzle-orm';
import { outbox } from '../../db/schema/platform';
import { enhancedSignatureRecipients, enhancedSignatureRequests } from '../../db/schema/signing';
import { type OutboxHandler, PermanentJobError } from '../../jobs/outbox-handler';
import { sealedFileNameOf } from '../sealing/seal-signature-request';
import { readSealedPdf } from '../sealing/sealed-file';
import { queuePlatformEmail } from '../email/queue-platform-email';
import { composeSigningEmail } from '../signing/signing-emails';
import { openRecipientToken } from '../signing/verification-data';
import { requestPeopleOf } from './signing-step-records';

/**
 * `signing.completion_copies` (payload `{ requestId }`), queued once by the seal (issue 18): the
 * sealed PDF read from the file store, then one platform message per recipient (every role, with their
 * own link) and one to the sender, each with the copy attached. The messages are queued in one
 * transaction that also marks this job's payload, so a retry after a crash never sends twice;
 * each message is then delivered (and retried) on its own.
 */
export const sendCompletionCopiesJob: OutboxHandler = async (job, context) => {
  const requestId = job.payload.requestId;
  const organizationId = job.organizationId;
  if (typeof requestId !== 'string' || !organizationId)
    throw new PermanentJobError('The job names no request');
  if (job.payload.copiesQueuedAt) return undefined;
  const [request] = await context.db
    .select()
    .from(enhancedSignatureRequests)
    .where(
      and(
        eq(enhancedSignatureRequests.id, requestId),
        eq(enhancedSignatureRequests.organizationId, organizationId),
      ),
    )
    .limit(1);
  if (!request || request.status !== 'completed') throw new PermanentJobError('The request is not completed');
  const pdf = await readSealedPdf(context.db, context.files, request);
  if (!pdf) throw new PermanentJobError('The sealed PDF is missing');
  const attachment = {
    filename: sealedFileNameOf(request.title),
    contentType: 'application/pdf',
    content: pdf.toString('base64'),
  };
  await context.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(eq(outbox.id, job.id))
      .for('update');
    if ((current?.payload as Record<string, unknown> | undefined)?.copiesQueuedAt) return;
    const recipients = await tx
      .select()
      .from(enhancedSignatureRecipients)
      .where(
        and(
          eq(enhancedSignatureRecipients.organizationId, organizationId),
          eq(enhancedSignatureRecipients.signatureRequestId, requestId),
        ),
      );
    const people = await requestPeopleOf(tx, request);
    const common = {
      kind: 'completed' as const,
      organizationId,
      organizationName: people.organizationName,
      senderName: people.senderName,
      documentTitle: request.title,
    };
    const messages = recipients.map((recipient) =>
      composeSigningEmail(context.appUrl, {
        ...common,
        to: { email: recipient.email, name: recipient.name, role: recipient.role },
        token: openRecipientToken(context.secrets, recipient.verificationData) ?? undefined,
      }),
    );
    const to = recipients.map((recipient) => recipient.email);
    if (
      people.senderEmail &&
      !to.some((email) => email.toLowerCase() === people.senderEmail?.toLowerCase())
    ) {
      messages.push(
        composeSigningEmail(context.appUrl, {
          ...common,
          to: { email: people.senderEmail, name: people.senderName, role: 'cc' },
        }),
      );
      to.push(people.senderEmail);
    }
    for (const [index, message] of messages.entries()) {
      await queuePlatformEmail(tx, context.secrets, {
        to: to[index],
        ...message,
        organizationId,
        purpose: 'notification',
        attachments: [attachment],
      });
    }
    await tx
      .update(outbox)
      .set({ payload: { ...job.payload, copiesQueuedAt: new Date().toISOString(), copies: messages.length } })
      .where(eq(outbox.id, job.id));
  });
  return undefined;
};
