import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemAuditLogs } from '../../db/schema/platform';
import { registerOrganizationOwner, type SignedIn, uniqueEmail } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addUser, call, newOrganization } from '../users/test-helpers';

/*
 * The super admins' audit trail (issue 20 §4): every organization's events with the
 * organization's name and the user's e-mail, filters, keyset pages, a CSV export that is itself
 * recorded at platform level, and the high-risk summary; nobody else reaches it.
 */

const rootEmail = uniqueEmail('root');
let t: TestApp;
let root: SignedIn;
let acme: SignedIn;
let globex: SignedIn;
let promoted: { id: string; email: string };

const list = (query: string, cookie = root.cookie) =>
  call(t.app, 'GET', `/api/super-admin/system-audit-logs${query}`, cookie);

beforeAll(async () => {
  t = await createTestApp({ superAdminEmails: [rootEmail] });
  root = await registerOrganizationOwner(t.app, { email: rootEmail, organizationName: 'Locus Platform' });
  acme = await newOrganization(t.app, t.db);
  globex = await registerOrganizationOwner(t.app, { organizationName: 'Globex Audit Co' });
  // Acme hands out admin (a permission escalation, high risk)…
  const member = await addUser(t.app, acme);
  promoted = { id: member.id, email: member.email };
  const res = await call(t.app, 'PATCH', `/api/users/${member.id}`, acme.cookie, { role: 'admin' });
  expect(res.statusCode, res.body).toBe(200);
  // …and someone guesses Globex's owner's password three times (the third is high risk).
  for (let i = 0; i < 3; i++) {
    const failed = await call(t.app, 'POST', '/api/auth/login', undefined, {
      email: globex.user.email,
      password: `wrong-${i}`,
    });
    expect(failed.statusCode).toBe(401);
  }
});
afterAll(() => t.close());

describe('GET /api/super-admin/system-audit-logs', () => {
  it('lists every organization with its name and the user e-mail, newest first', async () => {
    const res = await list('?limit=200');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    const organizations = new Set(page.items.map((row: { organizationId: string }) => row.organizationId));
    expect(organizations).toContain(acme.user.organizationId);
    expect(organizations).toContain(globex.user.organizationId);
    const times = page.items.map((row: { timestamp: string }) => Date.parse(row.timestamp));
    expect(times).toEqual(times.toSorted((a: number, b: number) => b - a));
    const roleChange = page.items.find((row: { action: string }) => row.action === 'user.role_changed');
    expect(roleChange).toMatchObject({
      organization: { id: acme.user.organizationId, name: 'Acme Recovery' },
      user: { id: acme.user.id, email: acme.user.email },
      riskLevel: 'high',
      highRisk: true,
      highRiskReason: 'Permission escalation',
      details: { email: promoted.email, from: 'user', to: 'admin' },
    });
  });

  it('filters by organization, user, action, risk level and dates', async () => {
    let res = await list(`?organizationId=${globex.user.organizationId}&riskLevel=high`);
    expect(res.statusCode, res.body).toBe(200);
    // Clearing the sample data at registration is high risk too.
    for (const row of res.json().items) expect(row.riskLevel).toBe('high');
    res = await list(
      `?organizationId=${globex.user.organizationId}&riskLevel=high&action=auth.sign_in_failed`,
    );
    expect(res.json().items).toHaveLength(1);
    expect(res.json().items[0]).toMatchObject({
      action: 'auth.sign_in_failed',
      highRiskReason: 'Repeated failed sign-ins',
      organization: { name: 'Globex Audit Co' },
      details: { email: globex.user.email },
    });
    expect(res.json().total).toBe(1);

    res = await list(`?organizationId=${acme.user.organizationId}&action=user.role_changed`);
    expect(res.json().items.map((row: { resourceId: string }) => row.resourceId)).toEqual([promoted.id]);

    res = await list(`?userId=${globex.user.id}&action=auth.sign_in_failed`);
    expect(res.json().total).toBe(3);
    expect(
      res
        .json()
        .items.every((row: { organizationId: string }) => row.organizationId === globex.user.organizationId),
    ).toBe(true);

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    res = await list(`?from=${tomorrow}`);
    expect(res.json()).toMatchObject({ items: [], total: 0, nextCursor: null });
    res = await list(`?to=${tomorrow}&organizationId=${globex.user.organizationId}`);
    expect(res.json().total).toBeGreaterThanOrEqual(3);
  });

  it('narrows to a kind the summary calls out', async () => {
    let res = await list('?category=failed_sign_ins');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.length).toBeGreaterThanOrEqual(1);
    for (const row of res.json().items)
      expect(row).toMatchObject({ action: 'auth.sign_in_failed', riskLevel: 'high' });
    res = await list(`?category=permission_escalations&organizationId=${acme.user.organizationId}`);
    expect(res.json().items.map((row: { action: string }) => row.action)).toEqual(['user.role_changed']);
    res = await list('?category=nope');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'category', message: 'Invalid category' }]);
  });

  it("searches the user's e-mail, the organization's name and the action's words", async () => {
    let res = await list(`?search=${encodeURIComponent(globex.user.email)}`);
    expect(res.json().total).toBeGreaterThanOrEqual(3);
    for (const row of res.json().items) expect(row.organizationId).toBe(globex.user.organizationId);

    res = await list(`?search=${encodeURIComponent('globex audit')}&action=auth.sign_in_failed`);
    expect(res.json().total).toBe(3);

    res = await list(
      `?search=${encodeURIComponent('Role changed')}&organizationId=${acme.user.organizationId}`,
    );
    expect(res.json().items.map((row: { action: string }) => row.action)).toEqual(['user.role_changed']);

    res = await list(`?search=${encodeURIComponent('100%_nothing')}`);
    expect(res.json().total).toBe(0);
  });

  it('pages with a keyset cursor', async () => {
    const first = (await list(`?organizationId=${globex.user.organizationId}&limit=2`)).json();
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (
      await list(`?organizationId=${globex.user.organizationId}&limit=2&cursor=${first.nextCursor}`)
    ).json();
    const ids = [...first.items, ...second.items].map((row: { id: string }) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(second.total).toBe(first.total);
  });

  it('answers 400 with a message per bad filter', async () => {
    const res = await list(
      `?organizationId=acme&userId=1&action=nope&riskLevel=extreme&from=yesterday&search=${'x'.repeat(201)}`,
    );
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe('Validation failed');
    const messages = Object.fromEntries(
      body.errors.map((e: { path: string; message: string }) => [e.path, e.message]),
    );
    expect(messages).toMatchObject({
      organizationId: 'Invalid organization ID',
      userId: 'Invalid user ID',
      action: 'Invalid action',
      riskLevel: 'Invalid risk level',
      from: 'From must be a valid date',
      search: 'Search is too long',
    });
    expect((await list('?cursor=garbage')).statusCode).toBe(400);
  });

  it('refuses everyone but super admins', async () => {
    for (const url of [
      '/api/super-admin/system-audit-logs',
      '/api/super-admin/system-audit-logs/summary',
      '/api/super-admin/system-audit-logs/export',
    ]) {
      expect((await call(t.app, 'GET', url, acme.cookie)).statusCode, url).toBe(403);
      expect((await call(t.app, 'GET', url)).statusCode, url).toBe(401);
    }
  });
});

describe('GET /api/super-admin/system-audit-logs/export', () => {
  it('streams the filtered trail as CSV and records the export at platform level (high risk)', async () => {
    const res = await call(
      t.app,
      'GET',
      `/api/super-admin/system-audit-logs/export?organizationId=${globex.user.organizationId}&action=auth.sign_in_failed`,
      root.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="platform-audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Time,Organization,Organization ID,User,User e-mail,Action,Action code,Risk,Why high risk,Resource,Resource ID,IP address,User agent,Details',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('Globex Audit Co');
    expect(res.body).toContain('Repeated failed sign-ins');

    const [event] = await t.db
      .select()
      .from(systemAuditLogs)
      .where(
        and(eq(systemAuditLogs.action, 'platform.audit_exported'), isNull(systemAuditLogs.organizationId)),
      )
      .orderBy(desc(systemAuditLogs.timestamp));
    expect(event).toMatchObject({
      userId: root.user.id,
      riskLevel: 'high',
      resource: 'system_audit_logs',
      details: {
        rows: 3,
        filters: { organizationId: globex.user.organizationId, action: 'auth.sign_in_failed' },
      },
    });

    // The platform's own events: ?organizationId=platform.
    const platform = (await list('?organizationId=platform')).json();
    expect(platform.items.length).toBeGreaterThan(0);
    for (const row of platform.items) expect(row.organization).toBeNull();
    expect(platform.items[0]).toMatchObject({
      action: 'platform.audit_exported',
      highRiskReason: 'Mass export',
      user: { email: rootEmail },
    });
  });

  it('checks the filters before sending anything', async () => {
    const res = await call(
      t.app,
      'GET',
      '/api/super-admin/system-audit-logs/export?riskLevel=extreme',
      root.cookie,
    );
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/super-admin/system-audit-logs/summary', () => {
  it('counts repeated failed sign-ins, permission escalations and exports of the last days', async () => {
    const res = await call(t.app, 'GET', '/api/super-admin/system-audit-logs/summary', root.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json();
    expect(summary.days).toBe(7);
    expect(summary.highRisk).toBeGreaterThanOrEqual(2);
    expect(summary.failedSignIns.highRisk).toBeGreaterThanOrEqual(1);
    expect(summary.failedSignIns.accounts).toContainEqual(
      expect.objectContaining({
        email: globex.user.email,
        attempts: 3,
        organization: { id: globex.user.organizationId, name: 'Globex Audit Co' },
      }),
    );
    expect(summary.permissionEscalations.count).toBeGreaterThanOrEqual(1);
    expect(summary.permissionEscalations.latest.map((row: { action: string }) => row.action)).toContain(
      'user.role_changed',
    );
    expect(summary.massExports.count).toBeGreaterThanOrEqual(1);

    const bad = await call(t.app, 'GET', '/api/super-admin/system-audit-logs/summary?days=0', root.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'days', message: 'Days must be between 1 and 90' }]);
  });
});
