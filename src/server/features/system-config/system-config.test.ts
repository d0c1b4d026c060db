import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRetentionMessage, maintenanceMessage } from '../../../common/validation/system-config';
import { organizations } from '../../db/schema/identity';
import { outbox, systemAuditLogs } from '../../db/schema/platform';
import { deniedMessage } from '../../plugins/access-guard';
import { maintenanceRetryAfterSeconds } from '../../plugins/maintenance-mode';
import { drainOutbox } from '../../test/outbox';
import { registerOrganizationOwner, type SignedIn, uniqueEmail } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { purgeAuditLogs } from '../audit/purge-audit-logs';
import { call } from '../users/test-helpers';
import { systemConfigCacheMs } from './cached-system-config';

const rootEmail = 'root@platform.test';
const listedEmail = 'ops@platform.test';
let t: TestApp;
let root: SignedIn;
let member: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ superAdminEmails: [rootEmail, listedEmail] });
  root = await registerOrganizationOwner(t.app, { email: rootEmail, organizationName: 'Locus Platform' });
  member = await registerOrganizationOwner(t.app, { organizationName: 'Tenant Co' });
});
afterAll(() => t.close());

const patch = (body: Record<string, unknown>, cookie = root.cookie) =>
  call(t.app, 'PATCH', '/api/super-admin/system-config', cookie, body);

const register = (organizationName: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      organizationName,
      firstName: 'Nia',
      lastName: 'New',
      email: uniqueEmail('new'),
      password: 'secret12',
    },
  });

describe('GET/PATCH /api/super-admin/system-config', () => {
  it('answers the row with the spec defaults; members get 403', async () => {
    const res = await call(t.app, 'GET', '/api/super-admin/system-config', root.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      maintenanceMode: false,
      allowRegistrations: true,
      maxOrganizations: 1000,
      maxUsersPerOrg: 100,
      emailNotifications: false,
      auditRetentionDays: 90,
    });
    for (const [method, body] of [['GET'], ['PATCH', { maintenanceMode: true }]] as const) {
      const denied = await call(t.app, method, '/api/super-admin/system-config', member.cookie, body);
      expect(denied.statusCode).toBe(403);
      expect(denied.json().message).toBe(deniedMessage);
    }
    expect((await call(t.app, 'GET', '/api/system-status')).json()).toEqual({
      maintenanceMode: false,
      allowRegistrations: true,
    });
  });

  it('changes what it is sent and records each change with from/to in the platform audit log', async () => {
    const res = await patch({ maxUsersPerOrg: 40, auditRetentionDays: 120, allowRegistrations: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      maxUsersPerOrg: 40,
      auditRetentionDays: 120,
      allowRegistrations: true,
    });
    const [entry] = await t.db
      .select()
      .from(systemAuditLogs)
      .where(
        and(eq(systemAuditLogs.action, 'platform.config_changed'), isNull(systemAuditLogs.organizationId)),
      );
    expect(entry.userId).toBe(root.user.id);
    // allowRegistrations was already true: not a change.
    expect(entry.details).toEqual({
      changes: { maxUsersPerOrg: { from: 100, to: 40 }, auditRetentionDays: { from: 90, to: 120 } },
    });
    const history = await call(t.app, 'GET', '/api/super-admin/system-config/history', root.cookie);
    expect(history.json().items[0]).toMatchObject({
      changes: entry.details && (entry.details as { changes: unknown }).changes,
      user: { email: rootEmail },
    });
    // Sending the same values again changes nothing and records nothing.
    await patch({ maxUsersPerOrg: 40 });
    const entries = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(systemAuditLogs)
      .where(eq(systemAuditLogs.action, 'platform.config_changed'));
    expect(entries[0].n).toBe(1);
    await patch({ maxUsersPerOrg: 100, auditRetentionDays: 90 });
  });

  it('refuses out-of-range and mistyped values with one clear message per field, changing nothing', async () => {
    for (const days of [0, 100_000, 1.5]) {
      const res = await patch({ auditRetentionDays: days, maintenanceMode: true });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Validation failed');
      expect(res.json().errors).toEqual([
        {
          path: 'auditRetentionDays',
          message: days === 1.5 ? 'Audit retention must be a whole number' : auditRetentionMessage,
        },
      ]);
    }
    expect(auditRetentionMessage).toBe('Audit retention must be between 1 and 3650 days');
    const bad = await patch({ maxOrganizations: 0, maxUsersPerOrg: -1, allowRegistrations: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'maxOrganizations', message: 'Maximum organizations must be at least 1' },
        { path: 'maxUsersPerOrg', message: 'Maximum users per organization must be at least 1' },
        { path: 'allowRegistrations', message: 'Allow registrations must be true or false' },
      ]),
    );
    const now = await call(t.app, 'GET', '/api/super-admin/system-config', root.cookie);
    expect(now.json()).toMatchObject({
      maintenanceMode: false,
      auditRetentionDays: 90,
      maxOrganizations: 1000,
    });
  });
});

describe('maintenance mode', () => {
  it("answers another organization's session 503 with Retry-After and the maintenance page; super admins carry on", async () => {
    expect((await patch({ maintenanceMode: true })).statusCode).toBe(200);
    try {
      const api = await call(t.app, 'GET', '/api/leads', member.cookie);
      expect(api.statusCode).toBe(503);
      expect(api.headers['retry-after']).toBe(String(maintenanceRetryAfterSeconds));
      expect(api.json()).toEqual({ message: maintenanceMessage, maintenance: true });
      const write = await call(t.app, 'POST', '/api/leads', member.cookie, { firstName: 'No' });
      expect(write.statusCode).toBe(503);
      const anonymous = await call(t.app, 'POST', '/api/early-access', undefined, {});
      expect(anonymous.statusCode).toBe(503);

      const page = await call(t.app, 'GET', '/dashboard', member.cookie);
      expect(page.statusCode).toBe(503);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['retry-after']).toBe(String(maintenanceRetryAfterSeconds));
      expect(page.body).toContain('Locus is down for maintenance');
      expect(page.headers['content-security-policy']).toMatch(/style-src 'sha256-/);
      expect((await call(t.app, 'GET', '/maintenance', member.cookie)).statusCode).toBe(503);
      // The public site and the sign-in page stay up (404 here only because no client is built).
      for (const path of ['/', '/auth', '/about']) {
        expect((await call(t.app, 'GET', path)).statusCode).not.toBe(503);
      }

      // Still open: health, who am I, the status, sign-in (so a super admin can come back).
      expect((await call(t.app, 'GET', '/api/health')).statusCode).toBe(200);
      expect((await call(t.app, 'GET', '/api/user', member.cookie)).statusCode).toBe(200);
      expect((await call(t.app, 'GET', '/api/system-status')).json()).toEqual({
        maintenanceMode: true,
        allowRegistrations: true,
      });
      const login = await call(t.app, 'POST', '/api/auth/login', undefined, {
        email: rootEmail,
        password: root.password,
      });
      expect(login.statusCode).toBe(200);

      expect((await call(t.app, 'GET', '/api/leads', root.cookie)).statusCode).toBe(200);
      expect((await call(t.app, 'GET', '/dashboard', root.cookie)).statusCode).not.toBe(503);
    } finally {
      expect((await patch({ maintenanceMode: false })).statusCode).toBe(200);
    }
    expect((await call(t.app, 'GET', '/api/leads', member.cookie)).statusCode).toBe(200);
    const back = await call(t.app, 'GET', '/maintenance', member.cookie);
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/dashboard');
  });

  it('reaches another instance on the same database within the cache lifetime', async () => {
    const other = await createTestApp({ sharedDatabase: t.database });
    try {
      const status = async () =>
        (await other.app.inject({ method: 'GET', url: '/api/system-status' })).json().maintenanceMode;
      expect(await status()).toBe(false);
      await patch({ maintenanceMode: true });
      const since = Date.now();
      await expect.poll(status, { timeout: systemConfigCacheMs + 2000, interval: 100 }).toBe(true);
      expect(Date.now() - since).toBeLessThanOrEqual(systemConfigCacheMs + 500);
      const res = await call(other.app, 'GET', '/api/leads', member.cookie);
      expect(res.statusCode).toBe(503);
    } finally {
      await patch({ maintenanceMode: false });
      await other.close();
    }
  });
});

describe('registrations and the organization limit', () => {
  it('closed registrations answer 403 and the status says so; opened again, sign-up works', async () => {
    await patch({ allowRegistrations: false });
    try {
      const res = await register('Too Late Co');
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Registrations are currently closed');
      expect((await call(t.app, 'GET', '/api/system-status')).json().allowRegistrations).toBe(false);
    } finally {
      await patch({ allowRegistrations: true });
    }
    expect((await register('On Time Co')).statusCode).toBe(201);
  });

  it('refuses a registration past maxOrganizations', async () => {
    const [{ n }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(organizations);
    await patch({ maxOrganizations: n });
    try {
      const res = await register('One Too Many');
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('The platform has reached its maximum number of organizations');
    } finally {
      await patch({ maxOrganizations: 1000 });
    }
  });
});

const noticeJobs = () => t.db.select().from(outbox).where(eq(outbox.kind, 'notify.super_admins'));

describe('e-mail notifications to super admins', () => {
  it('a new organization queues nothing while notifications are off', async () => {
    const before = (await noticeJobs()).length;
    await register('Quiet Co');
    expect((await noticeJobs()).length).toBe(before);
  });

  it('when on, a new organization e-mails every super admin (listed and marked) once', async () => {
    await patch({ emailNotifications: true });
    try {
      expect((await register('Loud Co')).statusCode).toBe(201);
      const jobs = await noticeJobs();
      expect(jobs).toHaveLength(1);
      expect(jobs[0].payload).toMatchObject({ subject: 'New organization: Loud Co' });
      await drainOutbox(t);
      const mails = await t.db
        .select({ payload: outbox.payload })
        .from(outbox)
        .where(eq(outbox.kind, 'email.send_platform'));
      const recipients = mails
        .map(({ payload }) => payload as { to: string; purpose: string })
        .filter((p) => p.purpose === 'notification')
        .map((p) => p.to)
        .toSorted();
      // root@ is both listed and (as owner of the platform's organization) a user: once.
      expect(recipients).toEqual([listedEmail, rootEmail].toSorted());
    } finally {
      await patch({ emailNotifications: false });
    }
  });
});

describe('audit retention', () => {
  it('the purge job deletes by the retention set through the API', async () => {
    await patch({ auditRetentionDays: 10 });
    try {
      const [aged] = await t.db
        .insert(systemAuditLogs)
        .values({
          organizationId: member.user.organizationId,
          action: 'auth.sign_in',
          timestamp: new Date(Date.now() - 11 * 86_400_000),
        })
        .returning({ id: systemAuditLogs.id });
      const [recent] = await t.db
        .insert(systemAuditLogs)
        .values({
          organizationId: member.user.organizationId,
          action: 'auth.sign_in',
          timestamp: new Date(Date.now() - 9 * 86_400_000),
        })
        .returning({ id: systemAuditLogs.id });
      await purgeAuditLogs(t.db);
      const left = await t.db.select({ id: systemAuditLogs.id }).from(systemAuditLogs);
      const ids = new Set(left.map(({ id }) => id));
      expect(ids.has(aged.id)).toBe(false);
      expect(ids.has(recent.id)).toBe(true);
    } finally {
      await patch({ auditRetentionDays: 90 });
    }
  });
});
