import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { attachmentFileMissingMessage, uploadedFileUrl } from '../../../common/validation/activities';
import {
  attachmentsTooLargeMessage,
  type ComposeEmailInput,
  maxAttachmentsBytes,
} from '../../../common/validation/email';
import { activities, leadActivities } from '../../db/schema/crm';
import {
  emailAccounts,
  emailSignatures,
  emails,
  emailTemplates,
  emailTracking,
  organizationEmailSettings,
} from '../../db/schema/email';
import { files } from '../../db/schema/files';
import { organizations, users } from '../../db/schema/identity';
import { AppError, invalidFields, notFound } from '../../lib/app-error';
import { enqueueOutbox, outboxKinds } from '../../lib/outbox';
import type { ServiceContext } from '../../lib/service-context';
import { inOrganization, rowInOrganization } from '../../lib/tenant-scope';
import type { Transaction } from '../../lib/transaction';
import { newActivityColumns, recordLastContact } from '../activities/activity-rules';
import { newMessageId } from '../email/message-id';
import { type StoredAttachment, storeEmail, threadSubject } from '../email/store-email';
import { loadEmailSanitizer, presentEmail } from './present-email';
import { emailNotFoundMessage, findVisibleThread } from './email-threads';

export { emailNotFoundMessage };
import { assertReadableRecord, recordLabel } from './record-access';

export const mailboxNotFoundMessage = 'Mailbox not found';
export const templateNotFoundMessage = 'Template not found';
export const signatureNotFoundMessage = 'Signature not found';

/**
 * POST /api/emails: stores the message (storeEmail: threaded, linked to the records among its
 * recipients), its timeline entry on the record, the template's and signature's usage, its
 * tracking row, and the outbox job that delivers it — in ONE transaction, so a refused part
 * (a missing attachment, a foreign template) leaves nothing and a stored message is always sent.
 */
export async function composeEmail(ctx: ServiceContext, input: ComposeEmailInput) {
  // Reads that decide who may do what come first (PGlite runs one query at a time: no reads on ctx.db inside the transaction).
  if (input.entityType && input.entityId) await assertReadableRecord(ctx, input.entityType, input.entityId);
  const original = input.replyToEmailId ? await findVisibleEmail(ctx, input.replyToEmailId) : null;
  const sender = await senderOf(ctx, input.accountId ?? null);

  const subject = input.subject || `Re: ${threadSubject(original?.subject) ?? ''}`.trim();
  const { htmlToText } = await loadEmailSanitizer();
  const bodyText = htmlToText(input.bodyHtml);
  const references = original ? [...new Set([...original.references, original.messageId])] : [];

  const { email, tracking } = await ctx.db.transaction(async (tx) => {
    const attachments = await lockAttachments(tx, ctx.orgId, input.attachmentFileIds ?? []);
    if (input.templateId)
      await countUse(tx, ctx.orgId, emailTemplates, input.templateId, templateNotFoundMessage);
    if (input.signatureId)
      await countUse(tx, ctx.orgId, emailSignatures, input.signatureId, signatureNotFoundMessage);

    const stored = await storeEmail(
      tx,
      ctx.orgId,
      {
        accountId: sender.accountId,
        messageId: newMessageId(sender.email),
        inReplyTo: original?.messageId ?? null,
        references,
        subject,
        fromEmail: sender.email,
        fromName: sender.name,
        toEmails: input.to,
        ccEmails: input.cc ?? [],
        bccEmails: input.bcc ?? [],
        bodyHtml: input.bodyHtml,
        bodyText,
        attachments,
        direction: 'outbound',
        isRead: true,
        labels: input.entityType && input.entityId ? [recordLabel(input.entityType, input.entityId)] : [],
        sendStatus: 'queued',
        sentBy: ctx.actor.id,
      },
      { ownAddresses: [sender.email] },
    );

    await addTimelineEntry(tx, ctx, input, subject, bodyText, attachments);

    const [settings] = await tx
      .select({ trackingEnabled: organizationEmailSettings.trackingEnabled })
      .from(organizationEmailSettings)
      .where(eq(organizationEmailSettings.organizationId, ctx.orgId));
    let trackingRow: typeof emailTracking.$inferSelect | null = null;
    if (settings?.trackingEnabled) {
      [trackingRow] = await tx
        .insert(emailTracking)
        .values({
          organizationId: ctx.orgId,
          emailId: stored.email.id,
          // 128 random bits: the pixel's URL is the only thing that names the message.
          trackingPixelId: randomBytes(16).toString('base64url'),
        })
        .returning();
    }
    await enqueueOutbox(tx, {
      kind: outboxKinds.sendEmail,
      organizationId: ctx.orgId,
      payload: { emailId: stored.email.id },
    });
    return { email: stored.email, tracking: trackingRow };
  });
  return presentEmail(email, tracking);
}

/** From: the user's own mailbox, or the organization's sender through its (or the platform's) server. */
async function senderOf(ctx: ServiceContext, accountId: string | null) {
  const [me] = await ctx.db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.id, ctx.actor.id), eq(users.organizationId, ctx.orgId)));
  const myName = me ? `${me.firstName} ${me.lastName}`.trim() : null;
  if (accountId) {
    // Mailboxes are personal: a colleague's is "not found" like a foreign one.
    const [account] = await ctx.db
      .select({ id: emailAccounts.id, email: emailAccounts.email, displayName: emailAccounts.displayName })
      .from(emailAccounts)
      .where(
        and(rowInOrganization(emailAccounts, ctx.orgId, accountId), eq(emailAccounts.userId, ctx.actor.id)),
      );
    if (!account) throw notFound(mailboxNotFoundMessage);
    return { accountId: account.id, email: account.email, name: account.displayName ?? myName };
  }
  const [organization] = await ctx.db
    .select({ fromAddress: organizations.emailFromAddress, fromName: organizations.emailFromName })
    .from(organizations)
    .where(eq(organizations.id, ctx.orgId));
  // Without a sender address of the organization, the user's own (the delivery may still rewrite the envelope).
  return {
    accountId: null,
    email: organization?.fromAddress || me?.email || 'no-reply@locus.invalid',
    name: organization?.fromName || myName,
  };
}

/** The message replied to, if the user may see its thread (404 otherwise). */
async function findVisibleEmail(ctx: ServiceContext, id: string) {
  const [row] = await ctx.db
    .select({
      messageId: emails.messageId,
      references: emails.references,
      subject: emails.subject,
      threadId: emails.threadId,
    })
    .from(emails)
    .where(rowInOrganization(emails, ctx.orgId, id))
    .limit(1);
  if (!row?.threadId) throw notFound(emailNotFoundMessage);
  try {
    await findVisibleThread(ctx, row.threadId);
  } catch {
    throw notFound(emailNotFoundMessage);
  }
  return row;
}

/**
 * The uploaded files to attach, share-locked until the message is stored (the file sweep cannot
 * remove one meanwhile); 400 for a file that is not the organization's, 413 over 25 MB in all.
 */
async function lockAttachments(tx: Transaction, orgId: string, ids: string[]): Promise<StoredAttachment[]> {
  if (ids.length === 0) return [];
  const found = await tx
    .select({ id: files.id, name: files.name, contentType: files.contentType, size: files.size })
    .from(files)
    .where(inOrganization(files, orgId, inArray(files.id, [...new Set(ids.map((id) => id.toLowerCase()))])))
    .for('key share');
  const byId = new Map(found.map((file) => [file.id, file]));
  const missing = ids.flatMap((id, index) => (byId.has(id.toLowerCase()) ? [] : [index]));
  if (missing.length > 0) {
    throw invalidFields(
      missing.map((index) => ({ path: `attachmentFileIds.${index}`, message: attachmentFileMissingMessage })),
    );
  }
  const attachments = [...new Set(ids.map((id) => id.toLowerCase()))].map((id) => {
    const file = byId.get(id)!;
    return { fileId: file.id, name: file.name, contentType: file.contentType, size: file.size };
  });
  const total = attachments.reduce((sum, file) => sum + file.size, 0);
  if (total > maxAttachmentsBytes) {
    throw new AppError(413, attachmentsTooLargeMessage, [
      { path: 'attachmentFileIds', message: attachmentsTooLargeMessage },
    ]);
  }
  return attachments;
}

async function countUse(
  tx: Transaction,
  orgId: string,
  table: typeof emailTemplates | typeof emailSignatures,
  id: string,
  message: string,
) {
  const rows = await tx
    .update(table)
    .set({ usageCount: sql`${table.usageCount} + 1` })
    .where(rowInOrganization(table, orgId, id))
    .returning({ id: table.id });
  if (rows.length === 0) throw notFound(message);
}

/**
 * The sent mail on the record's timeline: a completed 'email' activity (a lead's in
 * lead_activities; a client's or deal's in activities). Its attachments link the files, which
 * also keeps them from the file sweep. A company has no timeline: its mail shows on its E-mail tab.
 */
async function addTimelineEntry(
  tx: Transaction,
  ctx: ServiceContext,
  input: ComposeEmailInput,
  subject: string,
  bodyText: string,
  attachments: StoredAttachment[],
) {
  if (!input.entityType || !input.entityId || input.entityType === 'company') return;
  const recipients = [...input.to, ...(input.cc ?? [])].join(', ');
  const columns = newActivityColumns(
    {
      type: 'email',
      subject: subject.slice(0, 255) || '(no subject)',
      description: `To: ${recipients}`.slice(0, 10_000),
      emailContent: bodyText.slice(0, 50_000),
      attachments: attachments.map((file) => ({
        name: file.name,
        url: uploadedFileUrl(file.fileId, file.name),
        size: file.size,
      })),
      status: 'completed',
    },
    ctx.actor.id,
  );
  if (input.entityType === 'lead') {
    const [row] = await tx
      .insert(leadActivities)
      .values({ organizationId: ctx.orgId, leadId: input.entityId, ...columns })
      .returning();
    await recordLastContact(tx, ctx.orgId, { ...row, leadId: row.leadId });
    return;
  }
  const [row] = await tx
    .insert(activities)
    .values({
      organizationId: ctx.orgId,
      clientId: input.entityType === 'client' ? input.entityId : null,
      dealId: input.entityType === 'deal' ? input.entityId : null,
      ...columns,
    })
    .returning();
  await recordLastContact(tx, ctx.orgId, row);
}
