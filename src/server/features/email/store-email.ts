import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { emailDirections } from '../../../common/validation/common';
import { clients, companies, leads } from '../../db/schema/crm';
import { emailContactMappings, emails, emailThreads, emailTracking } from '../../db/schema/email';
import type { Transaction } from '../../lib/transaction';

/** An attachment kept in the file store (files table): what emails.attachments holds. */
export interface StoredAttachment {
  fileId: string;
  name: string;
  contentType: string;
  size: number;
}

/** A message as storeEmail takes it, from a sync or from compose. Addresses are lowercase-trimmed here. */
export interface EmailToStore {
  /** The mailbox it was synced from or sent through; null: the organization's (or platform) server. */
  accountId: string | null;
  /** `<id@domain>` as the header carries it. */
  messageId: string;
  inReplyTo?: string | null;
  references?: string[];
  subject?: string | null;
  fromEmail: string;
  fromName?: string | null;
  toEmails?: string[];
  ccEmails?: string[];
  bccEmails?: string[];
  bodyText?: string | null;
  bodyHtml?: string | null;
  attachments?: StoredAttachment[];
  direction: (typeof emailDirections)[number];
  isRead?: boolean;
  receivedAt?: Date | null;
  sentAt?: Date | null;
  labels?: string[];
  rawHeaders?: Record<string, string> | null;
  folder?: string | null;
  uid?: number | null;
  sendStatus?: (typeof emails.$inferInsert)['sendStatus'];
  sentBy?: string | null;
}

export interface StoreEmailOptions {
  /** Addresses of the mailbox or organization itself: never mapped to a contact. */
  ownAddresses?: string[];
}

export interface StoredEmail {
  email: typeof emails.$inferSelect;
  /** False when the message was already stored (same Message-ID in the same mailbox). */
  created: boolean;
  /** The inbound sender matched no lead, client or company (for "create a lead from unknown senders"). */
  unknownSender: boolean;
}

/** Mail providers whose domain says nothing about a company. */
const freeMailDomains = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'ymail.com',
  'aol.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.net',
  'mail.com',
  'zoho.com',
  'comcast.net',
  'att.net',
  'verizon.net',
  'sbcglobal.net',
]);

/** Lowercase, trimmed, without a display name or angle brackets. */
export function normalizeAddress(address: string): string {
  const match = /<([^<>]+)>\s*$/.exec(address);
  return (match ? match[1] : address).trim().toLowerCase();
}

/** A subject without reply/forward prefixes, for showing a thread. */
export function threadSubject(subject: string | null | undefined): string | null {
  if (!subject) return null;
  return subject.replace(/^\s*((re|fwd?|aw|wg|sv|vs)\s*(\[\d+\])?\s*:\s*)+/i, '').trim() || subject.trim();
}

/**
 * The one way a message, synced or composed, is written (every caller passes its transaction):
 * - once: a Message-ID already stored for the same mailbox answers the stored row (a re-sync or
 *   the Sent copy of a message we sent), only filling in where it was found (folder, uid);
 * - threaded: the thread of any message of the organization named by its In-Reply-To or
 *   References, else the thread whose root id is the first of them, else a new thread;
 * - linked: email_contact_mappings to the leads and clients whose address is among the
 *   participants (from/to: primary, cc, bcc), and companies whose website domain matches
 *   (confidence 0.50, free-mail domains skipped);
 * - a reply to one of our tracked messages marks it replied.
 */
export async function storeEmail(
  tx: Transaction,
  organizationId: string,
  message: EmailToStore,
  options: StoreEmailOptions = {},
): Promise<StoredEmail> {
  const accountMatch =
    message.accountId === null ? isNull(emails.accountId) : eq(emails.accountId, message.accountId);
  const [existing] = await tx
    .select()
    .from(emails)
    .where(
      and(eq(emails.organizationId, organizationId), accountMatch, eq(emails.messageId, message.messageId)),
    )
    .limit(1);
  if (existing) {
    if ((message.folder && !existing.folder) || (message.uid != null && existing.uid == null)) {
      const [updated] = await tx
        .update(emails)
        .set({ folder: existing.folder ?? message.folder ?? null, uid: existing.uid ?? message.uid ?? null })
        .where(and(eq(emails.organizationId, organizationId), eq(emails.id, existing.id)))
        .returning();
      return { email: updated ?? existing, created: false, unknownSender: false };
    }
    return { email: existing, created: false, unknownSender: false };
  }

  const fromEmail = normalizeAddress(message.fromEmail);
  const toEmails = unique((message.toEmails ?? []).map(normalizeAddress));
  const ccEmails = unique((message.ccEmails ?? []).map(normalizeAddress));
  const bccEmails = unique((message.bccEmails ?? []).map(normalizeAddress));
  const references = unique(message.references ?? []);
  const related = unique([...(message.inReplyTo ? [message.inReplyTo] : []), ...references]);
  const at = message.receivedAt ?? message.sentAt ?? new Date();
  const participants = unique([fromEmail, ...toEmails, ...ccEmails, ...bccEmails]).filter(Boolean);

  const threadId = await findOrCreateThread(tx, organizationId, message, related, references, at);

  const [email] = await tx
    .insert(emails)
    .values({
      organizationId,
      accountId: message.accountId,
      threadId,
      messageId: message.messageId,
      subject: message.subject ?? null,
      fromEmail,
      fromName: message.fromName ?? null,
      toEmails,
      ccEmails,
      bccEmails,
      bodyText: message.bodyText ?? null,
      bodyHtml: message.bodyHtml ?? null,
      attachments: message.attachments ?? [],
      direction: message.direction,
      isRead: message.isRead ?? message.direction === 'outbound',
      receivedAt: message.receivedAt ?? null,
      sentAt: message.sentAt ?? null,
      labels: message.labels ?? [],
      rawHeaders: message.rawHeaders ?? null,
      inReplyTo: message.inReplyTo ?? null,
      references,
      folder: message.folder ?? null,
      uid: message.uid ?? null,
      sendStatus: message.sendStatus ?? null,
      sentBy: message.sentBy ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (!email) {
    // Stored by a concurrent sync of the same mailbox between our look-up and insert.
    const [raced] = await tx
      .select()
      .from(emails)
      .where(
        and(eq(emails.organizationId, organizationId), accountMatch, eq(emails.messageId, message.messageId)),
      )
      .limit(1);
    return { email: raced, created: false, unknownSender: false };
  }

  await tx
    .update(emailThreads)
    .set({
      messageCount: sql`${emailThreads.messageCount} + 1`,
      lastMessageAt: sql`greatest(${emailThreads.lastMessageAt}, ${at.toISOString()}::timestamptz)`,
      participantEmails: sql`array(select distinct unnest(${emailThreads.participantEmails} || ${sql.param(participants)}::text[]))`,
      isRead: email.isRead ? emailThreads.isRead : false,
    })
    .where(and(eq(emailThreads.organizationId, organizationId), eq(emailThreads.id, threadId)));

  const own = new Set((options.ownAddresses ?? []).map(normalizeAddress));
  const roles: Array<{ address: string; mappingType: 'primary' | 'cc' | 'bcc' }> = [
    ...[fromEmail, ...toEmails].map((address) => ({ address, mappingType: 'primary' as const })),
    ...ccEmails.map((address) => ({ address, mappingType: 'cc' as const })),
    ...bccEmails.map((address) => ({ address, mappingType: 'bcc' as const })),
  ].filter((role) => role.address && !own.has(role.address));
  const linked = await linkEmailToContacts(tx, organizationId, email.id, roles);

  if (message.direction === 'inbound' && related.length > 0) {
    await markReplied(tx, organizationId, related, at);
  }

  return {
    email,
    created: true,
    unknownSender: message.direction === 'inbound' && !own.has(fromEmail) && !linked.has(fromEmail),
  };
}

async function findOrCreateThread(
  tx: Transaction,
  organizationId: string,
  message: EmailToStore,
  related: string[],
  references: string[],
  at: Date,
): Promise<string> {
  if (related.length > 0) {
    const [parent] = await tx
      .select({ threadId: emails.threadId })
      .from(emails)
      .where(
        and(
          eq(emails.organizationId, organizationId),
          inArray(emails.messageId, related),
          sql`${emails.threadId} is not null`,
        ),
      )
      .limit(1);
    if (parent?.threadId) return parent.threadId;
  }
  // The root of the conversation names the thread, so replies that arrive before their parent join it.
  const rootId = references[0] ?? message.inReplyTo ?? message.messageId;
  const candidates = unique([rootId, ...related, message.messageId]);
  const [known] = await tx
    .select({ id: emailThreads.id })
    .from(emailThreads)
    .where(and(eq(emailThreads.organizationId, organizationId), inArray(emailThreads.threadId, candidates)))
    .limit(1);
  if (known) return known.id;
  const [created] = await tx
    .insert(emailThreads)
    .values({
      organizationId,
      accountId: message.accountId,
      threadId: rootId,
      subject: threadSubject(message.subject),
      lastMessageAt: at,
      isRead: true,
    })
    .onConflictDoNothing()
    .returning({ id: emailThreads.id });
  if (created) return created.id;
  const [raced] = await tx
    .select({ id: emailThreads.id })
    .from(emailThreads)
    .where(and(eq(emailThreads.organizationId, organizationId), eq(emailThreads.threadId, rootId)))
    .limit(1);
  return raced.id;
}

/**
 * Maps an email to the leads, clients and companies among its participants; answers the
 * addresses that matched someone. Exported for the sync's "unknown sender becomes a lead".
 */
export async function linkEmailToContacts(
  tx: Transaction,
  organizationId: string,
  emailId: string,
  roles: Array<{ address: string; mappingType: 'primary' | 'cc' | 'bcc' }>,
): Promise<Set<string>> {
  const matched = new Set<string>();
  if (roles.length === 0) return matched;
  const addresses = unique(roles.map((role) => role.address));
  const typeOf = new Map<string, 'primary' | 'cc' | 'bcc'>();
  for (const role of roles) if (!typeOf.has(role.address)) typeOf.set(role.address, role.mappingType);

  const [leadRows, clientRows] = await Promise.all([
    tx
      .select({ id: leads.id, email: sql<string>`lower(${leads.email})` })
      .from(leads)
      .where(and(eq(leads.organizationId, organizationId), inArray(sql`lower(${leads.email})`, addresses))),
    tx
      .select({ id: clients.id, email: sql<string>`lower(${clients.email})` })
      .from(clients)
      .where(
        and(eq(clients.organizationId, organizationId), inArray(sql`lower(${clients.email})`, addresses)),
      ),
  ]);
  const domains = unique(
    addresses.map((a) => a.split('@')[1] ?? '').filter((d) => d && !freeMailDomains.has(d)),
  );
  const companyRows =
    domains.length === 0
      ? []
      : await tx
          .select({ id: companies.id, domain: sql<string>`${websiteDomain}` })
          .from(companies)
          .where(and(eq(companies.organizationId, organizationId), inArray(websiteDomain, domains)));

  const rows: Array<typeof emailContactMappings.$inferInsert> = [];
  for (const row of leadRows) {
    matched.add(row.email);
    rows.push(mapping(organizationId, emailId, row.email, 'lead', row.id, typeOf.get(row.email)));
  }
  for (const row of clientRows) {
    matched.add(row.email);
    rows.push(mapping(organizationId, emailId, row.email, 'client', row.id, typeOf.get(row.email)));
  }
  for (const company of companyRows) {
    for (const address of addresses.filter((a) => a.endsWith(`@${company.domain}`))) {
      matched.add(address);
      rows.push({
        ...mapping(organizationId, emailId, address, 'company', company.id, typeOf.get(address)),
        confidence: '0.50',
      });
    }
  }
  if (rows.length > 0) await tx.insert(emailContactMappings).values(rows);
  return matched;
}

/** A company's website reduced to its host without `www.`: `https://www.Acme.com/x` → `acme.com`. */
const websiteDomain = sql`regexp_replace(lower(coalesce(${companies.website}, '')), '^([a-z]+://)?(www\\.)?([^/:?#]+).*$', '\\3')`;

function mapping(
  organizationId: string,
  emailId: string,
  contactEmail: string,
  entityType: 'lead' | 'client' | 'company',
  entityId: string,
  mappingType: 'primary' | 'cc' | 'bcc' = 'primary',
): typeof emailContactMappings.$inferInsert {
  return { organizationId, emailId, contactEmail, entityType, entityId, mappingType };
}

/** An inbound reply to one of our tracked messages: replied, unless it bounced or failed. */
async function markReplied(tx: Transaction, organizationId: string, related: string[], at: Date) {
  const originals = tx
    .select({ id: emails.id })
    .from(emails)
    .where(
      and(
        eq(emails.organizationId, organizationId),
        eq(emails.direction, 'outbound'),
        inArray(emails.messageId, related),
      ),
    );
  await tx
    .update(emailTracking)
    .set({
      repliedAt: sql`coalesce(${emailTracking.repliedAt}, ${at.toISOString()}::timestamptz)`,
      deliveryStatus: sql`case when ${emailTracking.deliveryStatus} in ('bounced', 'failed') then ${emailTracking.deliveryStatus} else 'replied' end`,
    })
    .where(and(eq(emailTracking.organizationId, organizationId), inArray(emailTracking.emailId, originals)));
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}
