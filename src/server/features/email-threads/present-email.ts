import { uploadedFileUrl } from '../../../common/validation/activities';
import { emails, emailTracking } from '../../db/schema/email';
import type { StoredAttachment } from '../email/store-email';

type EmailRow = typeof emails.$inferSelect;
type TrackingRow = typeof emailTracking.$inferSelect;

/** What the API answers for a tracked message: delivery as the receiver's side reports it. */
function presentTracking(tracking: TrackingRow | null) {
  if (!tracking) return null;
  return {
    deliveryStatus: tracking.deliveryStatus,
    openCount: tracking.openCount,
    openedAt: tracking.openedAt,
    clickCount: tracking.clickCount,
    clickedAt: tracking.clickedAt,
    repliedAt: tracking.repliedAt,
    bounced: tracking.bounced,
    bouncedAt: tracking.bouncedAt,
    bounceReason: tracking.bounceReason,
  };
}

function presentAttachments(value: unknown) {
  if (!Array.isArray(value)) return [];
  return (value as StoredAttachment[])
    .filter((a) => a && typeof a.fileId === 'string')
    .map((a) => ({
      fileId: a.fileId,
      name: a.name,
      contentType: a.contentType,
      size: a.size,
      url: uploadedFileUrl(a.fileId, a.name || 'attachment'),
    }));
}

/**
 * One message as the thread view and compose answer it. The body is sanitised here, on every
 * read, so a rule added later protects mail stored before it; raw headers stay on the server.
 */
export async function presentEmail(
  row: EmailRow,
  tracking: TrackingRow | null,
  options: { showImages?: boolean } = {},
) {
  const { sanitizeEmailHtml } = await loadEmailSanitizer();
  const body = row.bodyHtml ? sanitizeEmailHtml(row.bodyHtml, options) : null;
  return {
    id: row.id,
    threadId: row.threadId,
    accountId: row.accountId,
    messageId: row.messageId,
    inReplyTo: row.inReplyTo,
    references: row.references,
    subject: row.subject,
    fromEmail: row.fromEmail,
    fromName: row.fromName,
    toEmails: row.toEmails,
    ccEmails: row.ccEmails,
    bccEmails: row.bccEmails,
    direction: row.direction,
    isRead: row.isRead,
    isImportant: row.isImportant,
    receivedAt: row.receivedAt,
    sentAt: row.sentAt,
    createdAt: row.createdAt,
    bodyText: row.bodyText,
    bodyHtml: body?.html ?? null,
    hasRemoteImages: body?.hasRemoteImages ?? false,
    attachments: presentAttachments(row.attachments),
    labels: row.labels,
    sendStatus: row.sendStatus,
    sendError: row.sendError,
    sentBy: row.sentBy,
    tracking: presentTracking(tracking),
  };
}

export type PresentedEmail = Awaited<ReturnType<typeof presentEmail>>;

/** The sanitizer, with sanitize-html, loads with the first message shown, not with every start (issue 21 §5). */
export const loadEmailSanitizer = () => import('./sanitize-email-html');
