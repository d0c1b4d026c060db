import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../db/schema/identity';
import { tenantActiveUsers, tenantAnalytics } from '../../db/schema/platform';
import { registerOrganizationOwner, type SignedIn, signIn, uniqueEmail } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { call, newOrganization } from '../users/test-helpers';
import { createAnalyticsCounters, isErrorStatus } from './analytics-counters';

/*
 * Tenant analytics (issue 20 §5): two app instances on one database count requests in memory and
 * flush additive upserts, so their counts add up and a user seen by both is one active user; the
 * super admins read 30 or 90 days, platform-wide and per organization.
 */

const rootEmail = uniqueEmail('root');
let one: TestApp;
let two: TestApp;
let root: SignedIn;
let acme: SignedIn;

const today = () => new Date().toISOString().slice(0, 10);

async function dayOf(organizationId: string, date = today()) {
  const [row] = await one.db
    .select()
    .from(tenantAnalytics)
    .where(and(eq(tenantAnalytics.organizationId, organizationId), eq(tenantAnalytics.date, date)));
  return row;
}

const flushBoth = async () => {
  await one.app.tenantAnalytics.flush();
  await two.app.tenantAnalytics.flush();
};

beforeAll(async () => {
  one = await createTestApp({ superAdminEmails: [rootEmail] });
  two = await createTestApp({ superAdminEmails: [rootEmail], sharedDatabase: one.database });
  root = await registerOrganizationOwner(one.app, { email: rootEmail, organizationName: 'Locus Platform' });
  acme = await newOrganization(one.app, one.db);
});
afterAll(async () => {
  await two.close();
  await one.close();
});

describe('counting', () => {
  it('counts 5xx and 4xx other than 401, 403 and 404 as errors', () => {
    expect([200, 201, 204, 302, 401, 403, 404].map(isErrorStatus)).toEqual(Array(7).fill(false));
    expect([400, 409, 413, 429, 500, 503].map(isErrorStatus)).toEqual(Array(6).fill(true));
  });

  it('keeps the counts of a failed flush for the next one', async () => {
    let down = true;
    const flaky = new Proxy(one.db, {
      get: (target, key, receiver) =>
        key === 'transaction' && down
          ? () => Promise.reject(new Error('database unavailable'))
          : Reflect.get(target, key, receiver),
    });
    const counters = createAnalyticsCounters(flaky);
    const day = new Date('2026-02-01T12:00:00Z');
    const answer = { organizationId: acme.user.organizationId, userId: acme.user.id, viaApiKey: false };
    counters.recordAnswer({ ...answer, statusCode: 200, responseTimeMs: 10 }, day);
    await expect(counters.flush()).rejects.toThrow('database unavailable');
    expect(counters.pending()).toBe(1);
    counters.recordAnswer({ ...answer, statusCode: 200, responseTimeMs: 30 }, day);
    down = false;
    await counters.flush();
    expect(counters.pending()).toBe(0);
    expect(await dayOf(acme.user.organizationId, '2026-02-01')).toMatchObject({
      requestCount: 2,
      responseTimeTotalMs: 40,
      activeUsers: 1,
    });
  });

  it("adds both instances' requests, errors and times; a user seen by both is one active user", async () => {
    await flushBoth();
    const before = await dayOf(acme.user.organizationId);
    expect(before.activeUsers).toBe(1);

    expect((await call(one.app, 'GET', '/api/user', acme.cookie)).statusCode).toBe(200);
    expect((await call(one.app, 'GET', '/api/leads', acme.cookie)).statusCode).toBe(200);
    expect((await call(two.app, 'GET', '/api/user', acme.cookie)).statusCode).toBe(200);
    // A request that failed its user (400) is an error; a record not found (404) is not.
    expect((await call(two.app, 'POST', '/api/leads', acme.cookie, {})).statusCode).toBe(400);
    expect((await call(two.app, 'GET', `/api/leads/${randomUUID()}`, acme.cookie)).statusCode).toBe(404);
    // Anonymous calls belong to no organization.
    expect((await call(two.app, 'GET', '/api/user')).statusCode).toBe(401);
    expect(one.app.tenantAnalytics.pending()).toBeGreaterThan(0);
    await flushBoth();
    expect(one.app.tenantAnalytics.pending()).toBe(0);

    const after = await dayOf(acme.user.organizationId);
    expect(after.requestCount - before.requestCount).toBe(5);
    expect(after.errorCount - before.errorCount).toBe(1);
    expect(after.apiCalls).toBe(before.apiCalls);
    expect(after.activeUsers).toBe(1);
    expect(after.avgResponseTime).toBe(Math.round(after.responseTimeTotalMs / after.requestCount));
  });

  it('counts sign-ins on either instance, and API key calls without making the key an active user', async () => {
    await flushBoth();
    const before = await dayOf(acme.user.organizationId);
    await signIn(two.app, acme.user.email, acme.password);
    const created = await call(one.app, 'POST', '/api/api-keys', acme.cookie, {
      name: 'Analytics',
      permissions: ['read'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const key = created.json().key as string;
    for (const app of [one.app, two.app]) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/leads',
        headers: { authorization: `Bearer ${key}` },
      });
      expect(res.statusCode).toBe(200);
    }
    await flushBoth();
    const after = await dayOf(acme.user.organizationId);
    expect(after.totalLogins - before.totalLogins).toBe(1);
    expect(after.apiCalls - before.apiCalls).toBe(2);
    // The key creation and the two key calls.
    expect(after.requestCount - before.requestCount).toBe(3);
    expect(after.activeUsers).toBe(1);
  });

  it('adds flushes up (never overwrites), keeps data usage current and skips deleted organizations', async () => {
    const day = new Date('2026-03-01T10:00:00Z');
    const orgId = acme.user.organizationId;
    await one.db.update(organizations).set({ storageUsed: 1234 }).where(eq(organizations.id, orgId));
    const answer = (ms: number, statusCode = 200) => ({
      organizationId: orgId,
      userId: acme.user.id,
      viaApiKey: false,
      statusCode,
      responseTimeMs: ms,
    });
    one.app.tenantAnalytics.recordAnswer(answer(100), day);
    one.app.tenantAnalytics.recordAnswer(answer(300, 500), day);
    two.app.tenantAnalytics.recordAnswer(answer(200), day);
    // An organization deleted since its request: skipped, and the flush still writes the others.
    one.app.tenantAnalytics.recordAnswer({ ...answer(50), organizationId: randomUUID(), userId: null }, day);
    await flushBoth();
    two.app.tenantAnalytics.recordSignIn(orgId, acme.user.id, day);
    await flushBoth();
    const row = await dayOf(orgId, '2026-03-01');
    expect(row).toMatchObject({
      requestCount: 3,
      responseTimeTotalMs: 600,
      avgResponseTime: 200,
      errorCount: 1,
      totalLogins: 1,
      activeUsers: 1,
      dataUsage: 1234,
    });
    const seen = await one.db
      .select()
      .from(tenantActiveUsers)
      .where(and(eq(tenantActiveUsers.organizationId, orgId), eq(tenantActiveUsers.date, '2026-03-01')));
    expect(seen).toHaveLength(1);
  });
});

describe('GET /api/super-admin/tenant-analytics', () => {
  it('answers every day of the window, platform-wide, with the busiest organizations', async () => {
    expect((await call(one.app, 'GET', '/api/leads', acme.cookie)).statusCode).toBe(200);
    // Reading writes this instance's counters first: the last minute shows at once.
    const res = await call(one.app, 'GET', '/api/super-admin/tenant-analytics?days=30', root.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.days).toBe(30);
    expect(body.series).toHaveLength(30);
    expect(body.to).toBe(today());
    expect(body.series.at(-1)).toMatchObject({ date: today() });
    expect(body.series.at(-1).requestCount).toBeGreaterThan(5);
    expect(body.series[0]).toMatchObject({ requestCount: 0, avgResponseTime: null });
    expect(body.totals.activeUsers).toBeGreaterThanOrEqual(2);
    expect(body.totals.apiCalls).toBeGreaterThanOrEqual(2);
    expect(body.current.organizations).toBeGreaterThanOrEqual(2);
    expect(body.organizations.map((org: { id: string }) => org.id)).toContain(acme.user.organizationId);

    const ninety = await call(one.app, 'GET', '/api/super-admin/tenant-analytics?days=90', root.cookie);
    expect(ninety.json().series).toHaveLength(90);
    // 2026-03-01 (written above) is in the 90 days only when today is close enough; the default is 30.
    expect((await call(one.app, 'GET', '/api/super-admin/tenant-analytics', root.cookie)).json().days).toBe(
      30,
    );
  });

  it('answers one organization, 404 for an unknown one', async () => {
    const url = `/api/super-admin/organizations/${acme.user.organizationId}/analytics?days=90`;
    const res = await call(one.app, 'GET', url, root.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.organization).toEqual({ id: acme.user.organizationId, name: 'Acme Recovery' });
    expect(body.series).toHaveLength(90);
    expect(body.series.at(-1).requestCount).toBeGreaterThan(5);
    expect(body.totals.activeUsers).toBe(1);
    expect(body.current.storageUsed).toBe(1234);

    for (const id of [randomUUID(), 'not-an-id']) {
      const missing = await call(
        one.app,
        'GET',
        `/api/super-admin/organizations/${id}/analytics`,
        root.cookie,
      );
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Organization not found' });
    }
  });

  it('accepts 30 or 90 days only, and super admins only', async () => {
    for (const days of ['7', '0', 'abc', '365']) {
      const res = await call(one.app, 'GET', `/api/super-admin/tenant-analytics?days=${days}`, root.cookie);
      expect(res.statusCode, days).toBe(400);
      expect(res.json().errors).toEqual([{ path: 'days', message: 'Days must be 30 or 90' }]);
    }
    const stranger = await registerOrganizationOwner(one.app);
    for (const url of [
      '/api/super-admin/tenant-analytics',
      `/api/super-admin/organizations/${acme.user.organizationId}/analytics`,
    ]) {
      expect((await call(one.app, 'GET', url, stranger.cookie)).statusCode).toBe(403);
      expect((await call(one.app, 'GET', url)).statusCode).toBe(401);
    }
  });
});
