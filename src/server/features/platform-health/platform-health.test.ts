import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unknownJobKindMessage } from '../../../common/validation/platform-health';
import { emailAccounts } from '../../db/schema/email';
import { outbox, systemAuditLogs } from '../../db/schema/platform';
import { deniedMessage } from '../../plugins/access-guard';
import { registerOrganizationOwner, type SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { call } from '../users/test-helpers';
import { outboxKindGroup } from './get-platform-health';

const rootEmail = 'root@platform.test';
let t: TestApp;
let root: SignedIn;
let member: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ superAdminEmails: [rootEmail] });
  root = await registerOrganizationOwner(t.app, { email: rootEmail, organizationName: 'Locus Platform' });
  member = await registerOrganizationOwner(t.app, { organizationName: 'Mailbox Co' });
});
afterAll(() => t.close());

const failedJob = (kind: string, lastError: string) => ({
  kind,
  status: 'failed' as const,
  attempts: 8,
  payload: {},
  lastError,
  organizationId: member.user.organizationId,
});

describe('GET /api/super-admin/health', () => {
  it('answers version, uptime, the database size and driver, outbox depth and failures by kind, mailboxes in error', async () => {
    await t.db.delete(outbox);
    await t.db.insert(outbox).values([
      failedJob('webhook.deliver', 'HTTP 500'),
      failedJob('webhook.deliver', 'timed out'),
      failedJob('signing.seal', 'no CA'),
      { kind: 'email.send_platform', status: 'pending', payload: {}, runAt: new Date(Date.now() - 60_000) },
      {
        kind: 'email.send_platform',
        status: 'pending',
        payload: {},
        runAt: new Date(Date.now() + 3_600_000),
      },
      { kind: 'import.run', status: 'processing', payload: {} },
      { kind: 'import.run', status: 'done', payload: {} },
    ]);
    await t.db.insert(emailAccounts).values({
      organizationId: member.user.organizationId,
      userId: member.user.id,
      provider: 'imap',
      email: 'inbox@mailbox.test',
      syncStatus: 'error',
      lastError: 'Authentication failed',
      lastErrorAt: new Date(),
    });

    const res = await call(t.app, 'GET', '/api/super-admin/health', root.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const health = res.json();
    expect(health.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(health.uptime).toBeGreaterThanOrEqual(0);
    expect(health.database.driver).toBe(process.env.TEST_DB_DRIVER === 'pg' ? 'pg' : 'pglite');
    expect(health.database.sizeBytes).toBeGreaterThan(1_000_000);
    expect(health.outbox).toMatchObject({
      pending: 2,
      processing: 1,
      failed: 3,
      failedByGroup: { webhooks: 2, sealing: 1, email: 0, imports: 0 },
    });
    // The oldest due job, not the one scheduled for later.
    expect(Date.now() - Date.parse(health.outbox.oldestPending)).toBeGreaterThanOrEqual(59_000);
    expect(health.outbox.kinds[0]).toMatchObject({ kind: 'webhook.deliver', group: 'webhooks', failed: 2 });
    expect(health.syncAccountsInError).toEqual([
      expect.objectContaining({
        organization: 'Mailbox Co',
        email: 'inbox@mailbox.test',
        userEmail: member.user.email,
        error: 'Authentication failed',
      }),
    ]);
    expect(health.syncAccountsInErrorTotal).toBe(1);
  });

  it('groups kinds as the screen shows them', () => {
    expect(outboxKindGroup('email.send')).toBe('email');
    expect(outboxKindGroup('signing.completion_copies')).toBe('email');
    expect(outboxKindGroup('webhook.deliver')).toBe('webhooks');
    expect(outboxKindGroup('signing.seal')).toBe('sealing');
    expect(outboxKindGroup('integration.poll')).toBe('imports');
    expect(outboxKindGroup('notify.super_admins')).toBe('notifications');
  });

  it('is for super admins only', async () => {
    for (const [method, url] of [
      ['GET', '/api/super-admin/health'],
      ['POST', '/api/super-admin/health/retry'],
    ] as const) {
      const res = await call(t.app, method, url, member.cookie, method === 'POST' ? {} : undefined);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(deniedMessage);
    }
  });
});

describe('POST /api/super-admin/health/retry', () => {
  it("puts one kind's dead-lettered jobs back to pending with fresh tries, audited at platform level", async () => {
    const res = await call(t.app, 'POST', '/api/super-admin/health/retry', root.cookie, {
      kind: 'webhook.deliver',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ retried: 2 });
    const webhooks = await t.db.select().from(outbox).where(eq(outbox.kind, 'webhook.deliver'));
    expect(webhooks.map((job) => [job.status, job.attempts])).toEqual([
      ['pending', 0],
      ['pending', 0],
    ]);
    const [seal] = await t.db.select().from(outbox).where(eq(outbox.kind, 'signing.seal'));
    expect(seal.status).toBe('failed');
    const [entry] = await t.db
      .select()
      .from(systemAuditLogs)
      .where(eq(systemAuditLogs.action, 'platform.jobs_retried'));
    expect(entry).toMatchObject({
      organizationId: null,
      userId: root.user.id,
      details: { kind: 'webhook.deliver', count: 2 },
    });
  });

  it('without a kind retries every failed job; an unknown kind is a 400', async () => {
    const bad = await call(t.app, 'POST', '/api/super-admin/health/retry', root.cookie, { kind: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: 'Validation failed',
      errors: [{ path: 'kind', message: unknownJobKindMessage }],
    });
    const all = await call(t.app, 'POST', '/api/super-admin/health/retry', root.cookie, {});
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({ retried: 1 });
    const failed = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.status, 'failed')));
    expect(failed).toEqual([]);
    const again = await call(t.app, 'POST', '/api/super-admin/health/retry', root.cookie, {});
    expect(again.json()).toEqual({ retried: 0 });
  });
});
