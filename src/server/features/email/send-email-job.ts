import { and, eq, inArray, sql } from 'drizzle-orm';
import type Mail from 'nodemailer/lib/mailer';
import { emailAccounts, emails, emailTracking } from '../../db/schema/email';
import {
  type OutboxContext,
  type OutboxDeadLetterHook,
  type OutboxHandler,
  type OutboxJobRow,
  type OutboxRoundHooks,
  memoized,
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
  // Read with the round's other messages (prepare below), else on its own.
  const [found] = await memoized(context, `email:${orgId}:${emailId}`, () =>
    loadEmails(context, orgId, [emailId]),
  );
  const email = found?.email;
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
    : await memoized(context, `sender:${orgId}`, () => organizationSender(context, orgId));

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
    await (await transports.get(server)).sendMail({
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
  const sent = context.memo?.get(sentKey) as SentMark[] | undefined;
  if (sent) sent.push({ orgId, emailId, sentAt: new Date() });
  else await markSent(context, [{ orgId, emailId, sentAt: new Date() }]);
  return undefined;
};

interface SentMark {
  orgId: string;
  emailId: string;
  sentAt: Date;
}

const sentKey = 'email.send:sent';

/** The messages (with their tracking pixel, when tracked: the pixel and signed links go in) of one organization. */
function loadEmails(context: OutboxContext, orgId: string, ids: string[]) {
  return context.db
    .select({ email: emails, pixelId: emailTracking.trackingPixelId })
    .from(emails)
    .leftJoin(
      emailTracking,
      and(eq(emailTracking.organizationId, orgId), eq(emailTracking.emailId, emails.id)),
    )
    .where(and(eq(emails.organizationId, orgId), inArray(emails.id, ids)));
}

/** Marks accepted messages sent in one statement, each within its own organization. */
async function markSent(context: OutboxContext, marks: SentMark[]) {
  if (marks.length === 0) return;
  const rows = sql.join(
    marks.map((m) => sql`(${m.orgId}::uuid, ${m.emailId}::uuid, ${m.sentAt.toISOString()}::timestamptz)`),
    sql`, `,
  );
  await context.db.execute(sql`
    update ${emails} set send_status = 'sent', sent_at = sent.at, send_error = null, updated_at = now()
    from (values ${rows}) as sent(organization_id, id, at)
    where ${emails.organizationId} = sent.organization_id and ${emails.id} = sent.id`);
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A backlog goes out at the transport's rate: the round's messages are read in one query per
 * organization before the sends, and the accepted ones marked sent in one statement after them
 * (before their jobs are marked done, so a crash in between re-sends rather than loses).
 */
export const sendEmailRoundHooks: OutboxRoundHooks = {
  async prepare(jobs, context) {
    if (!context.memo) return;
    context.memo.set(sentKey, [] as SentMark[]);
    const byOrg = new Map<string, string[]>();
    for (const job of jobs) {
      const id = job.payload.emailId;
      if (!job.organizationId || typeof id !== 'string' || !uuidPattern.test(id)) continue;
      byOrg.set(job.organizationId, [...(byOrg.get(job.organizationId) ?? []), id]);
    }
    for (const [orgId, ids] of byOrg) {
      const rows = await loadEmails(context, orgId, ids);
      for (const id of ids) {
        context.memo.set(`email:${orgId}:${id}`, Promise.resolve(rows.filter((row) => row.email.id === id)));
      }
    }
  },
  async finish(_jobs: OutboxJobRow[], context) {
    const sent = context.memo?.get(sentKey) as SentMark[] | undefined;
    if (sent) await markSent(context, sent.splice(0));
  },
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
