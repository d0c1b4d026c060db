import type { AddressObject, ParsedMail } from 'mailparser';
import type { EmailToStore } from '../email/store-email';
import { normalizeAddress } from '../email/store-email';
import { parseMessageIds } from '../email/message-id';
import { type DeliveryStatus, parseDeliveryStatus } from './delivery-status';

/** Attachments above this are listed on the message but not kept (issue 15: 25 MB+). */
export const syncAttachmentMaxBytes = 25 * 1024 * 1024;
/** An HTML body above this is cut with a note (a 10 MB newsletter is not read in a CRM). */
export const syncHtmlMaxChars = 2 * 1024 * 1024;
export const syncTextMaxChars = 1024 * 1024;
const subjectMaxChars = 998;
const nameMaxChars = 255;

export const htmlCutNote =
  '<p style="color:#666">[This message was cut: its HTML was larger than 2 MB. Open it in your mail app to read all of it.]</p>';
export const attachmentSkippedReason = 'larger than 25 MB';

/** A message as IMAP FETCH hands it over. */
export interface FetchedMessage {
  uid: number;
  source?: Buffer;
  flags?: Set<string>;
  internalDate?: Date | string;
  size?: number;
}

export interface AttachmentPart {
  name: string;
  contentType: string;
  size: number;
  /** Absent when it is not kept (`skipped` says why). */
  content?: Buffer;
  skipped?: string;
}

/** What one synced message becomes before storing (attachments still to be written). */
export interface SyncedMessage {
  email: Omit<EmailToStore, 'attachments'>;
  attachments: AttachmentPart[];
  deliveryStatus: DeliveryStatus | null;
  /** Auto-replies, mailing lists, bounces: never a reason to create a lead. */
  automated: boolean;
}

export interface ParseContext {
  accountId: string;
  accountEmail: string;
  folder: string;
  uidValidity: string;
  isSentFolder: boolean;
  /** The source was cut at the fetch size cap. */
  truncated?: boolean;
}

const keptHeaders = ['date', 'message-id', 'in-reply-to', 'references', 'list-id', 'auto-submitted'];

/**
 * Turns a raw message into what storeEmail takes. Never throws on bad mail: a message mailparser
 * cannot read keeps what its header lines say (subject, from, Message-ID) and its text.
 */
export async function parseSyncedMessage(
  fetched: FetchedMessage,
  context: ParseContext,
): Promise<SyncedMessage> {
  const source = fetched.source ?? Buffer.alloc(0);
  // Loaded on first use (about 0.1 s of start-up, issue 21 §5), outside the try: a missing
  // package must fail the sync, not pass every message off as unreadable.
  const { simpleParser } = await import('mailparser');
  let parsed: ParsedMail | null = null;
  try {
    // html-to-text takes seconds on a 10 MB page: an HTML-only message gets a plainer text below.
    parsed = await simpleParser(source, {
      skipImageLinks: true,
      skipTextToHtml: true,
      skipTextLinks: true,
      skipHtmlToText: true,
    });
  } catch {
    parsed = null;
  }
  const synced = parsed ? fromParsed(parsed, fetched, context) : fromRawHeaders(source, fetched, context);
  return storable(synced, fetched.uid, context);
}

/** Message-IDs longer than this are not ids anyone threads by (and would not fit an index). */
const messageIdMaxChars = 250;

const nul = String.fromCodePoint(0);

function withoutNul<T extends string | null | undefined>(value: T): T {
  return (typeof value === 'string' ? value.replaceAll(nul, '') : value) as T;
}

function id(value: string | null | undefined) {
  return value && value.length <= messageIdMaxChars ? withoutNul(value) : null;
}

/**
 * What PostgreSQL accepts: text without NUL characters (broken mail has them), ids that fit
 * their indexes. A message that cannot be stored would stop its mailbox's sync at that UID.
 */
function storable(synced: SyncedMessage, uid: number, context: ParseContext): SyncedMessage {
  const email = synced.email;
  return {
    ...synced,
    attachments: synced.attachments.map((part) => ({ ...part, name: withoutNul(part.name) || 'attachment' })),
    email: {
      ...email,
      messageId: id(email.messageId) ?? syntheticMessageId(uid, context),
      inReplyTo: id(email.inReplyTo),
      references: (email.references ?? []).map(id).filter((value): value is string => Boolean(value)),
      subject: withoutNul(email.subject),
      fromEmail: withoutNul(email.fromEmail).slice(0, 320),
      fromName: withoutNul(email.fromName),
      toEmails: email.toEmails?.map((a) => withoutNul(a).slice(0, 320)),
      ccEmails: email.ccEmails?.map((a) => withoutNul(a).slice(0, 320)),
      bccEmails: email.bccEmails?.map((a) => withoutNul(a).slice(0, 320)),
      bodyText: withoutNul(email.bodyText),
      bodyHtml: withoutNul(email.bodyHtml),
      rawHeaders: email.rawHeaders
        ? Object.fromEntries(Object.entries(email.rawHeaders).map(([k, v]) => [k, withoutNul(v)]))
        : email.rawHeaders,
    },
  };
}

function fromParsed(parsed: ParsedMail, fetched: FetchedMessage, context: ParseContext): SyncedMessage {
  const from = addressesOf(parsed.from)[0];
  const fromEmail = from?.address ?? '';
  const rawHeaders: Record<string, string> = {};
  for (const line of parsed.headerLines ?? []) {
    if (keptHeaders.includes(line.key) && !(line.key in rawHeaders)) {
      rawHeaders[line.key] = line.line
        .slice(line.key.length + 1)
        .trim()
        .slice(0, 2000);
    }
  }
  const messageId = parseMessageIds(parsed.messageId)[0] ?? syntheticMessageId(fetched.uid, context);
  const references = parseMessageIds(parsed.references as string | string[] | undefined).slice(-50);
  const inReplyTo = parseMessageIds(parsed.inReplyTo)[0] ?? null;

  let bodyHtml = typeof parsed.html === 'string' ? parsed.html : null;
  if (bodyHtml && bodyHtml.length > syncHtmlMaxChars)
    bodyHtml = bodyHtml.slice(0, syncHtmlMaxChars) + htmlCutNote;
  let bodyText = parsed.text || (bodyHtml ? textOfHtml(bodyHtml) : null);
  if (bodyText && bodyText.length > syncTextMaxChars)
    bodyText = `${bodyText.slice(0, syncTextMaxChars)}\n[…cut]`;

  const attachments: AttachmentPart[] = (parsed.attachments ?? []).map((part, index) => {
    const size = part.size ?? part.content?.length ?? 0;
    const base = {
      name: (part.filename || `attachment-${index + 1}`).slice(0, nameMaxChars),
      contentType: part.contentType || 'application/octet-stream',
      size,
    };
    if (context.truncated) return { ...base, skipped: 'message too large to import its attachments' };
    if (size > syncAttachmentMaxBytes) return { ...base, skipped: attachmentSkippedReason };
    if (size === 0) return { ...base, skipped: 'empty' };
    return { ...base, content: part.content };
  });

  const autoSubmitted = String(parsed.headers.get('auto-submitted') ?? '').toLowerCase();
  const precedence = String(parsed.headers.get('precedence') ?? '').toLowerCase();
  const deliveryStatus = parseDeliveryStatus(parsed);
  const automated =
    Boolean(deliveryStatus) ||
    (autoSubmitted !== '' && autoSubmitted !== 'no') ||
    // mailparser folds List-* headers into one `list` entry: the raw lines say which were there.
    (parsed.headerLines ?? []).some((line) => line.key === 'list-id' || line.key === 'list-unsubscribe') ||
    ['bulk', 'list', 'junk'].includes(precedence) ||
    /^(mailer-daemon|postmaster|no-?reply|do-?not-?reply)@/i.test(fromEmail);

  return {
    email: {
      ...common(fetched, context, fromEmail, parsed.date ?? null),
      messageId,
      inReplyTo,
      references,
      subject: parsed.subject?.slice(0, subjectMaxChars) ?? null,
      fromName: from?.name ? from.name.slice(0, nameMaxChars) : null,
      toEmails: addressesOf(parsed.to).map((a) => a.address),
      ccEmails: addressesOf(parsed.cc).map((a) => a.address),
      bccEmails: addressesOf(parsed.bcc).map((a) => a.address),
      bodyText,
      bodyHtml,
      rawHeaders,
    },
    attachments,
    deliveryStatus,
    automated,
  };
}

/** Broken MIME: the header lines as text, the rest as the body. */
function fromRawHeaders(source: Buffer, fetched: FetchedMessage, context: ParseContext): SyncedMessage {
  const text = source.subarray(0, syncTextMaxChars).toString('utf8');
  const split = text.search(/\r?\n\r?\n/);
  const headerText = (split >= 0 ? text.slice(0, split) : text).replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) =>
    headerText
      .split(/\r?\n/)
      .find((line) => line.toLowerCase().startsWith(`${name}:`))
      ?.slice(name.length + 1)
      .trim();
  const fromHeader = header('from') ?? '';
  const address =
    /<([^<>@\s]+@[^<>\s]+)>/.exec(fromHeader)?.[1] ?? /[^\s<>"]+@[^\s<>"]+/.exec(fromHeader)?.[0] ?? '';
  const date = header('date') ? new Date(header('date') as string) : null;
  return {
    email: {
      ...common(fetched, context, address, date && !Number.isNaN(date.getTime()) ? date : null),
      messageId: parseMessageIds(header('message-id'))[0] ?? syntheticMessageId(fetched.uid, context),
      inReplyTo: parseMessageIds(header('in-reply-to'))[0] ?? null,
      references: parseMessageIds(header('references')).slice(-50),
      subject: header('subject')?.slice(0, subjectMaxChars) ?? null,
      fromName: null,
      bodyText: split >= 0 ? text.slice(split).trim() : null,
      bodyHtml: null,
      rawHeaders: { unreadable: 'the message could not be parsed; its text is shown as received' },
    },
    attachments: [],
    deliveryStatus: null,
    automated: true,
  };
}

function common(fetched: FetchedMessage, context: ParseContext, fromEmail: string, date: Date | null) {
  const flags = [...(fetched.flags ?? [])];
  const internalDate = fetched.internalDate ? new Date(fetched.internalDate) : null;
  const outbound =
    context.isSentFolder || normalizeAddress(fromEmail) === normalizeAddress(context.accountEmail);
  return {
    accountId: context.accountId,
    fromEmail,
    direction: outbound ? ('outbound' as const) : ('inbound' as const),
    isRead: outbound || flags.includes('\\Seen'),
    receivedAt: internalDate && !Number.isNaN(internalDate.getTime()) ? internalDate : date,
    sentAt: date,
    labels: flags
      .filter((flag) => flag !== '\\Seen' && flag !== '\\Recent')
      .map((flag) => flag.replace(/^\\/, '').toLowerCase())
      .slice(0, 50),
    folder: context.folder,
    uid: fetched.uid,
  };
}

/** How much of an HTML-only message is turned into its text (for previews and search). */
const htmlToTextMaxChars = 256 * 1024;

/**
 * A plain text of an HTML-only message: blocks become lines, tags and scripts go, the common
 * entities are decoded. Rough on purpose: the HTML is what is shown (sanitised, elsewhere).
 */
export function textOfHtml(html: string): string {
  return html
    .slice(0, htmlToTextMaxChars)
    .replace(/<(script|style|head)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<(br|\/p|\/div|\/li|\/tr|\/h[1-6])\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/gi, ' ')
    .replace(/&lt;/gi, '<')
    .replace(/&gt;/gi, '>')
    .replace(/&quot;/gi, '"')
    .replace(/&#39;|&apos;/gi, "'")
    .replace(/&amp;/gi, '&')
    .replace(/[ \t\f\v\r]+/g, ' ')
    .replace(/ *\n[ \n]*/g, '\n')
    .trim();
}

/** Stable across runs, so a message without a Message-ID is still stored once. */
export function syntheticMessageId(
  uid: number,
  context: Pick<ParseContext, 'accountId' | 'folder' | 'uidValidity'>,
) {
  const folder = context.folder.replace(/[^A-Za-z0-9._-]/g, '_');
  return `<${uid}.${context.uidValidity}.${folder}@${context.accountId}>`;
}

function addressesOf(
  value: AddressObject | AddressObject[] | undefined,
): Array<{ address: string; name: string }> {
  const objects = Array.isArray(value) ? value : value ? [value] : [];
  const out: Array<{ address: string; name: string }> = [];
  const walk = (entries: AddressObject['value']) => {
    for (const entry of entries) {
      if (entry.group) walk(entry.group);
      else if (entry.address) out.push({ address: entry.address, name: entry.name });
    }
  };
  for (const object of objects) walk(object.value);
  return out.slice(0, 500);
}
