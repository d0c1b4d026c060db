import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { emailDirections } from '../../../common/allowed-values';
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
 * The one way messages, synced or composed, are written (every caller passes its transaction),
 * a whole chunk in a constant number of statements:
 * - once: a Message-ID already stored for the same mailbox (or earlier in the chunk) answers the
 *   stored row (a re-sync or the Sent copy of a message we sent), only filling in where it was
 *   found (folder, uid);
 * - threaded: the thread of any message of the organization (earlier ones of the chunk included)
 *   named by its In-Reply-To or References, else the thread whose root id is the first of them,
 *   else a new thread;
 * - linked: email_contact_mappings to the leads and clients whose address is among the
 *   participants (from/to: primary, cc, bcc), and companies whose website domain matches
 *   (confidence 0.50, free-mail domains skipped);
 * - a reply to one of our tracked messages marks it replied.
 * Answers one result per message, in the order given.
 */
export async function storeEmails(
  tx: Transaction,
  organizationId: string,
  messages: EmailToStore[],
  options: StoreEmailOptions = {},
): Promise<StoredEmail[]> {
  if (messages.length === 0) return [];
  const own = new Set((options.ownAddresses ?? []).map(normalizeAddress));

  // 1. What the mailboxes already have (one look-up for the chunk).
  const existingRows = await tx
    .select()
    .from(emails)
    .where(
      and(
        eq(emails.organizationId, organizationId),
        inArray(emails.messageId, unique(messages.map((m) => m.messageId))),
      ),
    );
  const stored = new Map<string, typeof emails.$inferSelect>();
  for (const row of existingRows) stored.set(keyOf(row.accountId, row.messageId), row);

  // 2. Which messages are new (the first of a Message-ID in the chunk) and which answer a stored row.
  const firstIndex = new Map<string, number>();
  const fresh: number[] = [];
  /** Folder/uid to fill in on stored rows: the first given of each, in the chunk's order. */
  const fills = new Map<string, { folder: string | null; uid: number | null }>();
  const placeOfFresh = new Map<string, { folder: string | null; uid: number | null }>();
  messages.forEach((message, index) => {
    const key = keyOf(message.accountId, message.messageId);
    const row = stored.get(key);
    if (row) {
      const fill = fills.get(key) ?? { folder: row.folder, uid: row.uid };
      fill.folder ??= message.folder || null;
      fill.uid ??= message.uid ?? null;
      fills.set(key, fill);
      return;
    }
    if (!firstIndex.has(key)) {
      firstIndex.set(key, index);
      fresh.push(index);
      placeOfFresh.set(key, { folder: null, uid: null });
    }
    // A later copy in the chunk fills in what the first lacked, as it would once stored.
    const place = placeOfFresh.get(key);
    if (place) {
      place.folder ??= message.folder || null;
      place.uid ??= message.uid ?? null;
    }
  });

  // Stored rows found without a place get it: one update for the chunk.
  const toFill = [...fills].flatMap(([key, fill]) => {
    const row = stored.get(key);
    return row && (fill.folder !== row.folder || fill.uid !== row.uid)
      ? [{ id: row.id, folder: fill.folder, uid: fill.uid }]
      : [];
  });
  if (toFill.length > 0) {
    // `from` a raw recordset leaves drizzle without a row type: the row is the emails row.
    const updated = (await tx
      .update(emails)
      .set({
        folder: sql`coalesce(${emails.folder}, v.folder)`,
        uid: sql`coalesce(${emails.uid}, v.uid)`,
      })
      .from(sql`jsonb_to_recordset(${JSON.stringify(toFill)}::jsonb) as v(id uuid, folder text, uid bigint)`)
      .where(and(eq(emails.organizationId, organizationId), sql`${emails.id} = v.id`))
      .returning()) as unknown as Array<typeof emails.$inferSelect>;
    for (const row of updated) stored.set(keyOf(row.accountId, row.messageId), row);
  }

  // 3. The new messages, normalized.
  const prepared = fresh.map((index) => {
    const message = messages[index];
    const fromEmail = normalizeAddress(message.fromEmail);
    const toEmails = unique((message.toEmails ?? []).map(normalizeAddress));
    const ccEmails = unique((message.ccEmails ?? []).map(normalizeAddress));
    const bccEmails = unique((message.bccEmails ?? []).map(normalizeAddress));
    const references = unique(message.references ?? []);
    const related = unique([...(message.inReplyTo ? [message.inReplyTo] : []), ...references]);
    const at = message.receivedAt ?? message.sentAt ?? new Date();
    const participants = unique([fromEmail, ...toEmails, ...ccEmails, ...bccEmails]).filter(Boolean);
    const rootId = references[0] ?? message.inReplyTo ?? message.messageId;
    return {
      index,
      message,
      fromEmail,
      toEmails,
      ccEmails,
      bccEmails,
      references,
      related,
      at,
      participants,
      rootId,
      isRead: message.isRead ?? message.direction === 'outbound',
      threadId: '',
    };
  });

  const threadIds = await assignThreads(tx, organizationId, prepared);

  // 4. The messages themselves; one a concurrent sync stored first is answered as found.
  // The rows go as one JSON parameter (thousands of bind parameters are slow to pass, PGlite most).
  const newRows = prepared.map((p) => {
    const place = placeOfFresh.get(keyOf(p.message.accountId, p.message.messageId));
    return {
      account_id: p.message.accountId,
      thread_id: threadIds[p.index],
      message_id: p.message.messageId,
      subject: p.message.subject ?? null,
      from_email: p.fromEmail,
      from_name: p.message.fromName ?? null,
      to_emails: p.toEmails,
      cc_emails: p.ccEmails,
      bcc_emails: p.bccEmails,
      body_text: p.message.bodyText ?? null,
      body_html: p.message.bodyHtml ?? null,
      attachments: p.message.attachments ?? [],
      direction: p.message.direction,
      is_read: p.isRead,
      received_at: p.message.receivedAt ?? null,
      sent_at: p.message.sentAt ?? null,
      labels: p.message.labels ?? [],
      raw_headers: p.message.rawHeaders ?? null,
      in_reply_to: p.message.inReplyTo ?? null,
      references: p.references,
      folder: place?.folder ?? null,
      uid: place?.uid ?? null,
      send_status: p.message.sendStatus ?? null,
      sent_by: p.message.sentBy ?? null,
    };
  });
  const inserted =
    newRows.length === 0
      ? []
      : await tx
          .insert(emails)
          // Every column in the table's order, as drizzle names them for insert … select.
          .select(
            sql`select gen_random_uuid(), ${organizationId}::uuid, v.account_id, v.thread_id, v.message_id, v.subject,
              v.from_email, v.from_name, v.to_emails, v.cc_emails, v.bcc_emails, v.body_text, v.body_html,
              coalesce(v.attachments, '[]'::jsonb), v.direction, v.is_read, false, v.received_at, v.sent_at,
              v.labels, v.raw_headers, v.in_reply_to, v.references, v.folder, v.uid, v.send_status, null,
              v.sent_by, now(), now()
              from jsonb_to_recordset(${toJson(newRows)}::jsonb) as v(account_id uuid, thread_id uuid,
                message_id text, subject text, from_email text, from_name text, to_emails text[], cc_emails text[],
                bcc_emails text[], body_text text, body_html text, attachments jsonb, direction text, is_read boolean,
                received_at timestamptz, sent_at timestamptz, labels text[], raw_headers jsonb, in_reply_to text,
                "references" text[], folder text, uid bigint, send_status text, sent_by uuid)`,
          )
          .onConflictDoNothing()
          .returning();
  const created = new Map<string, typeof emails.$inferSelect>();
  for (const row of inserted) created.set(keyOf(row.accountId, row.messageId), row);
  const raced = prepared.filter((p) => !created.has(keyOf(p.message.accountId, p.message.messageId)));
  if (raced.length > 0) {
    const rows = await tx
      .select()
      .from(emails)
      .where(
        and(
          eq(emails.organizationId, organizationId),
          inArray(
            emails.messageId,
            raced.map((p) => p.message.messageId),
          ),
        ),
      );
    for (const row of rows) {
      const key = keyOf(row.accountId, row.messageId);
      if (!created.has(key)) stored.set(key, row);
    }
  }
  const kept = prepared.filter((p) => created.has(keyOf(p.message.accountId, p.message.messageId)));

  // 5. Each touched thread once: count, last message, participants, read.
  const perThread = new Map<string, { n: number; at: Date; participants: Set<string>; read: boolean }>();
  for (const p of kept) {
    const threadId = threadIds[p.index];
    const entry = perThread.get(threadId) ?? { n: 0, at: p.at, participants: new Set(), read: true };
    entry.n += 1;
    if (p.at > entry.at) entry.at = p.at;
    for (const address of p.participants) entry.participants.add(address);
    entry.read &&= p.isRead;
    perThread.set(threadId, entry);
  }
  if (perThread.size > 0) {
    const rows = [...perThread].map(([id, e]) => ({
      id,
      n: e.n,
      at: e.at.toISOString(),
      participants: [...e.participants],
      read: e.read,
    }));
    await tx
      .update(emailThreads)
      .set({
        messageCount: sql`${emailThreads.messageCount} + v.n`,
        lastMessageAt: sql`greatest(${emailThreads.lastMessageAt}, v.at)`,
        participantEmails: sql`array(select distinct unnest(${emailThreads.participantEmails} || v.participants))`,
        isRead: sql`${emailThreads.isRead} and v.read`,
      })
      .from(
        sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id uuid, n integer, at timestamptz, participants text[], read boolean)`,
      )
      .where(and(eq(emailThreads.organizationId, organizationId), sql`${emailThreads.id} = v.id`));
  }

  // 6. Contacts, for all new messages at once.
  const linked = await linkEmailsToContacts(
    tx,
    organizationId,
    kept.map((p) => {
      const email = created.get(keyOf(p.message.accountId, p.message.messageId));
      const roles: ContactRole[] = [
        ...[p.fromEmail, ...p.toEmails].map((address) => ({ address, mappingType: 'primary' as const })),
        ...p.ccEmails.map((address) => ({ address, mappingType: 'cc' as const })),
        ...p.bccEmails.map((address) => ({ address, mappingType: 'bcc' as const })),
      ].filter((role) => role.address && !own.has(role.address));
      return { emailId: email?.id ?? '', roles };
    }),
  );

  const linkedOf = new Map(kept.map((p, i) => [p.index, linked[i]]));

  // 7. Replies to our tracked messages: the first reply of the chunk gives the time.
  const repliedAt = new Map<string, Date>();
  for (const p of kept) {
    if (p.message.direction !== 'inbound') continue;
    for (const id of p.related) if (!repliedAt.has(id)) repliedAt.set(id, p.at);
  }
  if (repliedAt.size > 0) await markReplied(tx, organizationId, repliedAt);

  // 8. One answer per message, in order.
  return messages.map((message, index) => {
    const key = keyOf(message.accountId, message.messageId);
    const row = created.get(key);
    if (row && firstIndex.get(key) === index) {
      const fromEmail = row.fromEmail;
      return {
        email: row,
        created: true,
        unknownSender:
          message.direction === 'inbound' && !own.has(fromEmail) && !linkedOf.get(index)?.has(fromEmail),
      };
    }
    return {
      email: (row ?? stored.get(key)) as typeof emails.$inferSelect,
      created: false,
      unknownSender: false,
    };
  });
}

/** One message of one mailbox (null: the organization's server). */
function keyOf(accountId: string | null, messageId: string) {
  return `${accountId ?? ''}\u0000${messageId}`;
}

/** storeEmails for one message. */
export async function storeEmail(
  tx: Transaction,
  organizationId: string,
  message: EmailToStore,
  options: StoreEmailOptions = {},
): Promise<StoredEmail> {
  const [stored] = await storeEmails(tx, organizationId, [message], options);
  return stored;
}

interface ThreadCandidate {
  index: number;
  message: EmailToStore;
  related: string[];
  rootId: string;
  at: Date;
}

/**
 * The thread of each new message (by its index in the chunk), in the chunk's order so a reply
 * joins the thread of its parent stored just before it: two look-ups and at most one insert for
 * the chunk (and a re-read when a concurrent sync created one of the threads first).
 */
async function assignThreads(
  tx: Transaction,
  organizationId: string,
  candidates: ThreadCandidate[],
): Promise<Record<number, string>> {
  const assigned: Record<number, string> = {};
  if (candidates.length === 0) return assigned;
  const allRelated = unique(candidates.flatMap((c) => c.related));
  const parentRows =
    allRelated.length === 0
      ? []
      : await tx
          .select({ messageId: emails.messageId, threadId: emails.threadId })
          .from(emails)
          .where(
            and(
              eq(emails.organizationId, organizationId),
              inArray(emails.messageId, allRelated),
              sql`${emails.threadId} is not null`,
            ),
          );
  /** Message-ID → thread (uuid): stored messages, then the chunk's as they are assigned. */
  const threadOfMessage = new Map<string, string>();
  for (const row of parentRows)
    if (row.threadId && !threadOfMessage.has(row.messageId)) threadOfMessage.set(row.messageId, row.threadId);
  const allNames = unique(candidates.flatMap((c) => [c.rootId, ...c.related, c.message.messageId]));
  const threadRows = await tx
    .select({ id: emailThreads.id, threadId: emailThreads.threadId })
    .from(emailThreads)
    .where(and(eq(emailThreads.organizationId, organizationId), inArray(emailThreads.threadId, allNames)));
  /** Thread name (root id) → thread (uuid). */
  const threadByName = new Map<string, string>();
  for (const row of threadRows) if (!threadByName.has(row.threadId)) threadByName.set(row.threadId, row.id);

  const newThreads: Array<typeof emailThreads.$inferInsert & { id: string; threadId: string }> = [];
  for (const c of candidates) {
    let id = c.related.map((r) => threadOfMessage.get(r)).find(Boolean);
    if (!id) {
      id = unique([c.rootId, ...c.related, c.message.messageId])
        .map((name) => threadByName.get(name))
        .find(Boolean);
    }
    if (!id) {
      id = randomUUID();
      newThreads.push({
        id,
        organizationId,
        accountId: c.message.accountId,
        threadId: c.rootId,
        subject: threadSubject(c.message.subject),
        lastMessageAt: c.at,
        isRead: true,
      });
      threadByName.set(c.rootId, id);
    }
    assigned[c.index] = id;
    if (!threadOfMessage.has(c.message.messageId)) threadOfMessage.set(c.message.messageId, id);
  }
  if (newThreads.length === 0) return assigned;

  const inserted = await tx
    .insert(emailThreads)
    .values(newThreads)
    .onConflictDoNothing()
    .returning({ id: emailThreads.id });
  if (inserted.length === newThreads.length) return assigned;
  // A concurrent sync created some of them first: use its threads instead.
  const made = new Set(inserted.map((row) => row.id));
  const lost = newThreads.filter((t) => !made.has(t.id));
  const raced = await tx
    .select({ id: emailThreads.id, accountId: emailThreads.accountId, threadId: emailThreads.threadId })
    .from(emailThreads)
    .where(
      and(
        eq(emailThreads.organizationId, organizationId),
        inArray(
          emailThreads.threadId,
          lost.map((t) => t.threadId),
        ),
      ),
    );
  const replacement = new Map<string, string>();
  for (const t of lost) {
    const found = raced.find((row) => row.threadId === t.threadId && row.accountId === (t.accountId ?? null));
    if (found) replacement.set(t.id, found.id);
  }
  for (const [index, id] of Object.entries(assigned)) {
    const other = replacement.get(id);
    if (other) assigned[Number(index)] = other;
  }
  return assigned;
}

type ContactRole = { address: string; mappingType: 'primary' | 'cc' | 'bcc' };

/**
 * Maps an email to the leads, clients and companies among its participants; answers the
 * addresses that matched someone. Exported for the sync's "unknown sender becomes a lead".
 */
export async function linkEmailToContacts(
  tx: Transaction,
  organizationId: string,
  emailId: string,
  roles: ContactRole[],
): Promise<Set<string>> {
  const [matched] = await linkEmailsToContacts(tx, organizationId, [{ emailId, roles }]);
  return matched;
}

/**
 * linkEmailToContacts for many emails: three look-ups and one insert whatever their number.
 * Answers, per email in order, the addresses that matched someone.
 */
export async function linkEmailsToContacts(
  tx: Transaction,
  organizationId: string,
  items: Array<{ emailId: string; roles: ContactRole[] }>,
): Promise<Array<Set<string>>> {
  const results = items.map(() => new Set<string>());
  const addresses = unique(items.flatMap((item) => item.roles.map((role) => role.address)));
  if (addresses.length === 0) return results;
  const domains = unique(
    addresses.map((a) => a.split('@')[1] ?? '').filter((d) => d && !freeMailDomains.has(d)),
  );
  const [leadRows, clientRows, companyRows] = await Promise.all([
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
    domains.length === 0
      ? Promise.resolve([] as Array<{ id: string; domain: string }>)
      : tx
          .select({ id: companies.id, domain: sql<string>`${websiteDomain}` })
          .from(companies)
          .where(and(eq(companies.organizationId, organizationId), inArray(websiteDomain, domains))),
  ]);
  const byAddress = new Map<string, Array<{ entityType: 'lead' | 'client' | 'company'; id: string }>>();
  const add = (address: string, entityType: 'lead' | 'client' | 'company', id: string) => {
    const list = byAddress.get(address) ?? [];
    list.push({ entityType, id });
    byAddress.set(address, list);
  };
  for (const row of leadRows) add(row.email, 'lead', row.id);
  for (const row of clientRows) add(row.email, 'client', row.id);
  const companiesByDomain = new Map<string, string[]>();
  for (const row of companyRows)
    companiesByDomain.set(row.domain, [...(companiesByDomain.get(row.domain) ?? []), row.id]);

  const rows: Array<typeof emailContactMappings.$inferInsert> = [];
  items.forEach((item, i) => {
    const typeOf = new Map<string, ContactRole['mappingType']>();
    for (const role of item.roles) if (!typeOf.has(role.address)) typeOf.set(role.address, role.mappingType);
    for (const [address, mappingType] of typeOf) {
      for (const match of byAddress.get(address) ?? []) {
        results[i].add(address);
        rows.push(mapping(organizationId, item.emailId, address, match.entityType, match.id, mappingType));
      }
      const domain = address.split('@')[1] ?? '';
      for (const companyId of companiesByDomain.get(domain) ?? []) {
        results[i].add(address);
        rows.push({
          ...mapping(organizationId, item.emailId, address, 'company', companyId, mappingType),
          confidence: '0.50',
        });
      }
    }
  });
  for (let i = 0; i < rows.length; i += 1000)
    await tx.insert(emailContactMappings).values(rows.slice(i, i + 1000));
  return results;
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

/**
 * Inbound replies to our tracked messages: replied, unless bounced or failed. `repliedAt` maps
 * each Message-ID replied to to the time of its first reply.
 */
async function markReplied(tx: Transaction, organizationId: string, repliedAt: Map<string, Date>) {
  const rows = [...repliedAt].map(([messageId, at]) => ({ messageId, at: at.toISOString() }));
  await tx
    .update(emailTracking)
    .set({
      repliedAt: sql`coalesce(${emailTracking.repliedAt}, v.at)`,
      deliveryStatus: sql`case when ${emailTracking.deliveryStatus} in ('bounced', 'failed') then ${emailTracking.deliveryStatus} else 'replied' end`,
    })
    .from(
      sql`${emails}, jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v("messageId" text, at timestamptz)`,
    )
    .where(
      and(
        eq(emailTracking.organizationId, organizationId),
        eq(emails.organizationId, organizationId),
        sql`${emails.id} = ${emailTracking.emailId}`,
        eq(emails.direction, 'outbound'),
        sql`${emails.messageId} = v."messageId"`,
      ),
    );
}

/** JSON for a jsonb parameter: lone UTF-16 surrogates (broken mail) become U+FFFD, as a text parameter's would. */
function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    typeof v === 'string' ? (v as string & { toWellFormed(): string }).toWellFormed() : v,
  );
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}
