import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { ImapFlow, ImapFlowOptions } from 'imapflow';
import type { Database } from '../../db';
import { emailAccounts, emailSyncJobs, emails, organizationEmailSettings } from '../../db/schema/email';
import { files } from '../../db/schema/files';
import { users } from '../../db/schema/identity';
import type { OutboxContext } from '../../jobs/outbox-handler';
import type { Transaction } from '../../lib/transaction';
import { freshAccessToken } from '../email-accounts/oauth-tokens';
import { queuePlatformEmail } from '../email/queue-platform-email';
import type { StoredAttachment } from '../email/store-email';
import { linkEmailToContacts, storeEmails } from '../email/store-email';
import { recordBounce } from '../email-tracking/record-bounce';
import { declaredContentType } from '../files/file-content-type';
import { describeSyncError, type SyncFailure } from './describe-sync-error';
import { type FetchedMessage, parseSyncedMessage, type SyncedMessage } from './parse-synced-message';
import { failStaleJobs } from './request-mailbox-sync';
import { createLeadFromSender } from './unknown-sender-lead';

export type SyncContext = Pick<OutboxContext, 'db' | 'secrets' | 'files' | 'appUrl' | 'log'>;

export interface SyncTuning {
  /** UIDs per FETCH (and per storing transaction). */
  chunkSize?: number;
  /** Bytes of one message's source fetched at most; a larger one is cut (its attachments skipped). */
  maxMessageBytes?: number;
  connectTimeoutMs?: number;
}

export const defaultSyncChunkSize = 150;
export const defaultMaxMessageBytes = 40 * 1024 * 1024;
const defaultConnectTimeoutMs = 20_000;

export type SyncOutcome =
  | { status: 'completed'; imported: number; processed: number }
  | { status: 'failed'; failure: SyncFailure }
  /** The job is not this organization's (or its account is gone): nothing was done. */
  | { status: 'refused' }
  /** Already completed (a repeated outbox delivery). */
  | { status: 'skipped' };

type Account = typeof emailAccounts.$inferSelect;
type AttachmentEntry =
  | StoredAttachment
  | { name: string; contentType: string; size: number; skipped: string };

interface FolderPlan {
  path: string;
  isSent: boolean;
  uidValidity: string;
  /** Highest UID stored (0 after a UIDVALIDITY change): advanced chunk by chunk. */
  lastUid: number;
  uids: number[];
}

/**
 * Runs one email_sync_jobs row (the `email.sync` outbox job): connects to the mailbox over IMAP,
 * imports every message past each folder's last UID (all of them after a UIDVALIDITY change) in
 * chunks, each chunk stored in one transaction through storeEmails together with the folder's
 * new last UID and the job's progress, so a crash resumes where it stopped and progress shows
 * while it runs. Ends with the job completed or failed and the account idle or in error (never
 * left "syncing"); the owner hears of the first failure after a success.
 */
export async function runMailboxSync(
  context: SyncContext,
  target: { organizationId: string; accountId: string; jobId: string },
  tuning: SyncTuning = {},
): Promise<SyncOutcome> {
  const { db } = context;
  const { organizationId } = target;
  const [job] = await db
    .select()
    .from(emailSyncJobs)
    .where(
      and(
        eq(emailSyncJobs.organizationId, organizationId),
        eq(emailSyncJobs.id, target.jobId),
        eq(emailSyncJobs.accountId, target.accountId),
      ),
    );
  if (!job) return { status: 'refused' };
  if (job.status === 'completed') return { status: 'skipped' };
  const [account] = await db
    .select()
    .from(emailAccounts)
    .where(and(eq(emailAccounts.organizationId, organizationId), eq(emailAccounts.id, target.accountId)));
  if (!account) return { status: 'refused' };

  await db.transaction(async (tx) => {
    await failStaleJobs(tx, organizationId, account.id);
    await tx
      .update(emailSyncJobs)
      .set({ status: 'running', startedAt: new Date(), completedAt: null, errorMessage: null })
      .where(and(eq(emailSyncJobs.organizationId, organizationId), eq(emailSyncJobs.id, job.id)));
    await tx
      .update(emailAccounts)
      .set({ syncStatus: 'syncing' })
      .where(and(eq(emailAccounts.organizationId, organizationId), eq(emailAccounts.id, account.id)));
  });

  const server = {
    host: account.imapHost ?? '',
    port: account.imapPort ?? (account.imapSecurity === 'tls' ? 993 : 143),
    oauth: account.authType === 'oauth',
    connectTimeoutMs: tuning.connectTimeoutMs ?? defaultConnectTimeoutMs,
  };
  let client: ImapFlow | null = null;
  try {
    if (!account.imapHost) {
      return await finishFailed(context, account, job.id, {
        message: 'The mailbox has no IMAP server set',
        retryable: false,
        authFailed: false,
      });
    }
    client = await connect(context, account, server, tuning);
    const settings = await db
      .select({ createLeads: organizationEmailSettings.createLeadsFromUnknownSenders })
      .from(organizationEmailSettings)
      .where(eq(organizationEmailSettings.organizationId, organizationId));
    const session: SyncSession = {
      context,
      account,
      jobId: job.id,
      client,
      createLeads: settings[0]?.createLeads ?? false,
      chunkSize: tuning.chunkSize ?? defaultSyncChunkSize,
      maxMessageBytes: tuning.maxMessageBytes ?? defaultMaxMessageBytes,
      imported: 0,
      processed: 0,
    };
    const plans = await planFolders(session);
    const total = plans.reduce((sum, plan) => sum + plan.uids.length, 0);
    await db
      .update(emailSyncJobs)
      .set({
        emailsTotal: total,
        emailsProcessed: 0,
        metadata: { folders: plans.map((p) => ({ path: p.path, pending: p.uids.length })) },
      })
      .where(and(eq(emailSyncJobs.organizationId, organizationId), eq(emailSyncJobs.id, job.id)));
    for (const plan of plans) await syncFolder(session, plan);
    await client.logout().catch(() => undefined);
    client = null;

    await db.transaction(async (tx) => {
      const now = new Date();
      await tx
        .update(emailSyncJobs)
        .set({ status: 'completed', completedAt: now, errorMessage: null })
        .where(and(eq(emailSyncJobs.organizationId, organizationId), eq(emailSyncJobs.id, job.id)));
      await tx
        .update(emailAccounts)
        .set({ syncStatus: 'idle', lastSyncAt: now, lastError: null, lastErrorAt: null })
        .where(and(eq(emailAccounts.organizationId, organizationId), eq(emailAccounts.id, account.id)));
    });
    return { status: 'completed', imported: session.imported, processed: session.processed };
  } catch (error) {
    const failure = describeSyncError(error, server);
    context.log.warn({ err: error, accountId: account.id, jobId: job.id }, 'mailbox sync failed');
    return await finishFailed(context, account, job.id, failure);
  } finally {
    if (client) client.close();
  }
}

interface SyncSession {
  context: SyncContext;
  account: Account;
  jobId: string;
  client: ImapFlow;
  createLeads: boolean;
  chunkSize: number;
  maxMessageBytes: number;
  imported: number;
  processed: number;
}

async function connect(
  context: SyncContext,
  account: Account,
  server: { host: string; port: number; connectTimeoutMs: number },
  tuning: SyncTuning,
) {
  const auth: ImapFlowOptions['auth'] =
    account.authType === 'oauth'
      ? { user: account.username || account.email, accessToken: await accessTokenOf(context, account) }
      : {
          user: account.username || account.email,
          pass: account.password ? context.secrets.open(account.password) : '',
        };
  const { ImapFlow } = await import('imapflow');
  const client = new ImapFlow({
    host: server.host,
    port: server.port,
    secure: account.imapSecurity === 'tls',
    // STARTTLS is required when asked for: credentials never cross the wire in clear by surprise.
    doSTARTTLS:
      account.imapSecurity === 'starttls' ? true : account.imapSecurity === 'none' ? false : undefined,
    auth,
    logger: false,
    // A sync only polls (docs: IDLE is not used), so the connection never idles in the background.
    disableAutoIdle: true,
    connectionTimeout: tuning.connectTimeoutMs ?? defaultConnectTimeoutMs,
    greetingTimeout: tuning.connectTimeoutMs ?? defaultConnectTimeoutMs,
    socketTimeout: 120_000,
  });
  // Errors after connecting also reject the command under way; this keeps them off the process.
  client.on('error', (err) => context.log.debug({ err, accountId: account.id }, 'imap connection error'));
  await client.connect();
  return client;
}

/** The OAuth access token; a refresh the provider refuses is a sign-in failure (no retry storm). */
async function accessTokenOf(context: SyncContext, account: Account) {
  try {
    return await freshAccessToken(context, account);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code && /^(E[A-Z]+|CONNECT_TIMEOUT)$/.test(code)) throw error;
    throw Object.assign(new Error((error as Error).message), { oauthRefreshFailed: true });
  }
}

/** The folders to read and the UIDs each has past its last sync (all after a UIDVALIDITY change). */
async function planFolders(session: SyncSession): Promise<FolderPlan[]> {
  const { client, account } = session;
  const listed = await client.list();
  const sent = listed.find((folder) => folder.specialUse === '\\Sent');
  const existing = new Set(listed.map((folder) => folder.path));
  const sentPath = sent?.path;
  let paths =
    account.folderWhitelist.length > 0 ? account.folderWhitelist : ['INBOX', ...(sentPath ? [sentPath] : [])];
  if (account.syncDirection === 'inbound') paths = paths.filter((p) => p !== sentPath);
  if (account.syncDirection === 'outbound') paths = paths.filter((p) => p === sentPath);
  paths = [...new Set(paths)].filter((p) => p === 'INBOX' || existing.has(p));

  const plans: FolderPlan[] = [];
  for (const path of paths) {
    const lock = await client.getMailboxLock(path, { readOnly: true });
    try {
      const mailbox = client.mailbox;
      if (!mailbox) continue;
      const uidValidity = String(mailbox.uidValidity);
      const state = account.syncState[path];
      const lastUid = state && state.uidValidity === uidValidity ? state.lastUid : 0;
      let uids: number[] = [];
      if (mailbox.exists > 0 && (lastUid === 0 || mailbox.uidNext > lastUid + 1)) {
        const found = await client.search(lastUid === 0 ? { all: true } : { uid: `${lastUid + 1}:*` }, {
          uid: true,
        });
        // `n:*` always names the last message, even when its UID is below n.
        uids = (found || []).filter((uid) => uid > lastUid).toSorted((a, b) => a - b);
      }
      plans.push({ path, isSent: path === sentPath, uidValidity, lastUid, uids });
    } finally {
      lock.release();
    }
  }
  return plans;
}

/**
 * One folder in chunks. The next chunk is fetched (and parsed) while the previous one is being
 * stored, so the IMAP server and the database work at the same time; at most two chunks are in
 * memory, and attachment bytes go to the file store as they are read.
 */
async function syncFolder(session: SyncSession, plan: FolderPlan) {
  const { client, context, account } = session;
  const lock = await client.getMailboxLock(plan.path, { readOnly: true });
  try {
    const mailbox = client.mailbox;
    if (!mailbox) return;
    if (String(mailbox.uidValidity) !== plan.uidValidity) {
      throw new Error(`The folder ${plan.path} changed while syncing; it will be read again`);
    }
    if (plan.uids.length === 0) {
      await saveFolderState(context.db, account, plan, 0);
      return;
    }
    const chunks: number[][] = [];
    for (let i = 0; i < plan.uids.length; i += session.chunkSize)
      chunks.push(plan.uids.slice(i, i + session.chunkSize));
    let next = fetchChunk(session, plan, chunks[0]);
    for (let i = 0; i < chunks.length; i += 1) {
      const messages = await next;
      if (i + 1 < chunks.length) {
        next = fetchChunk(session, plan, chunks[i + 1]);
        // Handled when awaited; a failed store below must not leave it unhandled.
        next.catch(() => undefined);
      }
      await storeChunk(session, plan, chunks[i], messages);
    }
  } finally {
    lock.release();
  }
}

async function fetchChunk(session: SyncSession, plan: FolderPlan, uids: number[]): Promise<SyncedMessage[]> {
  const { client, account, context } = session;
  const out: SyncedMessage[] = [];
  const query = {
    uid: true,
    flags: true,
    internalDate: true,
    size: true,
    source: { maxLength: session.maxMessageBytes },
  };
  for await (const message of client.fetch(uidRange(uids), query, { uid: true })) {
    const fetched: FetchedMessage = {
      uid: message.uid,
      source: message.source,
      flags: message.flags,
      internalDate: message.internalDate,
      size: message.size,
    };
    const synced = await parseSyncedMessage(fetched, {
      accountId: account.id,
      accountEmail: account.email,
      folder: plan.path,
      uidValidity: plan.uidValidity,
      isSentFolder: plan.isSent,
      truncated: (message.size ?? 0) > session.maxMessageBytes,
    });
    if (synced.attachments.some((part) => part.content)) {
      await writeAttachmentBytes(context, account, synced);
    }
    out.push(synced);
  }
  return out;
}

/**
 * Writes a message's attachments to the file store (bytes first; the files rows come with the
 * message's transaction, so bytes of a message that is never stored are swept). A message this
 * mailbox already has (a resync) writes nothing.
 */
async function writeAttachmentBytes(context: SyncContext, account: Account, synced: SyncedMessage) {
  const [known] = await context.db
    .select({ id: emails.id })
    .from(emails)
    .where(
      and(
        eq(emails.organizationId, account.organizationId),
        eq(emails.accountId, account.id),
        eq(emails.messageId, synced.email.messageId),
      ),
    )
    .limit(1);
  for (const part of synced.attachments) {
    if (!part.content) continue;
    if (known) {
      part.content = undefined;
      continue;
    }
    const fileId = randomUUID();
    await context.files.put(account.organizationId, fileId, part.content);
    (part as PendingAttachment).fileId = fileId;
    part.content = undefined;
  }
}

type PendingAttachment = SyncedMessage['attachments'][number] & { fileId?: string };

async function storeChunk(session: SyncSession, plan: FolderPlan, uids: number[], messages: SyncedMessage[]) {
  const { context, account } = session;
  const organizationId = account.organizationId;
  const created = await context.db.transaction(async (tx) => {
    let count = 0;
    const known = await alreadyStored(tx, account, messages);
    const pending = messages.filter((message) => !known.has(message.email.messageId));
    const entries = pending.map((message) =>
      message.attachments.map((part): AttachmentEntry => {
        const fileId = (part as PendingAttachment).fileId;
        const meta = { name: part.name, contentType: declaredContentType(part.contentType), size: part.size };
        return fileId ? { fileId, ...meta } : { ...meta, skipped: part.skipped ?? 'not imported' };
      }),
    );
    // The whole chunk in one set-based call (a handful of statements, not ~10 per message).
    const results = await storeEmails(
      tx,
      organizationId,
      // Skipped attachments are listed without a file, so the message says what it had.
      pending.map((message, i) => ({ ...message.email, attachments: entries[i] as StoredAttachment[] })),
      { ownAddresses: [account.email] },
    );
    // The files rows of the attachments of the messages stored now (their bytes are written
    // already; those of a message not stored are swept), in one insert.
    const fileRows = results.flatMap((stored, i) =>
      stored.created
        ? entries[i]
            .filter((a): a is StoredAttachment => 'fileId' in a)
            .map((a) => ({
              organizationId,
              id: a.fileId,
              name: a.name,
              contentType: a.contentType,
              size: a.size,
              createdBy: account.userId,
            }))
        : [],
    );
    if (fileRows.length > 0) await tx.insert(files).values(fileRows);
    /** Senders made leads in this chunk: later messages of the chunk are theirs, as if stored after. */
    const newLeads = new Set<string>();
    for (const [i, stored] of results.entries()) {
      if (!stored.created) continue;
      count += 1;
      const message = pending[i];
      if (message.deliveryStatus?.failed && message.deliveryStatus.originalMessageId) {
        await recordBounce(tx, {
          organizationId,
          originalMessageId: message.deliveryStatus.originalMessageId,
          reason: message.deliveryStatus.reason,
        });
      }
      if (newLeads.size > 0) {
        const email = stored.email;
        const roles = [
          ...[email.fromEmail, ...email.toEmails].map((address) => ({
            address,
            mappingType: 'primary' as const,
          })),
          ...email.ccEmails.map((address) => ({ address, mappingType: 'cc' as const })),
          ...email.bccEmails.map((address) => ({ address, mappingType: 'bcc' as const })),
        ].filter((role) => newLeads.has(role.address));
        if (roles.length > 0) await linkEmailToContacts(tx, organizationId, email.id, roles);
        if (newLeads.has(email.fromEmail)) continue;
      }
      if (stored.unknownSender && session.createLeads && !message.automated && message.email.fromEmail) {
        const leadId = await createLeadFromSender(tx, account, stored.email, message.email.fromName ?? null);
        if (leadId) newLeads.add(stored.email.fromEmail);
      }
    }
    plan.lastUid = Math.max(plan.lastUid, uids[uids.length - 1] ?? 0);
    await saveFolderState(tx, account, plan, count);
    await tx
      .update(emailSyncJobs)
      .set({ emailsProcessed: sql`${emailSyncJobs.emailsProcessed} + ${uids.length}` })
      .where(and(eq(emailSyncJobs.organizationId, organizationId), eq(emailSyncJobs.id, session.jobId)));
    return count;
  });
  session.imported += created;
  session.processed += uids.length;
}

/**
 * Messages of the chunk this mailbox already has with their place (folder and UID) known: one
 * query instead of one per message when a folder is read again (UIDVALIDITY change, lost state).
 * Ones without a place still go through storeEmails, which fills it in (the Sent copy of a
 * message composed in the CRM).
 */
async function alreadyStored(tx: Transaction, account: Account, messages: SyncedMessage[]) {
  const ids = [...new Set(messages.map((m) => m.email.messageId))];
  if (ids.length === 0) return new Set<string>();
  const rows = await tx
    .select({ messageId: emails.messageId })
    .from(emails)
    .where(
      and(
        eq(emails.organizationId, account.organizationId),
        eq(emails.accountId, account.id),
        inArray(emails.messageId, ids),
        isNotNull(emails.folder),
        isNotNull(emails.uid),
      ),
    );
  return new Set(rows.map((row) => row.messageId));
}

/** The folder's new last UID (and UIDVALIDITY) and the account's imported count, in the chunk's transaction. */
async function saveFolderState(
  db: Transaction | Database,
  account: Account,
  plan: FolderPlan,
  imported: number,
) {
  const state = JSON.stringify({ [plan.path]: { uidValidity: plan.uidValidity, lastUid: plan.lastUid } });
  await db
    .update(emailAccounts)
    .set({
      syncState: sql`${emailAccounts.syncState} || ${state}::jsonb`,
      messagesImported: sql`${emailAccounts.messagesImported} + ${imported}`,
    })
    .where(and(eq(emailAccounts.organizationId, account.organizationId), eq(emailAccounts.id, account.id)));
}

/** Job failed, account in error with the reason in words; the owner is told when it was fine before. */
async function finishFailed(
  context: SyncContext,
  account: Account,
  jobId: string,
  failure: SyncFailure,
): Promise<SyncOutcome> {
  const organizationId = account.organizationId;
  await context.db.transaction(async (tx) => {
    const now = new Date();
    await tx
      .update(emailSyncJobs)
      .set({
        status: 'failed',
        completedAt: now,
        errorMessage: failure.message,
        metadata: sql`coalesce(${emailSyncJobs.metadata}, '{}'::jsonb) || ${JSON.stringify({ authFailed: failure.authFailed, retryable: failure.retryable })}::jsonb`,
      })
      .where(and(eq(emailSyncJobs.organizationId, organizationId), eq(emailSyncJobs.id, jobId)));
    // Read again under lock: only one failing run notifies.
    const [before] = await tx
      .select({ lastError: emailAccounts.lastError, userId: emailAccounts.userId })
      .from(emailAccounts)
      .where(and(eq(emailAccounts.organizationId, organizationId), eq(emailAccounts.id, account.id)))
      .for('update');
    await tx
      .update(emailAccounts)
      .set({ syncStatus: 'error', lastError: failure.message, lastErrorAt: now })
      .where(and(eq(emailAccounts.organizationId, organizationId), eq(emailAccounts.id, account.id)));
    if (before && before.lastError === null && before.userId) {
      const [owner] = await tx
        .select({ email: users.email, firstName: users.firstName })
        .from(users)
        .where(eq(users.id, before.userId));
      if (owner) {
        const link = new URL('/settings/email', context.appUrl).toString();
        await queuePlatformEmail(tx, context.secrets, {
          to: owner.email,
          organizationId,
          purpose: 'notification',
          subject: `Your mailbox ${account.email} is not syncing`,
          text: [
            `Hello ${owner.firstName},`,
            '',
            `Locus could not sync your mailbox ${account.email}:`,
            failure.message,
            '',
            failure.authFailed
              ? 'Update its password (or connect it again) in Settings › Email:'
              : 'Locus will keep trying. You can check it in Settings › Email:',
            link,
          ].join('\n'),
        });
      }
    }
  });
  return { status: 'failed', failure };
}

/** UIDs as an IMAP sequence set with ranges: `1:150` rather than 150 numbers. */
export function uidRange(uids: number[]): string {
  const parts: string[] = [];
  let start = uids[0];
  let previous = uids[0];
  for (const uid of uids.slice(1)) {
    if (uid === previous + 1) {
      previous = uid;
      continue;
    }
    parts.push(start === previous ? `${start}` : `${start}:${previous}`);
    start = uid;
    previous = uid;
  }
  parts.push(start === previous ? `${start}` : `${start}:${previous}`);
  return parts.join(',');
}
