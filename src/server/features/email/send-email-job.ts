import { and, eq } from 'drizzle-orm';
import type Mail from 'nodemailer/lib/mailer';
import { emailAccounts, emails, emailTracking } from '../../db/schema/email';
import {
  type OutboxContext,
  type OutboxDeadLetterHook,
  type OutboxHandler,
  PermanentJobError,
} from '../../jobs/outbox-handler';
import { applyTracking } from '../email-tracking/apply-tracking';
import {
  createMailTransports,
  mailboxServer,
  organizationServer,
  type SmtpServer,
  smtpErrorMessage,
} from './mail-transport';
import { mailServerWaitMs, organizationSender, waitingForMailServer } from './sender';

/** One entry of `emails.attachments` for outgoing mail: a file of the file store. */
interface StoredAttachment {
  fileId: string;
  name: string;
  contentType?: string;
  size?: number;
}

/**
 * Delivers a stored outgoing message (`email.send`, payload `{ emailId }`). The message keeps its
 * Message-ID across tries and is marked sent right after the server accepts it, so a retry never
 * sends a message already delivered; a row already marked sent is not sent again.
 */
export const sendEmailJob: OutboxHandler = async (job, context) => {
  const emailId = job.payload.emailId;
  const orgId = job.organizationId;
  if (typeof emailId !== 'string' || !orgId) throw new PermanentJobError('The job names no message to send');
  const [email] = await context.db
    .select()
    .from(emails)
    .where(and(eq(emails.organizationId, orgId), eq(emails.id, emailId)))
    .limit(1);
  // Deleted since it was queued: nothing is left to send.
  if (!email || email.sendStatus === 'sent') return undefined;

  const account = email.accountId
    ? (
        await context.db
          .select()
          .from(emailAccounts)
          .where(and(eq(emailAccounts.organizationId, orgId), eq(emailAccounts.id, email.accountId)))
          .limit(1)
      )[0]
    : undefined;

  let server: SmtpServer | undefined;
  try {
    server =
      (account && (await mailboxServer(context, account))) || (await organizationServer(context, orgId));
  } catch (error) {
    // A mailbox whose token cannot be refreshed: the try fails with the provider's words.
    await recordTryError(context, orgId, emailId, smtpErrorMessage(error));
    throw error;
  }
  if (!server) {
    await context.db
      .update(emails)
      .set({ sendStatus: 'waiting', sendError: null, updatedAt: new Date() })
      .where(and(eq(emails.organizationId, orgId), eq(emails.id, emailId)));
    return { waitUntil: new Date(Date.now() + mailServerWaitMs), reason: waitingForMailServer };
  }

  const sender = account
    ? { from: { name: account.displayName || '', address: account.email }, replyTo: undefined }
    : await organizationSender(context, orgId);

  const [tracking] = await context.db
    .select({ pixelId: emailTracking.trackingPixelId })
    .from(emailTracking)
    .where(and(eq(emailTracking.organizationId, orgId), eq(emailTracking.emailId, emailId)))
    .limit(1);
  const html = email.bodyHtml
    ? tracking
      ? applyTracking(email.bodyHtml, {
          pixelId: tracking.pixelId,
          appUrl: context.appUrl,
          secrets: context.secrets,
        })
      : email.bodyHtml
    : undefined;

  const attachments: Mail.Attachment[] = [];
  for (const attachment of (email.attachments ?? []) as StoredAttachment[]) {
    const content = await context.files.open(orgId, attachment.fileId);
    if (!content) throw new PermanentJobError(`The attachment "${attachment.name}" is no longer available`);
    attachments.push({ filename: attachment.name, content, contentType: attachment.contentType });
  }

  const transports = context.mail ?? createMailTransports(context.smtpTimeoutMs);
  try {
    await transports.get(server).sendMail({
      messageId: email.messageId,
      from: sender.from,
      replyTo: sender.replyTo,
      to: email.toEmails,
      cc: email.ccEmails.length > 0 ? email.ccEmails : undefined,
      bcc: email.bccEmails.length > 0 ? email.bccEmails : undefined,
      subject: email.subject ?? '',
      html,
      text: email.bodyText ?? undefined,
      inReplyTo: email.inReplyTo ?? undefined,
      references: email.references.length > 0 ? email.references : undefined,
      attachments,
    });
  } catch (error) {
    for (const attachment of attachments)
      (attachment.content as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
    await recordTryError(context, orgId, emailId, smtpErrorMessage(error));
    throw new Error(smtpErrorMessage(error), { cause: error });
  } finally {
    if (!context.mail) transports.close();
  }
  await context.db
    .update(emails)
    .set({ sendStatus: 'sent', sentAt: new Date(), sendError: null, updatedAt: new Date() })
    .where(and(eq(emails.organizationId, orgId), eq(emails.id, emailId)));
  return undefined;
};

/** A failed try: the message stays queued and shows the server's words until the next try. */
async function recordTryError(context: OutboxContext, orgId: string, emailId: string, message: string) {
  await context.db
    .update(emails)
    .set({ sendStatus: 'queued', sendError: message, updatedAt: new Date() })
    .where(and(eq(emails.organizationId, orgId), eq(emails.id, emailId)));
}

/** The last try failed: the message is failed, and so is its delivery as tracking shows it. */
export const sendEmailDeadLettered: OutboxDeadLetterHook = async (job, message, context) => {
  const emailId = job.payload.emailId;
  const orgId = job.organizationId;
  if (typeof emailId !== 'string' || !orgId) return;
  await context.db.transaction(async (tx) => {
    await tx
      .update(emails)
      .set({ sendStatus: 'failed', sendError: message, updatedAt: new Date() })
      .where(and(eq(emails.organizationId, orgId), eq(emails.id, emailId)));
    await tx
      .update(emailTracking)
      .set({ deliveryStatus: 'failed', updatedAt: new Date() })
      .where(and(eq(emailTracking.organizationId, orgId), eq(emailTracking.emailId, emailId)));
  });
};
