import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidSmtpHostMessage, invalidSmtpPortMessage } from '../../../common/validation/email';
import { organizationEmailSettings } from '../../db/schema/email';
import { outbox } from '../../db/schema/platform';
import { enqueueOutbox, outboxKinds } from '../../lib/outbox';
import { contextOf } from '../../lib/service-context';
import { drainOutbox } from '../../test/outbox';
import type { SignedIn } from '../../test/sessions';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Caller, callerOf, fieldErrors, foreignUuid, memberWith, organization } from '../leads/test-kit';
import { noMailServerMessage, sendTestEmail } from './send-test-email';

let t: TestApp;
let call: Caller;
let server: TestSmtpServer;

beforeAll(async () => {
  t = await createTestApp();
  call = callerOf(t);
  server = await startTestSmtpServer({ auth: { user: 'acme', pass: 'right' } });
});
afterAll(async () => {
  await t.close();
  await server.close();
});

const settingsOf = async (org: SignedIn) => {
  const res = await call('GET', '/api/organization-email-settings', org.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('GET/PUT /api/organization-email-settings', () => {
  it('starts on the platform server and saves a server whose password is sealed and never returned', async () => {
    const org = await organization(t);
    expect(await settingsOf(org)).toEqual({
      smtpHost: null,
      smtpPort: null,
      smtpSecurity: 'starttls',
      smtpUsername: null,
      hasSmtpPassword: false,
      trackingEnabled: false,
      createLeadsFromUnknownSenders: false,
      usingPlatformServer: true,
      platformServerConfigured: false,
    });
    const res = await call('PUT', '/api/organization-email-settings', org.cookie, {
      smtpHost: 'smtp.acme.test',
      smtpPort: 587,
      smtpSecurity: 'starttls',
      smtpUsername: 'acme',
      smtpPassword: 'p@ss word',
      trackingEnabled: true,
      createLeadsFromUnknownSenders: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('p@ss');
    expect(res.json()).toMatchObject({
      smtpHost: 'smtp.acme.test',
      smtpPort: 587,
      hasSmtpPassword: true,
      trackingEnabled: true,
      createLeadsFromUnknownSenders: true,
      usingPlatformServer: false,
    });
    const [row] = await t.db
      .select()
      .from(organizationEmailSettings)
      .where(eq(organizationEmailSettings.organizationId, org.user.organizationId));
    expect(row.smtpPassword).toMatch(/^v1:/);
    expect(t.secrets.open(row.smtpPassword as string)).toBe('p@ss word');

    // Absent keeps the password; '' clears it; a blank host goes back to the platform server.
    await call('PUT', '/api/organization-email-settings', org.cookie, { smtpPort: 2525 });
    expect(await settingsOf(org)).toMatchObject({ smtpPort: 2525, hasSmtpPassword: true });
    await call('PUT', '/api/organization-email-settings', org.cookie, { smtpPassword: '', smtpHost: '' });
    expect(await settingsOf(org)).toMatchObject({
      hasSmtpPassword: false,
      smtpHost: null,
      usingPlatformServer: true,
    });
  });

  it('refuses bad input with the field messages', async () => {
    const org = await organization(t);
    const res = await call('PUT', '/api/organization-email-settings', org.cookie, {
      smtpHost: 'smtp://mail.acme.test/path',
      smtpPort: 70000,
      smtpSecurity: 'ssl',
      smtpUsername: 'u'.repeat(255),
      smtpPassword: 'p'.repeat(1025),
      trackingEnabled: 'yes',
    });
    expect(fieldErrors(res)).toEqual(
      expect.arrayContaining([
        { path: 'smtpHost', message: invalidSmtpHostMessage },
        { path: 'smtpPort', message: invalidSmtpPortMessage },
        { path: 'smtpSecurity', message: 'Security must be tls, starttls or none' },
        { path: 'smtpUsername', message: 'SMTP username must be at most 254 characters' },
        { path: 'smtpPassword', message: 'SMTP password must be at most 1,024 characters' },
        { path: 'trackingEnabled', message: 'trackingEnabled must be true or false' },
      ]),
    );
    const tooLong = await call('PUT', '/api/organization-email-settings', org.cookie, {
      smtpHost: `${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(60)}.test`,
      smtpPort: 0,
    });
    expect(fieldErrors(tooLong)).toEqual([
      { path: 'smtpHost', message: 'SMTP host must be at most 253 characters' },
      { path: 'smtpPort', message: invalidSmtpPortMessage },
    ]);
    expect(await settingsOf(org)).toMatchObject({ smtpHost: null });
  });

  it('members who view settings can read them but not change them or send a test', async () => {
    const org = await organization(t);
    const member = await memberWith(t, org, {});
    expect((await call('GET', '/api/organization-email-settings', member.cookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/outbox', member.cookie)).statusCode).toBe(200);
    const put = await call('PUT', '/api/organization-email-settings', member.cookie, {
      smtpHost: 'evil.test',
    });
    expect(put.statusCode).toBe(403);
    expect((await call('POST', '/api/organization-email-settings/test', member.cookie, {})).statusCode).toBe(
      403,
    );
    expect((await call('POST', `/api/outbox/${foreignUuid}/retry`, member.cookie)).statusCode).toBe(403);
    const blind = await memberWith(t, org, { settings: { view: false } });
    expect((await call('GET', '/api/organization-email-settings', blind.cookie)).statusCode).toBe(403);
    expect(await settingsOf(org)).toMatchObject({ smtpHost: null });
  });
});

describe('POST /api/organization-email-settings/test', () => {
  it('sends a test message through the saved server to the given address, or the caller', async () => {
    const org = await organization(t);
    await call('PUT', '/api/organization-email-settings', org.cookie, {
      smtpHost: server.host,
      smtpPort: server.port,
      smtpSecurity: 'none',
      smtpUsername: 'acme',
      smtpPassword: 'right',
    });
    const before = server.received.length;
    const res = await call('POST', '/api/organization-email-settings/test', org.cookie, {
      to: 'ops@acme.test',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: 'Test email sent to ops@acme.test' });
    const self = await call('POST', '/api/organization-email-settings/test', org.cookie, {});
    expect(self.json()).toEqual({ ok: true, message: `Test email sent to ${org.user.email}` });
    await server.waitFor(before + 2);
    expect(server.received.slice(before).map((m) => m.envelope.to[0])).toEqual([
      'ops@acme.test',
      org.user.email,
    ]);
    // Sent right away: nothing was queued.
    const jobs = await t.db.select().from(outbox).where(eq(outbox.organizationId, org.user.organizationId));
    expect(jobs).toHaveLength(0);

    const bad = await call('POST', '/api/organization-email-settings/test', org.cookie, {
      to: 'not-an-address',
    });
    expect(fieldErrors(bad)).toEqual([{ path: 'to', message: 'Invalid email address' }]);
  });

  it("answers 422 with the server's exact words: wrong password, closed port, no server", async () => {
    const org = await organization(t);
    const none = await call('POST', '/api/organization-email-settings/test', org.cookie, {});
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe(noMailServerMessage);

    await call('PUT', '/api/organization-email-settings', org.cookie, {
      smtpHost: server.host,
      smtpPort: server.port,
      smtpSecurity: 'none',
      smtpUsername: 'acme',
      smtpPassword: 'wrong',
    });
    const wrong = await call('POST', '/api/organization-email-settings/test', org.cookie, {});
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toMatch(/^Invalid login: 535 .*5\.7\.8 Authentication credentials invalid$/);

    const closed = await startTestSmtpServer();
    const closedPort = closed.port;
    await closed.close();
    await call('PUT', '/api/organization-email-settings', org.cookie, { smtpPort: closedPort });
    const refused = await call('POST', '/api/organization-email-settings/test', org.cookie, {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(`connect ECONNREFUSED 127.0.0.1:${closedPort}`);
  });

  it('gives up on a silent server after its time-out with a clear message', async () => {
    const slow = await startTestSmtpServer({ delayMs: 3000 });
    try {
      const org = await organization(t);
      await call('PUT', '/api/organization-email-settings', org.cookie, {
        smtpHost: slow.host,
        smtpPort: slow.port,
        smtpSecurity: 'none',
      });
      const ctx = contextOf(fakeRequest(org), t.db);
      await expect(
        sendTestEmail(
          ctx,
          { secrets: t.secrets, appUrl: 'http://localhost', timeoutMs: 1000 },
          'x@acme.test',
        ),
      ).rejects.toMatchObject({ statusCode: 422, message: 'The mail server did not answer in 1 second' });
    } finally {
      await slow.close();
    }
  });
});

describe('GET /api/outbox and retry', () => {
  it("lists only the organization's mail, newest first with keyset pages, and 404s a foreign id", async () => {
    const org = await organization(t);
    const other = await organization(t);
    const ids = await t.db.transaction(async (tx) => {
      const mine = [];
      for (let i = 0; i < 3; i += 1)
        mine.push(
          ...(await enqueueOutbox(tx, {
            kind: outboxKinds.sendPlatformEmail,
            organizationId: org.user.organizationId,
            payload: { purpose: 'invitation', to: `invitee${i}@example.com`, sealed: 'x' },
          })),
        );
      await enqueueOutbox(tx, {
        kind: outboxKinds.syncMailbox,
        organizationId: org.user.organizationId,
        payload: {},
      });
      return mine;
    });
    const [foreign] = await t.db.transaction((tx) =>
      enqueueOutbox(tx, {
        kind: outboxKinds.sendPlatformEmail,
        organizationId: other.user.organizationId,
        payload: { purpose: 'invitation', to: 'x@example.com', sealed: 'x' },
      }),
    );
    const first = await call('GET', '/api/outbox?limit=2', org.cookie);
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json();
    expect(page.total).toBe(3);
    expect(page.items).toHaveLength(2);
    expect(page.items[0]).toMatchObject({
      kind: 'email.send_platform',
      status: 'pending',
      purpose: 'invitation',
    });
    const second = (await call('GET', `/api/outbox?limit=2&cursor=${page.nextCursor}`, org.cookie)).json();
    const listed = [...page.items, ...second.items].map((i: { id: string }) => i.id);
    expect(listed.toSorted()).toEqual([...ids].toSorted());
    expect(second.nextCursor).toBeNull();

    const bad = await call('GET', '/api/outbox?status=lost', org.cookie);
    expect(fieldErrors(bad)[0].path).toBe('status');

    // Dead-lettered (the sealed payload cannot be opened) and retried only by its organization.
    await drainOutbox(t);
    const failed = (await call('GET', '/api/outbox?status=failed', org.cookie)).json();
    expect(failed.total).toBe(3);
    expect(failed.items[0].lastError).toBe(
      "The queued message cannot be opened with this server's secret key",
    );
    const stranger = await call('POST', `/api/outbox/${ids[0]}/retry`, other.cookie);
    expect(stranger.statusCode).toBe(404);
    expect((await call('POST', `/api/outbox/${foreign}/retry`, org.cookie)).statusCode).toBe(404);
    expect((await call('POST', '/api/outbox/not-a-uuid/retry', org.cookie)).statusCode).toBe(404);
    const [job] = await t.db.select().from(outbox).where(eq(outbox.id, ids[0]));
    expect(job.status).toBe('failed');
    const mine = await call('POST', `/api/outbox/${ids[0]}/retry`, org.cookie);
    expect(mine.statusCode, mine.body).toBe(200);
    const [retried] = await t.db.select().from(outbox).where(eq(outbox.id, ids[0]));
    expect(retried).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
    await t.db
      .update(outbox)
      .set({ status: 'done' })
      .where(eq(outbox.organizationId, org.user.organizationId));
  });
});

/** The least of a request `contextOf` reads, for calling the service with a short time-out. */
function fakeRequest(org: SignedIn) {
  return {
    method: 'POST',
    url: '/test',
    ip: '127.0.0.1',
    headers: {},
    auth: {
      sessionId: 'test',
      user: { id: org.user.id, role: 'admin', isOwner: true },
      organization: { id: org.user.organizationId },
      permissions: {},
      isSuperAdmin: false,
    },
  } as never;
}
