import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailAccounts,
  emailContactMappings,
  emails,
  emailSyncJobs,
  organizationEmailSettings,
} from '../../db/schema/email';
import { leads } from '../../db/schema/crm';
import { files } from '../../db/schema/files';
import { outbox } from '../../db/schema/platform';
import type { OutboxJobRow } from '../../jobs/outbox-handler';
import { outboxHandlers } from '../../jobs/outbox-handlers';
import { createDiskFileStore } from '../../lib/disk-file-store';
import { outboxKinds } from '../../lib/outbox';
import { startDovecot, type TestDovecot } from '../../test/dovecot';
import { registerOrganizationOwner, type SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sweepOrganizationFiles } from '../files/sweep-files';
import { htmlCutNote, syncHtmlMaxChars } from './parse-synced-message';
import { pollMailboxes } from './poll-mailboxes';
import { interruptedMessage, requestMailboxSync } from './request-mailbox-sync';
import { runMailboxSync, type SyncContext, type SyncTuning } from './run-mailbox-sync';

describe('IMAP mailbox sync (against dovecot)', () => {
  let t: TestApp;
  let dovecot: TestDovecot;
  let owner: SignedIn;
  let other: SignedIn;
  let orgId: string;
  let context: SyncContext;
  let leadId: string;
  /**
   * Mailbox users made up front: dovecot re-reads its passwd-file when the file's mtime changes,
   * and a user added within the same second as a lookup can go unseen.
   */
  const addresses = Array.from(
    { length: 16 },
    (_, i) => `agent-${i}-${randomBytes(3).toString('hex')}@locus-test.com`,
  );

  beforeAll(async () => {
    [t, dovecot] = await Promise.all([createTestApp(), startDovecot()]);
    for (const address of addresses) dovecot.addUser(address, 'app-pass');
    owner = await registerOrganizationOwner(t.app);
    other = await registerOrganizationOwner(t.app);
    orgId = owner.user.organizationId;
    context = {
      db: t.db,
      secrets: t.secrets,
      files: createDiskFileStore(t.filesDir),
      appUrl: 'http://locus.test',
      log: t.app.log,
    };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { cookie: owner.cookie },
      payload: { fullName: 'Mary Claimant', email: 'Mary@Example.com' },
    });
    expect(res.statusCode, res.body).toBe(201);
    leadId = res.json().id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await dovecot?.stop();
  });

  /** A dovecot user and its email_accounts row (as the mailboxes API would store it). */
  async function mailbox(
    overrides: Partial<typeof emailAccounts.$inferInsert> & { storedPassword?: string } = {},
    session: SignedIn = owner,
  ) {
    const address = addresses.shift();
    if (!address) throw new Error('add more test mailbox users');
    const { storedPassword = 'app-pass', ...values } = overrides;
    const [account] = await t.db
      .insert(emailAccounts)
      .values({
        organizationId: session.user.organizationId,
        userId: session.user.id,
        provider: 'imap',
        email: address,
        imapHost: dovecot.host,
        imapPort: dovecot.port,
        imapSecurity: 'none',
        username: address,
        password: t.secrets.seal(storedPassword),
        ...values,
      })
      .returning();
    return account;
  }

  async function sync(account: typeof emailAccounts.$inferSelect, tuning: SyncTuning = {}) {
    const { job } = await t.db.transaction((tx) =>
      requestMailboxSync(tx, { organizationId: account.organizationId, accountId: account.id }),
    );
    const outcome = await runMailboxSync(
      context,
      { organizationId: account.organizationId, accountId: account.id, jobId: job.id },
      tuning,
    );
    const [after] = await t.db.select().from(emailSyncJobs).where(eq(emailSyncJobs.id, job.id));
    const [accountAfter] = await t.db.select().from(emailAccounts).where(eq(emailAccounts.id, account.id));
    return { outcome, job: after, account: accountAfter };
  }

  async function imap(address: string, run: (client: ImapFlow) => Promise<void>) {
    const client = new ImapFlow({
      host: dovecot.host,
      port: dovecot.port,
      secure: false,
      auth: { user: address, pass: 'app-pass' },
      logger: false,
    });
    await client.connect();
    try {
      await run(client);
    } finally {
      await client.logout();
    }
  }

  const emailsOf = (accountId: string) =>
    t.db.select().from(emails).where(eq(emails.accountId, accountId)).orderBy(emails.receivedAt);

  it('a full sync imports INBOX and Sent threaded and linked to the lead; the next run imports only what is new', async () => {
    const account = await mailbox();
    await dovecot.deliver(
      account.email,
      raw(
        {
          From: 'Mary Claimant <mary@example.com>',
          To: account.email,
          Subject: 'My surplus claim',
          'Message-ID': '<q1@example.com>',
          Date: 'Mon, 02 Nov 2026 10:00:00 +0000',
        },
        'Is there money for me?',
      ),
    );
    await imap(account.email, async (client) => {
      await client.append(
        'Sent',
        raw(
          {
            From: account.email,
            To: 'mary@example.com',
            Subject: 'Re: My surplus claim',
            'Message-ID': '<a1@locus-test.com>',
            'In-Reply-To': '<q1@example.com>',
            References: '<q1@example.com>',
            Date: 'Mon, 02 Nov 2026 11:00:00 +0000',
          },
          'Yes, about $12,000.',
        ),
        ['\\Seen'],
      );
    });

    const first = await sync(account, { chunkSize: 1 });
    expect(first.outcome).toEqual({ status: 'completed', imported: 2, processed: 2 });
    expect(first.job).toMatchObject({
      jobType: 'full_sync',
      status: 'completed',
      emailsTotal: 2,
      emailsProcessed: 2,
      errorMessage: null,
    });
    expect(first.account).toMatchObject({ syncStatus: 'idle', lastError: null, messagesImported: 2 });
    expect(first.account.lastSyncAt).toBeInstanceOf(Date);
    expect(Object.keys(first.account.syncState).toSorted()).toEqual(['INBOX', 'Sent']);

    const stored = await emailsOf(account.id);
    expect(stored.map((e) => [e.messageId, e.direction, e.folder])).toEqual([
      ['<q1@example.com>', 'inbound', 'INBOX'],
      ['<a1@locus-test.com>', 'outbound', 'Sent'],
    ]);
    expect(stored[0].threadId).toBe(stored[1].threadId);
    expect(stored[0].rawHeaders).toMatchObject({ 'message-id': '<q1@example.com>' });
    const mapped = await t.db
      .select()
      .from(emailContactMappings)
      .where(and(eq(emailContactMappings.entityType, 'lead'), eq(emailContactMappings.entityId, leadId)));
    expect(mapped.map((m) => m.emailId).toSorted()).toEqual(stored.map((e) => e.id).toSorted());

    await dovecot.deliver(
      account.email,
      raw(
        { From: 'mary@example.com', To: account.email, Subject: 'Thanks', 'Message-ID': '<q2@example.com>' },
        'ok',
      ),
    );
    const second = await sync(account);
    expect(second.job).toMatchObject({ jobType: 'incremental_sync', status: 'completed', emailsTotal: 1 });
    expect(second.outcome).toMatchObject({ imported: 1, processed: 1 });
    expect(second.account.messagesImported).toBe(3);
    expect(await emailsOf(account.id)).toHaveLength(3);

    // Nothing new: nothing fetched.
    const third = await sync(account);
    expect(third.job).toMatchObject({ status: 'completed', emailsTotal: 0, emailsProcessed: 0 });
  });

  it('asking twice answers the open job (no pile-up), and a job running past its lease is failed and replaced', async () => {
    const account = await mailbox();
    const ask = () =>
      t.db.transaction((tx) => requestMailboxSync(tx, { organizationId: orgId, accountId: account.id }));
    const first = await ask();
    const again = await ask();
    expect(first.created).toBe(true);
    expect(again).toMatchObject({ created: false, job: { id: first.job.id } });
    const queued = await t.db.select().from(outbox).where(eq(outbox.kind, outboxKinds.syncMailbox));
    expect(queued.filter((row) => (row.payload as { jobId: string }).jobId === first.job.id)).toHaveLength(1);

    await t.db
      .update(emailSyncJobs)
      .set({ status: 'running', startedAt: new Date(Date.now() - 20 * 60 * 1000) })
      .where(eq(emailSyncJobs.id, first.job.id));
    const replaced = await ask();
    expect(replaced.created).toBe(true);
    const [stale] = await t.db.select().from(emailSyncJobs).where(eq(emailSyncJobs.id, first.job.id));
    expect(stale).toMatchObject({ status: 'failed', errorMessage: interruptedMessage });
  });

  it('a folder whose UIDVALIDITY changed is read again without duplicates', async () => {
    const account = await mailbox({ folderWhitelist: ['Claims'] });
    const message = (n: number) =>
      raw(
        {
          From: 'mary@example.com',
          To: account.email,
          Subject: `Claim ${n}`,
          'Message-ID': `<c${n}@example.com>`,
        },
        `n${n}`,
      );
    await imap(account.email, async (client) => {
      await client.mailboxCreate('Claims');
      await client.append('Claims', message(1));
      await client.append('Claims', message(2));
    });
    const first = await sync(account);
    expect(first.outcome).toMatchObject({ status: 'completed', imported: 2 });
    const validity = first.account.syncState.Claims.uidValidity;

    // Recreated a second later: a new UIDVALIDITY, UIDs start again at 1.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await imap(account.email, async (client) => {
      await client.mailboxDelete('Claims');
      await client.mailboxCreate('Claims');
      await client.append('Claims', message(1));
      await client.append('Claims', message(2));
      await client.append('Claims', message(3));
    });
    const second = await sync(account);
    expect(second.account.syncState.Claims.uidValidity).not.toBe(validity);
    expect(second.job).toMatchObject({ status: 'completed', emailsTotal: 3, emailsProcessed: 3 });
    expect(second.outcome).toMatchObject({ imported: 1 });
    const stored = await emailsOf(account.id);
    expect(stored.map((e) => e.messageId).toSorted()).toEqual([
      '<c1@example.com>',
      '<c2@example.com>',
      '<c3@example.com>',
    ]);
  });

  it('a refused password fails the job and tells the owner once; the poll leaves the account alone', {
    timeout: 60_000,
  }, async () => {
    const account = await mailbox({ storedPassword: 'an-old-password' });
    const notices = async () =>
      (await t.db.select().from(outbox).where(eq(outbox.kind, outboxKinds.sendPlatformEmail))).filter(
        (row) => (row.payload as { to: string }).to === owner.user.email,
      );
    const before = (await notices()).length;

    const first = await sync(account);
    expect(first.outcome).toMatchObject({
      status: 'failed',
      failure: { retryable: false, authFailed: true },
    });
    expect(first.job.status).toBe('failed');
    expect(first.job.errorMessage).toMatch(/refused the password/);
    expect(first.account).toMatchObject({ syncStatus: 'error' });
    expect(first.account.lastError).toBe('The server refused the password (AUTHENTICATIONFAILED)');
    expect(first.account.lastErrorAt).toBeInstanceOf(Date);
    const sent = await notices();
    expect(sent).toHaveLength(before + 1);
    const last = sent.at(-1);
    if (!last) throw new Error('no notice');
    const notice = JSON.parse(t.secrets.open((last.payload as { sealed: string }).sealed));
    expect(notice).toMatchObject({ purpose: 'notification', organizationId: orgId });
    expect(notice.subject).toContain(account.email);
    expect(notice.text).toContain('refused the password');
    expect(notice.text).toContain('http://locus.test/settings/email');

    const second = await sync(account);
    expect(second.account.syncStatus).toBe('error');
    expect(await notices()).toHaveLength(before + 1);

    await pollMailboxes(t.db, 0);
    const open = await t.db
      .select()
      .from(emailSyncJobs)
      .where(and(eq(emailSyncJobs.accountId, account.id), eq(emailSyncJobs.status, 'pending')));
    expect(open).toHaveLength(0);
  });

  it('a closed port ends in words, never "syncing", and the outbox handler throws so the job is retried', async () => {
    const port = await closedPort();
    const account = await mailbox({ imapPort: port });
    const result = await sync(account, { connectTimeoutMs: 3000 });
    expect(result.outcome).toMatchObject({ status: 'failed', failure: { retryable: true } });
    expect(result.account.syncStatus).toBe('error');
    expect(result.account.lastError).toBe(`Could not reach 127.0.0.1:${port} (connection refused)`);
    expect(result.job).toMatchObject({ status: 'failed', errorMessage: result.account.lastError });

    const { job } = await t.db.transaction((tx) =>
      requestMailboxSync(tx, { organizationId: orgId, accountId: account.id }),
    );
    const row: OutboxJobRow = {
      id: crypto.randomUUID(),
      kind: outboxKinds.syncMailbox,
      organizationId: orgId,
      payload: { accountId: account.id, jobId: job.id },
      attempts: 1,
    };
    const handler = outboxHandlers[outboxKinds.syncMailbox];
    await expect(handler(row, { ...context, superAdminEmails: [] })).rejects.toThrow(/connection refused/);
    const [after] = await t.db.select().from(emailAccounts).where(eq(emailAccounts.id, account.id));
    expect(after.syncStatus).toBe('error');
  });

  it('broken MIME and a 10 MB HTML body are stored without failing the sync', {
    timeout: 120_000,
  }, async () => {
    const account = await mailbox();
    await dovecot.deliver(
      account.email,
      [
        'From: Broken Sender <broken@example.org>',
        `To: ${account.email}`,
        'Subject: Broken one',
        'Message-ID: <broken-1@example.org>',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="never-closed"',
        'Content-Transfer-Encoding: base64',
        '',
        '--never-closed',
        'Content-Type: text/plain; charset=no-such-charset',
        'Content-Transfer-Encoding: quoted-printable',
        '',
        'Readable =E9 text =ZZ broken',
        '--never-closed',
        'Content-Type: application/pdf; name="x.pdf"',
        'Content-Transfer-Encoding: base64',
        '',
        '!!!not base64!!!',
        '',
      ].join('\r\n'),
    );
    const bigHtml = `<html><body>${'<p>Surplus funds notice. </p>'.repeat(380_000)}</body></html>`;
    expect(bigHtml.length).toBeGreaterThan(10_000_000);
    await dovecot.deliver(account.email, {
      from: 'newsletter@county.gov',
      to: account.email,
      subject: 'Huge notice',
      messageId: '<huge-1@county.gov>',
      html: bigHtml,
    });
    // Without a Message-ID: a stable synthetic one, stored once over two runs.
    await dovecot.deliver(
      account.email,
      raw({ From: 'anon@example.org', To: account.email, Subject: 'No id' }, 'hi'),
    );

    const result = await sync(account);
    expect(result.outcome).toMatchObject({ status: 'completed', imported: 3 });
    const stored = await emailsOf(account.id);
    const broken = stored.find((e) => e.messageId === '<broken-1@example.org>');
    expect(broken).toMatchObject({ subject: 'Broken one', fromEmail: 'broken@example.org' });
    expect(broken?.bodyText).toContain('Readable');
    const huge = stored.find((e) => e.messageId === '<huge-1@county.gov>');
    expect(huge?.bodyHtml?.length).toBe(syncHtmlMaxChars + htmlCutNote.length);
    expect(huge?.bodyHtml?.endsWith(htmlCutNote)).toBe(true);
    const anonymous = stored.find((e) => e.subject === 'No id');
    expect(anonymous?.messageId).toMatch(new RegExp(`^<\\d+\\.\\d+\\.INBOX@${account.id}>$`));

    // A full resync (state lost) finds them all stored already.
    await t.db.update(emailAccounts).set({ syncState: {} }).where(eq(emailAccounts.id, account.id));
    const again = await sync(account);
    expect(again.outcome).toMatchObject({ status: 'completed', imported: 0, processed: 3 });
    expect(await emailsOf(account.id)).toHaveLength(3);
  });

  it('keeps attachments in the file store, downloadable through /api/files, and the sweep leaves them', async () => {
    const account = await mailbox();
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(2000)]);
    await dovecot.deliver(account.email, {
      from: 'mary@example.com',
      to: account.email,
      subject: 'The deed',
      messageId: '<deed-1@example.com>',
      text: 'Attached',
      attachments: [{ filename: 'deed.pdf', content: pdf, contentType: 'application/pdf' }],
    });
    const result = await sync(account);
    expect(result.outcome).toMatchObject({ imported: 1 });
    const [stored] = await emailsOf(account.id);
    const attachments = stored.attachments as Array<{
      fileId: string;
      name: string;
      contentType: string;
      size: number;
    }>;
    expect(attachments).toEqual([
      { fileId: expect.any(String), name: 'deed.pdf', contentType: 'application/pdf', size: pdf.length },
    ]);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/files/${attachments[0].fileId}/deed.pdf`,
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(pdf)).toBe(true);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/files/${attachments[0].fileId}/deed.pdf`,
      headers: { cookie: other.cookie },
    });
    expect(foreign.statusCode).toBe(404);

    await sweepOrganizationFiles(t.db, context.files, orgId, new Date(Date.now() + 60_000));
    const kept = await t.db.select().from(files).where(eq(files.id, attachments[0].fileId));
    expect(kept).toHaveLength(1);
  });

  it('an unknown sender becomes a lead only when the organization asks for it, and never from list mail', async () => {
    const account = await mailbox();
    const leadsWith = (address: string) =>
      t.db
        .select()
        .from(leads)
        .where(and(eq(leads.organizationId, orgId), eq(leads.email, address)));
    await dovecot.deliver(
      account.email,
      raw(
        {
          From: 'Walter Heir <walter@heirs.example>',
          To: account.email,
          Subject: 'Hi',
          'Message-ID': '<u1@heirs.example>',
        },
        'x',
      ),
    );
    await sync(account);
    expect(await leadsWith('walter@heirs.example')).toHaveLength(0);

    await t.db
      .insert(organizationEmailSettings)
      .values({ organizationId: orgId, createLeadsFromUnknownSenders: true })
      .onConflictDoUpdate({
        target: organizationEmailSettings.organizationId,
        set: { createLeadsFromUnknownSenders: true },
      });
    await dovecot.deliver(
      account.email,
      raw(
        {
          From: 'Greta Heir <greta@heirs.example>',
          To: account.email,
          Subject: 'Hello',
          'Message-ID': '<u2@heirs.example>',
        },
        'x',
      ),
    );
    await dovecot.deliver(
      account.email,
      raw(
        {
          From: 'County News <news@county.example>',
          To: account.email,
          Subject: 'Weekly',
          'List-Id': '<news.county.example>',
          'Message-ID': '<u3@county.example>',
        },
        'x',
      ),
    );
    // A returned message (DSN) is stored, read for its bounce, and is nobody's lead.
    await dovecot.deliver(
      account.email,
      [
        'From: Mail Delivery System <MAILER-DAEMON@mx.heirs.example>',
        `To: ${account.email}`,
        'Subject: Undelivered Mail Returned to Sender',
        'Message-ID: <dsn-9@mx.heirs.example>',
        'MIME-Version: 1.0',
        'Content-Type: multipart/report; report-type=delivery-status; boundary="B"',
        '',
        '--B',
        'Content-Type: message/delivery-status',
        '',
        'Final-Recipient: rfc822; gone@heirs.example',
        'Action: failed',
        'Status: 5.1.1',
        '',
        '--B',
        'Content-Type: text/rfc822-headers',
        '',
        'Message-ID: <a1@locus-test.com>',
        '',
        '--B--',
        '',
      ].join('\r\n'),
    );
    const result = await sync(account);
    expect(result.outcome).toMatchObject({ imported: 3 });
    expect(await leadsWith('mailer-daemon@mx.heirs.example')).toHaveLength(0);
    const [greta] = await leadsWith('greta@heirs.example');
    expect(greta).toMatchObject({
      fullName: 'Greta Heir',
      leadSource: 'Email',
      assignedOwner: owner.user.id,
    });
    const [message] = await t.db.select().from(emails).where(eq(emails.messageId, '<u2@heirs.example>'));
    const links = await t.db
      .select()
      .from(emailContactMappings)
      .where(eq(emailContactMappings.emailId, message.id));
    expect(links).toEqual([
      expect.objectContaining({ entityType: 'lead', entityId: greta.id, mappingType: 'primary' }),
    ]);
    expect(await leadsWith('news@county.example')).toHaveLength(0);
    await t.db
      .update(organizationEmailSettings)
      .set({ createLeadsFromUnknownSenders: false })
      .where(eq(organizationEmailSettings.organizationId, orgId));
  });

  it("another organization's account or job is refused", async () => {
    const account = await mailbox();
    await dovecot.deliver(
      account.email,
      raw({ From: 'mary@example.com', To: account.email, Subject: 'x' }, 'x'),
    );
    const otherOrg = other.user.organizationId;
    await expect(
      t.db.transaction((tx) => requestMailboxSync(tx, { organizationId: otherOrg, accountId: account.id })),
    ).rejects.toMatchObject({ statusCode: 404 });

    const { job } = await t.db.transaction((tx) =>
      requestMailboxSync(tx, { organizationId: orgId, accountId: account.id }),
    );
    const outcome = await runMailboxSync(context, {
      organizationId: otherOrg,
      accountId: account.id,
      jobId: job.id,
    });
    expect(outcome).toEqual({ status: 'refused' });
    const handler = outboxHandlers[outboxKinds.syncMailbox];
    await handler(
      {
        id: crypto.randomUUID(),
        kind: outboxKinds.syncMailbox,
        organizationId: otherOrg,
        payload: { accountId: account.id, jobId: job.id },
        attempts: 1,
      },
      { ...context, superAdminEmails: [] },
    );
    expect(await emailsOf(account.id)).toHaveLength(0);
    const [untouched] = await t.db.select().from(emailSyncJobs).where(eq(emailSyncJobs.id, job.id));
    expect(untouched.status).toBe('pending');
  });

  it('a sync cut off mid-way (running past its lease, account left "syncing") is failed and replaced by the poll', async () => {
    const account = await mailbox({ syncStatus: 'syncing' });
    const [stale] = await t.db
      .insert(emailSyncJobs)
      .values({
        organizationId: orgId,
        accountId: account.id,
        jobType: 'full_sync',
        status: 'running',
        startedAt: new Date(Date.now() - 16 * 60 * 1000),
      })
      .returning();
    await pollMailboxes(t.db, 60_000);
    const jobs = await t.db.select().from(emailSyncJobs).where(eq(emailSyncJobs.accountId, account.id));
    expect(jobs.find((j) => j.id === stale.id)).toMatchObject({
      status: 'failed',
      errorMessage: interruptedMessage,
    });
    expect(jobs.filter((j) => j.status === 'pending')).toHaveLength(1);
    const [after] = await t.db.select().from(emailAccounts).where(eq(emailAccounts.id, account.id));
    expect(after.syncStatus).toBe('idle');
  });

  it('an OAuth mailbox whose token cannot be renewed fails as a sign-in problem, not a retry', async () => {
    const account = await mailbox({ provider: 'gmail', authType: 'oauth', password: null });
    const result = await sync(account);
    expect(result.outcome).toMatchObject({
      status: 'failed',
      failure: { retryable: false, authFailed: true },
    });
    expect(result.account.syncStatus).toBe('error');
    expect(result.account.lastError).toMatch(
      /^The mail provider would not renew access \(.+\); connect the mailbox again$/,
    );
  });

  it('the poll asks once for each mailbox due a sync', async () => {
    const account = await mailbox();
    const disabled = await mailbox({ syncEnabled: false });
    await pollMailboxes(t.db, 60_000);
    await pollMailboxes(t.db, 60_000);
    const jobsOf = (id: string) => t.db.select().from(emailSyncJobs).where(eq(emailSyncJobs.accountId, id));
    expect(await jobsOf(account.id)).toEqual([
      expect.objectContaining({ status: 'pending', jobType: 'full_sync' }),
    ]);
    expect(await jobsOf(disabled.id)).toHaveLength(0);
  });
});

/** A raw RFC 5322 message from header fields and a body. */
function raw(headers: Record<string, string>, body: string) {
  return `${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n')}\r\n\r\n${body}\r\n`;
}

function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
