import { createServer, type Server } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailAccounts, emailSyncJobs } from '../../db/schema/email';
import { outbox } from '../../db/schema/platform';
import { outboxKinds } from '../../lib/outbox';
import { startDovecot, type TestDovecot } from '../../test/dovecot';
import type { SignedIn } from '../../test/sessions';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { createTestApp, type TestApp } from '../../test/test-app';
import { call, newOrganization, signedInMember } from '../users/test-helpers';
import { verifyMailbox } from './mailbox-connection';
import { openMailboxConnection } from './open-mailbox-connection';

/*
 * Mailboxes against a real IMAP server (dovecot) and a real SMTP server that asks for a login:
 * the connection check, the sealed password, the first sync request, Sync now, and that a
 * mailbox is its owner's alone.
 */
describe('/api/email-accounts', () => {
  let testApp: TestApp;
  let dovecot: TestDovecot;
  let smtp: TestSmtpServer;
  let owner: SignedIn;
  let member: SignedIn;
  let stranger: SignedIn;
  const password = 'app-pass-123';
  const address = 'ann@example.test';

  beforeAll(async () => {
    [testApp, dovecot, smtp] = await Promise.all([
      createTestApp(),
      startDovecot(),
      startTestSmtpServer({ auth: { user: address, pass: password } }),
    ]);
    dovecot.addUser(address, password);
    owner = await newOrganization(testApp.app, testApp.db);
    member = await signedInMember(testApp.app, owner);
    stranger = await newOrganization(testApp.app, testApp.db);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([testApp?.close(), dovecot?.stop(), smtp?.close()]);
  });

  const mailbox = (overrides: Record<string, unknown> = {}) => ({
    provider: 'imap',
    email: address,
    password,
    imapHost: dovecot.host,
    imapPort: dovecot.port,
    imapSecurity: 'none',
    smtpHost: smtp.host,
    smtpPort: smtp.port,
    smtpSecurity: 'none',
    ...overrides,
  });

  async function accountRows(email = address) {
    return testApp.db.select().from(emailAccounts).where(eq(emailAccounts.email, email));
  }

  it('refuses a wrong password in words and saves nothing', async () => {
    const res = await call(
      testApp.app,
      'POST',
      '/api/email-accounts',
      owner.cookie,
      mailbox({ password: 'wrong' }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain('The IMAP server refused the username or password');
    // The SMTP server's own words.
    expect(res.json().message).toContain('535 5.7.8 Authentication credentials invalid');
    expect(JSON.stringify(res.json())).not.toContain('wrong');
    expect(await accountRows()).toEqual([]);
  });

  it('refuses a closed port with "connection refused", naming the server', async () => {
    const closed = await closedPort();
    const res = await call(
      testApp.app,
      'POST',
      '/api/email-accounts',
      owner.cookie,
      mailbox({ imapPort: closed }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(`Could not connect to 127.0.0.1:${closed}: connection refused`);
    expect(await accountRows()).toEqual([]);
  });

  it('says a server that never answers timed out', async () => {
    const silent = await silentServer();
    try {
      const started = Date.now();
      const failure = await verifyMailbox(
        {
          email: address,
          username: address,
          secret: password,
          authType: 'password',
          imapHost: '127.0.0.1',
          imapPort: silent.port,
          imapSecurity: 'none',
          smtpHost: smtp.host,
          smtpPort: smtp.port,
          smtpSecurity: 'none',
        },
        800,
      ).catch((error: Error) => error);
      expect((failure as Error).message).toBe(
        `Could not connect to 127.0.0.1:${silent.port}: timed out after 1 s`,
      );
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      silent.server.close();
    }
  });

  it('"Test connection" checks without saving', async () => {
    const res = await call(testApp.app, 'POST', '/api/email-accounts/test', owner.cookie, mailbox());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ imapHost: '127.0.0.1', username: address });
    expect(res.body).not.toContain(password);
    expect(await accountRows()).toEqual([]);
  });

  it('validates with the spec messages', async () => {
    const res = await call(testApp.app, 'POST', '/api/email-accounts', owner.cookie, {
      provider: 'yahoo',
      email: 'nope',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'provider', message: 'Invalid email provider' },
        { path: 'email', message: 'Please enter a valid email address' },
        { path: 'password', message: 'Password is required' },
      ]),
    );
  });

  let accountId: string;

  it('connects a mailbox: 201, password sealed, first sync requested in the outbox', async () => {
    const res = await call(
      testApp.app,
      'POST',
      '/api/email-accounts',
      owner.cookie,
      mailbox({ displayName: 'Ann', email: 'Ann@Example.test' }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    accountId = body.id;
    expect(body).toMatchObject({
      provider: 'imap',
      authType: 'password',
      email: address,
      username: address,
      hasPassword: true,
      syncStatus: 'idle',
      syncDirection: 'bidirectional',
      folderWhitelist: ['INBOX', 'Sent'],
      messagesImported: 0,
      latestSyncJob: { jobType: 'full_sync', status: 'pending' },
    });
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('accessToken');
    expect(res.body).not.toContain(password);

    const [row] = await accountRows();
    expect(row.password).not.toBe(password);
    expect(testApp.secrets.open(row.password as string)).toBe(password);
    // What the sync engine and the sender use: the stored settings with the password opened.
    const connection = await openMailboxConnection({ db: testApp.db, secrets: testApp.secrets }, row);
    expect(connection).toMatchObject({ imapPort: dovecot.port, smtpPort: smtp.port, secret: password });
    await expect(verifyMailbox(connection, 5000)).resolves.toBeUndefined();

    const jobs = await testApp.db.select().from(emailSyncJobs).where(eq(emailSyncJobs.accountId, accountId));
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ jobType: 'full_sync', status: 'pending' });
    const queued = await testApp.db
      .select()
      .from(outbox)
      .where(
        and(eq(outbox.kind, outboxKinds.syncMailbox), eq(outbox.organizationId, owner.user.organizationId)),
      );
    expect(queued.map((j) => j.payload)).toEqual([{ accountId, jobId: jobs[0].id }]);
  });

  it('lists and reads the mailbox without secrets', async () => {
    const list = await call(testApp.app, 'GET', '/api/email-accounts', owner.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((a: { id: string }) => a.id)).toEqual([accountId]);
    expect(list.json().total).toBe(1);
    const one = await call(testApp.app, 'GET', `/api/email-accounts/${accountId}`, owner.cookie);
    expect(one.statusCode).toBe(200);
    expect(one.headers.etag).toMatch(/^W\/"\d+"$/);
    for (const res of [list, one]) {
      expect(res.body).not.toContain(password);
      expect(res.body).not.toContain('v1:');
    }
  });

  it('refuses the same mailbox twice with 409', async () => {
    const res = await call(testApp.app, 'POST', '/api/email-accounts', owner.cookie, mailbox());
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This mailbox is already connected');
  });

  it('Sync now twice makes one job (202 with it both times)', async () => {
    const first = await call(testApp.app, 'POST', `/api/email-accounts/${accountId}/sync`, owner.cookie);
    const second = await call(testApp.app, 'POST', `/api/email-accounts/${accountId}/sync`, owner.cookie);
    expect(first.statusCode).toBe(202);
    expect(second.statusCode).toBe(202);
    expect(second.json().id).toBe(first.json().id);
    const jobs = await testApp.db.select().from(emailSyncJobs).where(eq(emailSyncJobs.accountId, accountId));
    expect(jobs).toHaveLength(1);

    // Once that job is done, Sync now asks for the new mail only.
    await testApp.db
      .update(emailSyncJobs)
      .set({ status: 'completed', emailsProcessed: 3, emailsTotal: 3 })
      .where(eq(emailSyncJobs.accountId, accountId));
    await testApp.db
      .update(emailAccounts)
      .set({ lastSyncAt: new Date(), syncState: { INBOX: { uidValidity: '1', lastUid: 3 } } })
      .where(eq(emailAccounts.id, accountId));
    const third = await call(testApp.app, 'POST', `/api/email-accounts/${accountId}/sync`, owner.cookie);
    expect(third.statusCode).toBe(202);
    expect(third.json()).toMatchObject({ jobType: 'incremental_sync', status: 'pending', created: true });

    const history = await call(
      testApp.app,
      'GET',
      `/api/email-accounts/${accountId}/sync-jobs`,
      owner.cookie,
    );
    expect(history.statusCode).toBe(200);
    expect(
      history.json().items.map((j: { jobType: string; status: string }) => [j.jobType, j.status]),
    ).toEqual([
      ['incremental_sync', 'pending'],
      ['full_sync', 'completed'],
    ]);
  });

  it('PATCH changes settings, re-verifies a new password and refuses a wrong one', async () => {
    const renamed = await call(testApp.app, 'PATCH', `/api/email-accounts/${accountId}`, owner.cookie, {
      displayName: 'Ann at work',
      syncDirection: 'inbound',
      folderWhitelist: ['INBOX'],
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      displayName: 'Ann at work',
      syncDirection: 'inbound',
      folderWhitelist: ['INBOX'],
    });

    const wrong = await call(testApp.app, 'PATCH', `/api/email-accounts/${accountId}`, owner.cookie, {
      password: 'not-it',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toContain('The IMAP server refused the username or password');
    const [row] = await accountRows();
    expect(testApp.secrets.open(row.password as string)).toBe(password);

    // A stale version answers 409.
    const stale = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/email-accounts/${accountId}`,
      headers: { cookie: owner.cookie, 'if-match': 'W/"1"' },
      payload: { displayName: 'Old' },
    });
    expect(stale.statusCode).toBe(409);
  });

  it("another user's mailbox answers 404 and stays as it was", async () => {
    for (const who of [member, stranger]) {
      for (const [method, url, payload] of [
        ['GET', `/api/email-accounts/${accountId}`],
        ['PATCH', `/api/email-accounts/${accountId}`, { displayName: 'Mine now' }],
        ['POST', `/api/email-accounts/${accountId}/sync`],
        ['GET', `/api/email-accounts/${accountId}/sync-jobs`],
        ['DELETE', `/api/email-accounts/${accountId}`],
      ] as const) {
        const res = await call(testApp.app, method, url, who.cookie, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().message).toBe('Mailbox not found');
      }
      const list = await call(testApp.app, 'GET', '/api/email-accounts', who.cookie);
      expect(list.json().items).toEqual([]);
    }
    const [row] = await accountRows();
    expect(row.displayName).toBe('Ann at work');
    expect(await call(testApp.app, 'GET', '/api/email-accounts/not-a-uuid', owner.cookie)).toMatchObject({
      statusCode: 404,
    });
  });

  it('signed out is 401', async () => {
    expect((await call(testApp.app, 'GET', '/api/email-accounts')).statusCode).toBe(401);
  });

  it('removes the mailbox with its sync jobs', async () => {
    const res = await call(testApp.app, 'DELETE', `/api/email-accounts/${accountId}`, owner.cookie);
    expect(res.statusCode).toBe(204);
    expect(await accountRows()).toEqual([]);
    expect(
      await testApp.db.select().from(emailSyncJobs).where(eq(emailSyncJobs.accountId, accountId)),
    ).toEqual([]);
  });
});

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Accepts connections and never says a word: a server that hangs. */
function silentServer(): Promise<{ server: Server; port: number }> {
  return new Promise((resolve) => {
    const server = createServer((socket) => socket.on('error', () => {}));
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, port: (server.address() as { port: number }).port }),
    );
  });
}
