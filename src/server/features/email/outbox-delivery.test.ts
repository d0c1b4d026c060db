import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emails, emailTracking, organizationEmailSettings } from '../../db/schema/email';
import { organizations } from '../../db/schema/identity';
import { outbox } from '../../db/schema/platform';
import { claimOutboxJobs, runOutboxOnce, startOutboxWorker } from '../../jobs/outbox-worker';
import { enqueueOutbox, outboxKinds } from '../../lib/outbox';
import { drainOutbox } from '../../test/outbox';
import type { SignedIn } from '../../test/sessions';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Caller, callerOf, organization } from '../leads/test-kit';
import { queuePlatformEmail } from './queue-platform-email';
import { waitingForMailServer } from './sender';

/*
 * The outbox worker delivering stored messages over real SMTP (smtp-server + mailparser on
 * loopback): auth, refusals, dropped connections, waiting for a server, dead letters, and two
 * workers on one database. No mock transport anywhere.
 */

let t: TestApp;
let call: Caller;
const servers: TestSmtpServer[] = [];
const later = () => new Date(Date.now() + 24 * 60 * 60_000);

beforeAll(async () => {
  t = await createTestApp();
  call = callerOf(t);
});
afterAll(async () => {
  await t.close();
  await Promise.all(servers.map((s) => s.close()));
});

async function smtp(options: Parameters<typeof startTestSmtpServer>[0] = {}) {
  const server = await startTestSmtpServer(options);
  servers.push(server);
  return server;
}

/** Points the organization at `server` (with these credentials) through the settings API. */
async function useServer(org: SignedIn, server: TestSmtpServer, auth?: { user: string; pass: string }) {
  const res = await call('PUT', '/api/organization-email-settings', org.cookie, {
    smtpHost: server.host,
    smtpPort: server.port,
    smtpSecurity: 'none',
    smtpUsername: auth?.user ?? '',
    smtpPassword: auth?.pass ?? '',
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A composed message and its `email.send` job, written in one transaction as compose does. */
async function queueEmail(org: SignedIn, overrides: Partial<typeof emails.$inferInsert> = {}) {
  return t.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(emails)
      .values({
        organizationId: org.user.organizationId,
        messageId: `<${randomUUID()}@locus.test>`,
        fromEmail: 'sales@acme.test',
        toEmails: ['heir@example.com'],
        subject: 'Your claim',
        bodyHtml: '<p>Hello</p>',
        bodyText: 'Hello',
        direction: 'outbound',
        sendStatus: 'queued',
        ...overrides,
      })
      .returning();
    const [jobId] = await enqueueOutbox(tx, {
      kind: outboxKinds.sendEmail,
      organizationId: org.user.organizationId,
      payload: { emailId: row.id },
    });
    return { ...row, jobId };
  });
}

const emailRow = async (id: string) => (await t.db.select().from(emails).where(eq(emails.id, id)))[0];
const jobRow = async (id: string) => (await t.db.select().from(outbox).where(eq(outbox.id, id)))[0];

async function outgoing(org: SignedIn, query = '') {
  const res = await call('GET', `/api/outbox${query}`, org.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    items: {
      id: string;
      status: string;
      lastError: string | null;
      to: string[];
      subject: string | null;
      attempts: number;
    }[];
    total: number;
    nextCursor: string | null;
  };
}

describe('email.send', () => {
  it('delivers through the organization server with auth, keeping the Message-ID, sender and threading headers', async () => {
    const org = await organization(t);
    await t.db
      .update(organizations)
      .set({
        emailFromName: 'Acme Recovery',
        emailFromAddress: 'claims@acme.test',
        emailReplyTo: 'team@acme.test',
      })
      .where(eq(organizations.id, org.user.organizationId));
    const server = await smtp({ auth: { user: 'acme', pass: 's3cret pass' } });
    await useServer(org, server, { user: 'acme', pass: 's3cret pass' });
    const email = await queueEmail(org, {
      ccEmails: ['cc@example.com'],
      bccEmails: ['hidden@example.com'],
      inReplyTo: '<original@example.com>',
      references: ['<root@example.com>', '<original@example.com>'],
    });

    const result = await drainOutbox(t);
    expect(result.done).toBeGreaterThanOrEqual(1);
    const [mail] = await server.waitFor(1);
    expect(mail.parsed.messageId).toBe(email.messageId);
    expect(mail.parsed.from?.value[0]).toEqual({ name: 'Acme Recovery', address: 'claims@acme.test' });
    expect(mail.parsed.replyTo?.value[0].address).toBe('team@acme.test');
    expect(mail.parsed.inReplyTo).toBe('<original@example.com>');
    expect(mail.parsed.references).toEqual(['<root@example.com>', '<original@example.com>']);
    expect(mail.parsed.subject).toBe('Your claim');
    expect(mail.parsed.html).toContain('<p>Hello</p>');
    expect(mail.envelope.to.toSorted()).toEqual(['cc@example.com', 'heir@example.com', 'hidden@example.com']);
    // Bcc is in the envelope only, never in the headers.
    expect(mail.raw.toString()).not.toContain('hidden@example.com');

    const row = await emailRow(email.id);
    expect(row.sendStatus).toBe('sent');
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.sendError).toBeNull();
    expect((await jobRow(email.jobId)).status).toBe('done');
    // The password is stored sealed, never as typed.
    const [settings] = await t.db
      .select()
      .from(organizationEmailSettings)
      .where(eq(organizationEmailSettings.organizationId, org.user.organizationId));
    expect(settings.smtpPassword).not.toContain('s3cret');
  });

  it('a wrong password fails each try with the server words, dead-letters after the last, shows in GET /api/outbox and can be retried', async () => {
    const org = await organization(t);
    const server = await smtp({ auth: { user: 'acme', pass: 'right' } });
    await useServer(org, server, { user: 'acme', pass: 'wrong' });
    const email = await queueEmail(org);
    await t.db.insert(emailTracking).values({
      organizationId: org.user.organizationId,
      emailId: email.id,
      trackingPixelId: randomUUID(),
    });

    const first = await drainOutbox(t, { maxAttempts: 3 });
    expect(first).toMatchObject({ claimed: 1, retried: 1 });
    let row = await emailRow(email.id);
    expect(row.sendStatus).toBe('queued');
    expect(row.sendError).toMatch(/^Invalid login: 535 .*5\.7\.8 Authentication credentials invalid$/);

    const rest = await drainOutbox(t, { maxAttempts: 3, now: later() });
    expect(rest).toMatchObject({ retried: 1, failed: 1 });
    row = await emailRow(email.id);
    expect(row.sendStatus).toBe('failed');
    expect(row.sendError).toMatch(/535 5\.7\.8/);
    const job = await jobRow(email.jobId);
    expect(job).toMatchObject({ status: 'failed', attempts: 3 });
    const [tracking] = await t.db.select().from(emailTracking).where(eq(emailTracking.emailId, email.id));
    expect(tracking.deliveryStatus).toBe('failed');

    const failed = await outgoing(org, '?status=failed');
    expect(failed.items).toHaveLength(1);
    expect(failed.items[0]).toMatchObject({
      id: email.jobId,
      status: 'failed',
      to: ['heir@example.com'],
      subject: 'Your claim',
      attempts: 3,
    });
    expect(failed.items[0].lastError).toMatch(/Invalid login: 535 .*5\.7\.8/);
    expect(server.received).toHaveLength(0);

    // Fixed password, then Retry: a fresh set of tries, delivered once.
    await useServer(org, server, { user: 'acme', pass: 'right' });
    const retried = await call('POST', `/api/outbox/${email.jobId}/retry`, org.cookie);
    expect(retried.statusCode, retried.body).toBe(200);
    expect((await emailRow(email.id)).sendStatus).toBe('queued');
    const again = await call('POST', `/api/outbox/${email.jobId}/retry`, org.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only a failed message can be retried');
    await drainOutbox(t);
    await server.waitFor(1);
    expect(server.received).toHaveLength(1);
    expect((await emailRow(email.id)).sendStatus).toBe('sent');
  });

  it('a 451 refusal is retried with backoff and then delivered once', async () => {
    const org = await organization(t);
    const server = await smtp({ failFirst: 1 });
    await useServer(org, server);
    const email = await queueEmail(org);

    expect(await drainOutbox(t)).toMatchObject({ claimed: 1, retried: 1 });
    const job = await jobRow(email.jobId);
    expect(job.status).toBe('pending');
    expect(job.lastError).toMatch(/451/);
    // Backoff: not due again straight away.
    expect(job.runAt.getTime()).toBeGreaterThan(Date.now() + 500);
    expect((await emailRow(email.id)).sendError).toMatch(/451 Try again later/);

    expect(await drainOutbox(t, { now: later() })).toMatchObject({ done: 1 });
    expect(server.received).toHaveLength(1);
    expect(server.received[0].parsed.messageId).toBe(email.messageId);
  });

  it('a connection dropped mid-DATA is retried: exactly one delivery, with the same Message-ID', async () => {
    const org = await organization(t);
    const server = await smtp({ dropFirst: 1 });
    await useServer(org, server);
    const email = await queueEmail(org);

    expect(await drainOutbox(t)).toMatchObject({ retried: 1 });
    expect(server.received).toHaveLength(0);
    await drainOutbox(t, { now: later() });
    await server.waitFor(1);
    // A later round finds nothing left to send.
    expect(await drainOutbox(t, { now: later() })).toMatchObject({ claimed: 0 });
    expect(server.received).toHaveLength(1);
    expect(server.received[0].parsed.messageId).toBe(email.messageId);
  });

  it('without any mail server a message waits (visible as waiting) and goes out once a server is configured', async () => {
    const org = await organization(t);
    const email = await queueEmail(org);

    expect(await drainOutbox(t)).toMatchObject({ claimed: 1, waiting: 1 });
    expect((await emailRow(email.id)).sendStatus).toBe('waiting');
    const job = await jobRow(email.jobId);
    expect(job).toMatchObject({ status: 'pending', attempts: 0, lastError: waitingForMailServer });
    const listed = await outgoing(org);
    expect(listed.items.map((i) => i.status)).toEqual(['waiting']);
    expect((await outgoing(org, '?status=waiting')).total).toBe(1);
    expect((await outgoing(org, '?status=pending')).total).toBe(0);
    // Waiting spends no tries however long it lasts.
    await drainOutbox(t, { now: later(), maxAttempts: 1 });
    expect((await jobRow(email.jobId)).status).toBe('pending');

    const server = await smtp();
    await useServer(org, server);
    // Configuring the server released the wait: due now, no time travel needed.
    expect((await jobRow(email.jobId)).runAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect((await emailRow(email.id)).sendStatus).toBe('queued');
    expect(await drainOutbox(t)).toMatchObject({ done: 1 });
    await server.waitFor(1);
    expect((await emailRow(email.id)).sendStatus).toBe('sent');
  });

  it('two workers on one database deliver each message exactly once', async () => {
    const org = await organization(t);
    const server = await smtp();
    await useServer(org, server);
    const queued = [];
    for (let i = 0; i < 24; i += 1) queued.push(await queueEmail(org, { subject: `Message ${i}` }));

    const worker = async () => {
      for (;;) {
        const round = await runOutboxOnce(t.app.outboxContext, { retryBaseMs: 1000, batchSize: 3 });
        if (round.claimed === 0) return;
      }
    };
    await Promise.all([worker(), worker()]);
    await server.waitFor(24);
    const ids = server.received.map((m) => m.parsed.messageId);
    expect(new Set(ids).size).toBe(24);
    expect(ids.toSorted()).toEqual(queued.map((q) => q.messageId).toSorted());
    for (const q of queued) expect((await jobRow(q.jobId)).attempts).toBe(1);
  });
});

describe('outbox worker', () => {
  it('the background worker (as main.ts starts it) delivers queued mail on its own and stops cleanly', async () => {
    const org = await organization(t);
    const server = await smtp();
    await useServer(org, server);
    const email = await queueEmail(org);
    const stop = startOutboxWorker(t.app.outboxContext, { pollMs: 50, retryBaseMs: 1000 });
    try {
      const [mail] = await server.waitFor(1);
      expect(mail.parsed.messageId).toBe(email.messageId);
      await expect.poll(async () => (await jobRow(email.jobId)).status).toBe('done');
    } finally {
      await stop();
    }
    expect((await emailRow(email.id)).sendStatus).toBe('sent');
  });

  it('dead-letters a kind without a handler with a clear error, at once', async () => {
    const org = await organization(t);
    const [id] = await t.db.transaction((tx) =>
      enqueueOutbox(tx, {
        kind: 'email.unknown' as never,
        organizationId: org.user.organizationId,
        payload: {},
      }),
    );
    await drainOutbox(t);
    expect(await jobRow(id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'No handler for outbox job kind "email.unknown"',
    });
  });

  it('re-claims a job whose worker died once its lease has passed (not before)', async () => {
    const org = await organization(t);
    const email = await queueEmail(org);
    const claimed = await claimOutboxJobs(t.db, { leaseMs: 60_000 });
    expect(claimed.map((j) => j.id)).toContain(email.jobId);
    // Leased: another worker does not take it.
    expect((await claimOutboxJobs(t.db, {})).map((j) => j.id)).not.toContain(email.jobId);
    const reclaimed = await claimOutboxJobs(t.db, { now: new Date(Date.now() + 120_000) });
    expect(reclaimed.find((j) => j.id === email.jobId)?.attempts).toBe(2);
    // Leave the rows of other tests as the drain expects them.
    await t.db
      .update(outbox)
      .set({ status: 'failed' })
      .where(and(eq(outbox.organizationId, org.user.organizationId)));
  });
});

describe('email.send_platform and team notices', () => {
  let platform: TestApp;
  let platformServer: TestSmtpServer;
  beforeAll(async () => {
    platformServer = await smtp({ dropFirst: 1 });
    platform = await createTestApp({
      smtpUrl: platformServer.url,
      superAdminEmails: ['ops@locus.test'],
      appUrl: 'https://crm.example.com',
    });
  });
  afterAll(() => platform.close());

  it('sends sealed platform mail through SMTP_URL with a Message-ID stable across tries', async () => {
    const jobId = await platform.db.transaction((tx) =>
      queuePlatformEmail(tx, platform.secrets, {
        to: 'new.user@example.com',
        subject: 'Reset your password',
        text: 'https://crm.example.com/reset?token=secret-token',
        purpose: 'password_reset',
      }),
    );
    const [job] = await platform.db.select().from(outbox).where(eq(outbox.id, jobId));
    // The link never sits in the outbox in clear.
    expect(JSON.stringify(job.payload)).not.toContain('secret-token');

    expect(await drainOutbox(platform)).toMatchObject({ retried: 1 });
    await drainOutbox(platform, { now: later() });
    const [mail] = await platformServer.waitFor(1);
    expect(platformServer.received).toHaveLength(1);
    expect(mail.parsed.messageId).toBe(`<${jobId}@crm.example.com>`);
    expect(mail.parsed.from?.value[0].address).toBe('no-reply@crm.example.com');
    expect(mail.parsed.text).toContain('secret-token');
  });

  it('tells the platform team about a demo request by platform mail', async () => {
    const res = await platform.app.inject({
      method: 'POST',
      url: '/api/demo-request',
      payload: {
        email: 'visitor@example.com',
        name: 'Vera Visitor',
        company: 'Heirs Inc',
        persona: 'locator',
      },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    await drainOutbox(platform);
    const received = await platformServer.waitFor(2);
    const notice = received.find((m) => m.parsed.subject?.startsWith('Demo request'));
    expect(notice?.envelope.to).toEqual(['ops@locus.test']);
    expect(notice?.parsed.text).toContain('visitor@example.com');
  });
});
