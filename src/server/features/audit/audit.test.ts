import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/identity';
import { systemAuditLogs, systemConfig } from '../../db/schema/platform';
import { registerOrganizationOwner, type SignedIn, uniqueEmail } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { getSystemConfig } from '../system-config/get-system-config';
import { addUser, newOrganization, signedInMember, temporaryPassword } from '../users/test-helpers';
import { startAuditPurge } from '../../jobs/audit-purge';
import { purgeAuditLogs } from './purge-audit-logs';
import { compactDetails } from './record-audit-event';

/*
 * The audit log: every event of the catalogue is written by the action that causes it (through
 * the API, as a user would), with who, where from and how risky; a failed change leaves no row;
 * old rows are purged; an organization's admins read their own log and nobody else's.
 */

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;

const ip = '203.0.113.7';
const userAgent = 'AuditTest/1.0 (X11; Linux)';

/** A request as a browser sends it: from an address, with a user agent. */
function send(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    remoteAddress: ip,
    headers: { 'user-agent': userAgent, ...(cookie ? { cookie } : {}), ...headers },
    ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
  });
}

/** The newest rows of an action (in an organization, when given). */
async function rowsOf(action: string, orgId?: string | null) {
  return t.db
    .select()
    .from(systemAuditLogs)
    .where(
      and(
        eq(systemAuditLogs.action, action),
        orgId === undefined
          ? undefined
          : orgId === null
            ? sql`${systemAuditLogs.organizationId} is null`
            : eq(systemAuditLogs.organizationId, orgId),
      ),
    )
    .orderBy(desc(systemAuditLogs.timestamp));
}

async function latest(action: string, orgId: string | null = owner.user.organizationId) {
  const [row] = await rowsOf(action, orgId);
  expect(row, `no ${action} row`).toBeDefined();
  return row;
}

/** Who, where from and which browser: the same on every event a request causes. */
function expectRequestFacts(row: typeof systemAuditLogs.$inferSelect, userId: string | null) {
  expect(row.userId).toBe(userId);
  expect(row.ipAddress).toBe(ip);
  expect(row.userAgent).toBe(userAgent);
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await newOrganization(t.app, t.db);
  stranger = await newOrganization(t.app, t.db);
});
afterAll(() => t.close());

describe('sign-in, sign-out and password events', () => {
  it('records a successful sign-in (low) in the account organization', async () => {
    const res = await send('POST', '/api/auth/login', undefined, {
      email: owner.user.email,
      password: owner.password,
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await latest('auth.sign_in');
    expectRequestFacts(row, owner.user.id);
    expect(row).toMatchObject({ riskLevel: 'low', resource: 'users', resourceId: owner.user.id });
  });

  it('records the sign-in of a new organization owner at registration', async () => {
    const res = await send('POST', '/api/auth/register', undefined, {
      organizationName: 'Audit Start Recovery',
      industrySector: 'Surplus Funds Locator',
      firstName: 'Rita',
      lastName: 'Register',
      email: uniqueEmail('registered'),
      password: 'correct horse battery',
    });
    expect(res.statusCode, res.body).toBe(201);
    const registered = res.json() as { id: string; organizationId: string };
    const row = await latest('auth.sign_in', registered.organizationId);
    expectRequestFacts(row, registered.id);
  });

  it('records a failed sign-in (medium) with the e-mail and never the password', async () => {
    const password = 'not-the-password-42';
    const res = await send('POST', '/api/auth/login', undefined, { email: stranger.user.email, password });
    expect(res.statusCode).toBe(401);
    const row = await latest('auth.sign_in_failed', stranger.user.organizationId);
    expectRequestFacts(row, stranger.user.id);
    expect(row.riskLevel).toBe('medium');
    expect(row.details).toEqual({ email: stranger.user.email });
    expect(JSON.stringify(row)).not.toContain(password);
  });

  it('records a failed sign-in for an unknown e-mail without an organization', async () => {
    const email = uniqueEmail('nobody');
    const res = await send('POST', '/api/auth/login', undefined, { email, password: 'whatever-123' });
    expect(res.statusCode).toBe(401);
    const [row] = (await rowsOf('auth.sign_in_failed', null)).filter(
      (r) => (r.details as { email: string }).email === email,
    );
    expectRequestFacts(row, null);
    expect(row).toMatchObject({ organizationId: null, riskLevel: 'medium', details: { email } });
  });

  it('rates the third failure for the same e-mail within 15 minutes high', async () => {
    const email = uniqueEmail('target');
    const risks: string[] = [];
    for (let i = 0; i < 3; i++) {
      await send('POST', '/api/auth/login', undefined, { email, password: `guess-${i}-xyz` });
      const rows = (await rowsOf('auth.sign_in_failed', null)).filter(
        (r) => (r.details as { email: string }).email === email,
      );
      risks.push(rows[0].riskLevel);
    }
    expect(risks).toEqual(['medium', 'medium', 'high']);
  });

  it('records sign-out in the transaction that ends the session', async () => {
    const session = await registerOrganizationOwner(t.app);
    const res = await send('GET', '/api/logout', session.cookie);
    expect(res.statusCode).toBe(302);
    const row = await latest('auth.sign_out', session.user.organizationId);
    expectRequestFacts(row, session.user.id);
    expect(row.riskLevel).toBe('low');
    // Without a session there is nobody to record.
    const before = (await rowsOf('auth.sign_out')).length;
    await send('GET', '/api/logout');
    expect((await rowsOf('auth.sign_out')).length).toBe(before);
  });

  it('records a password change (medium), never the passwords', async () => {
    const session = await registerOrganizationOwner(t.app);
    const newPassword = 'brand-new-secret-99';
    const res = await send('POST', '/api/auth/change-password', session.cookie, {
      currentPassword: session.password,
      newPassword,
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await latest('auth.password_changed', session.user.organizationId);
    expectRequestFacts(row, session.user.id);
    expect(row.riskLevel).toBe('medium');
    expect(JSON.stringify(row)).not.toContain(newPassword);
    expect(JSON.stringify(row)).not.toContain(session.password);
  });
});

describe('user and team events', () => {
  it('records user creation: medium for a user, high for an admin or with granted permissions', async () => {
    const plain = await send('POST', '/api/users', owner.cookie, {
      email: uniqueEmail('plain'),
      firstName: 'Pat',
      lastName: 'Plain',
      role: 'user',
      status: 'active',
      password: temporaryPassword,
    });
    expect(plain.statusCode, plain.body).toBe(201);
    let row = await latest('user.created');
    expectRequestFacts(row, owner.user.id);
    expect(row).toMatchObject({
      resource: 'users',
      resourceId: plain.json().id,
      riskLevel: 'medium',
      details: { email: plain.json().email, role: 'user', granted: [] },
    });
    expect(JSON.stringify(row)).not.toContain(temporaryPassword);

    const admin = await send('POST', '/api/users', owner.cookie, {
      email: uniqueEmail('admin'),
      firstName: 'Ada',
      lastName: 'Admin',
      role: 'admin',
      status: 'active',
      password: temporaryPassword,
    });
    expect(admin.statusCode).toBe(201);
    row = await latest('user.created');
    expect(row).toMatchObject({ resourceId: admin.json().id, riskLevel: 'high' });

    const granted = await addUser(t.app, owner, { permissions: { leads: { delete: true } } });
    row = await latest('user.created');
    expect(row).toMatchObject({
      resourceId: granted.id,
      riskLevel: 'high',
      details: { granted: ['leads:delete'] },
    });
  });

  it('records role changes (high to admin), team changes, permission grants and revocations', async () => {
    const member = await addUser(t.app, owner);
    const url = `/api/users/${member.id}`;

    expect((await send('PATCH', url, owner.cookie, { role: 'manager' })).statusCode).toBe(200);
    let row = await latest('user.role_changed');
    expectRequestFacts(row, owner.user.id);
    expect(row).toMatchObject({
      resourceId: member.id,
      riskLevel: 'medium',
      details: { email: member.email, from: 'user', to: 'manager' },
    });
    expect((await send('PATCH', url, owner.cookie, { role: 'admin' })).statusCode).toBe(200);
    row = await latest('user.role_changed');
    expect(row).toMatchObject({ riskLevel: 'high', details: { from: 'manager', to: 'admin' } });
    expect((await send('PATCH', url, owner.cookie, { role: 'user' })).statusCode).toBe(200);

    const team = await send('POST', '/api/teams', owner.cookie, {
      name: `Field ${randomUUID()}`,
      status: 'active',
    });
    expect(team.statusCode, team.body).toBe(201);
    expect((await send('PATCH', url, owner.cookie, { teamId: team.json().id })).statusCode).toBe(200);
    row = await latest('user.team_changed');
    expect(row).toMatchObject({
      resourceId: member.id,
      riskLevel: 'medium',
      details: { email: member.email, from: null, to: team.json().id },
    });

    const grant = { permissions: { leads: { delete: true }, users: { read: true } } };
    expect((await send('PATCH', url, owner.cookie, grant)).statusCode).toBe(200);
    row = await latest('user.permissions_changed');
    expect(row).toMatchObject({
      riskLevel: 'high',
      details: { granted: ['leads:delete', 'users:read'], revoked: [] },
    });
    const revoke = { permissions: { leads: { delete: false }, users: { read: true } } };
    expect((await send('PATCH', url, owner.cookie, revoke)).statusCode).toBe(200);
    row = await latest('user.permissions_changed');
    expect(row).toMatchObject({ riskLevel: 'medium', details: { granted: [], revoked: ['leads:delete'] } });
  });

  it('records a team permission change (high when it grants)', async () => {
    const team = await send('POST', '/api/teams', owner.cookie, {
      name: `Ops ${randomUUID()}`,
      status: 'active',
    });
    const res = await send('PATCH', `/api/teams/${team.json().id}`, owner.cookie, {
      permissions: { deals: { delete: true } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await latest('team.permissions_changed');
    expectRequestFacts(row, owner.user.id);
    expect(row).toMatchObject({
      resource: 'teams',
      resourceId: team.json().id,
      riskLevel: 'high',
      details: { granted: ['deals:delete'], revoked: [] },
    });
  });

  it('records deactivation, reactivation and a password set by an admin', async () => {
    const member = await addUser(t.app, owner);
    const url = `/api/users/${member.id}`;
    expect((await send('PATCH', url, owner.cookie, { status: 'inactive' })).statusCode).toBe(200);
    let row = await latest('user.deactivated');
    expectRequestFacts(row, owner.user.id);
    expect(row).toMatchObject({
      resourceId: member.id,
      riskLevel: 'medium',
      details: { email: member.email },
    });
    expect((await send('PATCH', url, owner.cookie, { status: 'active' })).statusCode).toBe(200);
    row = await latest('user.reactivated');
    expect(row.resourceId).toBe(member.id);
    const password = 'set-by-the-admin-1';
    expect((await send('PATCH', url, owner.cookie, { password })).statusCode).toBe(200);
    row = await latest('user.password_reset');
    expect(row).toMatchObject({ resourceId: member.id, riskLevel: 'high' });
    expect(JSON.stringify(row)).not.toContain(password);
  });

  it('records a deletion (high) with who was deleted', async () => {
    const member = await addUser(t.app, owner, { firstName: 'Del', lastName: 'Eted' });
    const res = await send('DELETE', `/api/users/${member.id}`, owner.cookie);
    expect(res.statusCode).toBe(204);
    const row = await latest('user.deleted');
    expectRequestFacts(row, owner.user.id);
    expect(row).toMatchObject({
      resourceId: member.id,
      riskLevel: 'high',
      details: { email: member.email, name: 'Del Eted', role: 'user' },
    });
  });

  it('writes nothing when the change fails, and undoes the change when the entry cannot be written', async () => {
    // A refused deletion (the owner) leaves no row.
    const admin = await signedInMember(t.app, owner, { role: 'admin' });
    const before = (await rowsOf('user.deleted')).length;
    const refused = await send('DELETE', `/api/users/${owner.user.id}`, admin.cookie);
    expect(refused.statusCode).toBe(403);
    expect((await rowsOf('user.deleted')).length).toBe(before);

    // The entry is written in the deletion's transaction: when it fails, the user stays.
    const member = await addUser(t.app, owner);
    await t.db.execute(
      sql`alter table system_audit_logs add constraint audit_test_refuses check (action <> 'user.deleted') not valid`,
    );
    try {
      const res = await send('DELETE', `/api/users/${member.id}`, owner.cookie);
      expect(res.statusCode).not.toBe(204);
    } finally {
      await t.db.execute(sql`alter table system_audit_logs drop constraint audit_test_refuses`);
    }
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.id, member.id))).toHaveLength(1);
    expect((await rowsOf('user.deleted')).length).toBe(before);
  });
});

describe('organization, export, bulk, sample data and file events', () => {
  it('records an organization settings change with the names of the fields changed', async () => {
    const res = await send('PATCH', '/api/organization', owner.cookie, {
      name: 'Acme Recovery West',
      emailSignature: 'Kind regards',
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await latest('organization.settings_changed');
    expectRequestFacts(row, owner.user.id);
    expect(row).toMatchObject({ riskLevel: 'medium', resourceId: owner.user.organizationId });
    expect((row.details as { fields: string[] }).fields.toSorted()).toEqual(['emailSignature', 'name']);
  });

  it('records a logo change and removal as organization settings changes', async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(56, 7),
    ]);
    const logoChanges = async () =>
      (await rowsOf('organization.settings_changed', owner.user.organizationId)).filter(
        (r) => JSON.stringify(r.details) === JSON.stringify({ fields: ['logo'] }),
      );
    const before = (await logoChanges()).length;
    const set = await send('PUT', '/api/organization/logo', owner.cookie, {
      dataUrl: `data:image/png;base64,${png.toString('base64')}`,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await send('DELETE', '/api/organization/logo', owner.cookie)).statusCode).toBe(204);
    const rows = await logoChanges();
    expect(rows).toHaveLength(before + 2);
    expectRequestFacts(rows[0], owner.user.id);
    // Removing a logo that is not there changes nothing.
    await send('DELETE', '/api/organization/logo', owner.cookie);
    expect(await logoChanges()).toHaveLength(before + 2);
  });

  it('records every CSV export (medium) with its filters', async () => {
    for (const resource of ['leads', 'clients', 'companies', 'deals']) {
      const res = await send('GET', `/api/${resource}/export.csv?search=acme&limit=5`, owner.cookie);
      expect(res.statusCode, res.body).toBe(200);
      const [row] = (await rowsOf('records.exported', owner.user.organizationId)).filter(
        (r) => r.resource === resource,
      );
      expect(row, resource).toBeDefined();
      expectRequestFacts(row, owner.user.id);
      expect(row.riskLevel).toBe('medium');
      expect(row.details).toEqual({ filters: expect.objectContaining({ search: 'acme' }) });
      expect((row.details as { filters: object }).filters).not.toHaveProperty('limit');
    }
  });

  it('records bulk deletes (high) with the count, on leads, clients, companies and deals', async () => {
    const org = await newOrganization(t.app, t.db);
    const client = (await send('POST', '/api/clients', org.cookie, { displayName: 'Keep Me' })).json();
    const bodies: Record<string, Record<string, unknown>> = {
      leads: { fullName: 'Bulk Lead' },
      clients: { displayName: 'Bulk Client' },
      companies: { companyName: 'Bulk Co' },
      deals: { dealName: 'Bulk Deal', stage: 'Research', relatedClient: client.id },
    };
    for (const [resource, body] of Object.entries(bodies)) {
      const ids: string[] = [];
      for (let i = 0; i < 2; i++) {
        const made = await send('POST', `/api/${resource}`, org.cookie, body);
        expect(made.statusCode, made.body).toBe(201);
        ids.push(made.json().id);
      }
      const res = await send('POST', `/api/${resource}/bulk`, org.cookie, { action: 'delete', ids });
      expect(res.statusCode, res.body).toBe(200);
      const [row] = (await rowsOf('records.bulk_deleted', org.user.organizationId)).filter(
        (r) => r.resource === resource,
      );
      expect(row, resource).toBeDefined();
      expectRequestFacts(row, org.user.id);
      expect(row.riskLevel).toBe('high');
      expect(row.details).toEqual({ count: 2, ids: expect.arrayContaining(ids) });
    }
    // A bulk update is not a deletion.
    const lead = (await send('POST', '/api/leads', org.cookie, { fullName: 'Stays' })).json();
    const before = (await rowsOf('records.bulk_deleted', org.user.organizationId)).length;
    await send('POST', '/api/leads/bulk', org.cookie, { action: 'addTag', tag: 'x', ids: [lead.id] });
    expect((await rowsOf('records.bulk_deleted', org.user.organizationId)).length).toBe(before);
  });

  it('records clearing sample data (high) with the counts removed', async () => {
    const session = await registerOrganizationOwner(t.app, {}, { withSampleData: true });
    const res = await send('DELETE', '/api/sample-data', session.cookie);
    expect(res.statusCode).toBe(200);
    const row = await latest('sample_data.cleared', session.user.organizationId);
    expectRequestFacts(row, session.user.id);
    expect(row.riskLevel).toBe('high');
    expect(row.details).toEqual(res.json());
    // Nothing left to clear: nothing changed, nothing recorded.
    await send('DELETE', '/api/sample-data', session.cookie);
    expect(await rowsOf('sample_data.cleared', session.user.organizationId)).toHaveLength(1);
  });

  it('records a file download (low)', async () => {
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/files?name=deed.txt',
      headers: { cookie: owner.cookie, 'content-type': 'application/octet-stream' },
      payload: Buffer.from('deed'),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const url = uploaded.json().url as string;
    const res = await send('GET', url, owner.cookie);
    expect(res.statusCode).toBe(200);
    const row = await latest('file.downloaded');
    expectRequestFacts(row, owner.user.id);
    expect(row).toMatchObject({
      riskLevel: 'low',
      resource: 'files',
      resourceId: url.split('/')[3],
      details: { name: 'deed.txt' },
    });
  });
});

describe('GET /api/system-audit-logs', () => {
  let org: SignedIn;
  let member: SignedIn & { id: string };

  beforeAll(async () => {
    org = await newOrganization(t.app, t.db);
    member = await signedInMember(t.app, org, { role: 'user' });
  });

  const list = (query: string, cookie = org.cookie) => send('GET', `/api/system-audit-logs${query}`, cookie);

  it("answers the organization's own log, newest first, with the user, IP and user agent", async () => {
    await send('POST', '/api/auth/login', undefined, { email: org.user.email, password: org.password });
    const res = await list('');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ nextCursor: null, total: page.items.length });
    const [newest] = page.items;
    expect(newest).toMatchObject({
      action: 'auth.sign_in',
      userId: org.user.id,
      user: { id: org.user.id, email: org.user.email, name: 'Ada Owner' },
      ipAddress: ip,
      userAgent,
      riskLevel: 'low',
    });
    const times = page.items.map((item: { timestamp: string }) => item.timestamp);
    expect(times).toEqual(times.toSorted().toReversed());
    // The member's creation and first sign-in are there too; no other organization's rows are.
    expect(page.items.map((item: { action: string }) => item.action)).toEqual(
      expect.arrayContaining(['user.created', 'auth.password_changed']),
    );
    const foreignRows = await t.db
      .select({ id: systemAuditLogs.id })
      .from(systemAuditLogs)
      .where(eq(systemAuditLogs.organizationId, stranger.user.organizationId));
    expect(foreignRows.length).toBeGreaterThan(0);
    const ids = new Set(page.items.map((item: { id: string }) => item.id));
    expect(foreignRows.some((row) => ids.has(row.id))).toBe(false);
  });

  it("never shows another organization's rows, even when asked by its user's id", async () => {
    const res = await list(`?userId=${stranger.user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [], nextCursor: null, total: 0 });
    const csv = await send('GET', `/api/system-audit-logs/export.csv?userId=${stranger.user.id}`, org.cookie);
    expect(csv.body.trim().split('\r\n')).toHaveLength(1);
  });

  it('filters by user, action, risk level and date range', async () => {
    const byMember = (await list(`?userId=${member.id}`)).json();
    expect(byMember.items.length).toBeGreaterThan(0);
    expect(byMember.items.every((item: { userId: string }) => item.userId === member.id)).toBe(true);

    const created = (await list('?action=user.created')).json();
    expect(created.items.map((item: { resourceId: string }) => item.resourceId)).toEqual([member.id]);

    const high = (await list('?riskLevel=high')).json();
    expect(high.items.every((item: { riskLevel: string }) => item.riskLevel === 'high')).toBe(true);

    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`?from=${today}&to=${today}`)).json().total).toBeGreaterThan(0);
    expect((await list('?to=2000-01-01')).json().total).toBe(0);
    expect((await list('?from=2999-01-01')).json().total).toBe(0);
  });

  it('pages with a cursor (keyset), no row twice', async () => {
    const all = (await list('')).json();
    expect(all.total).toBeGreaterThanOrEqual(3);
    const first = (await list('?limit=2')).json();
    expect(first.items).toHaveLength(2);
    expect(first.total).toBe(all.total);
    const second = (await list(`?limit=2&cursor=${encodeURIComponent(first.nextCursor)}`)).json();
    const ids = [...first.items, ...second.items].map((item: { id: string }) => item.id);
    expect(ids).toEqual(all.items.slice(0, ids.length).map((item: { id: string }) => item.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('answers 400 with the field for bad filters', async () => {
    const res = await list('?action=nope&from=yesterday&userId=42');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Validation failed');
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'action', message: 'Invalid action' },
        { path: 'from', message: 'From must be a valid date' },
        { path: 'userId', message: 'Invalid user ID' },
      ]),
    );
    expect((await list('?cursor=garbage')).statusCode).toBe(400);
  });

  it('is refused (403) to a plain user and a manager, and to nobody signed in (401)', async () => {
    expect((await list('', member.cookie)).statusCode).toBe(403);
    const manager = await signedInMember(t.app, org, { role: 'manager' });
    expect((await list('', manager.cookie)).statusCode).toBe(403);
    expect((await send('GET', '/api/system-audit-logs/export.csv', manager.cookie)).statusCode).toBe(403);
    expect((await send('GET', '/api/system-audit-logs')).statusCode).toBe(401);
  });

  it('downloads the filtered log as CSV, and records that download', async () => {
    const res = await send('GET', `/api/system-audit-logs/export.csv?userId=${member.id}`, org.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const [header, ...lines] = res.body.trim().split('\r\n');
    expect(header).toBe(
      'Time,User,User e-mail,Action,Action code,Risk,Resource,Resource ID,IP address,User agent,Details',
    );
    expect(lines.length).toBe((await list(`?userId=${member.id}`)).json().total);
    expect(
      lines.every((line) => line.includes(member.user.email)),
      res.body,
    ).toBe(true);
    const row = await latest('records.exported', org.user.organizationId);
    expectRequestFacts(row, org.user.id);
    expect(row).toMatchObject({
      resource: 'system_audit_logs',
      riskLevel: 'medium',
      details: { filters: { userId: member.id } },
    });
  });
});

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

async function seedAged(orgId: string | null, days: number) {
  const [row] = await t.db
    .insert(systemAuditLogs)
    .values({ organizationId: orgId, action: 'auth.sign_in', timestamp: daysAgo(days) })
    .returning({ id: systemAuditLogs.id });
  return row.id;
}

const exists = async (id: string) =>
  (await t.db.select({ id: systemAuditLogs.id }).from(systemAuditLogs).where(eq(systemAuditLogs.id, id)))
    .length === 1;

describe('retention', () => {
  it('purges rows older than system_config.auditRetentionDays in every organization, keeps the rest', async () => {
    const config = await getSystemConfig(t.db);
    expect(config.auditRetentionDays).toBe(90);
    const old = [await seedAged(owner.user.organizationId, 91), await seedAged(null, 400)];
    const kept = [
      await seedAged(stranger.user.organizationId, 89),
      await seedAged(owner.user.organizationId, 0),
    ];
    expect(await purgeAuditLogs(t.db)).toBeGreaterThanOrEqual(2);
    for (const id of old) expect(await exists(id)).toBe(false);
    for (const id of kept) expect(await exists(id)).toBe(true);

    await t.db.update(systemConfig).set({ auditRetentionDays: 30 }).where(eq(systemConfig.id, config.id));
    try {
      const now = await seedAged(owner.user.organizationId, 1);
      expect(await purgeAuditLogs(t.db)).toBe(1);
      expect(await exists(kept[0])).toBe(false);
      expect(await exists(kept[1])).toBe(true);
      expect(await exists(now)).toBe(true);
    } finally {
      await t.db.update(systemConfig).set({ auditRetentionDays: 90 }).where(eq(systemConfig.id, config.id));
    }
  });

  it('runs periodically as a job', async () => {
    const old = await seedAged(owner.user.organizationId, 120);
    const stop = startAuditPurge({ db: t.db, intervalMs: 20, log: t.app.log });
    try {
      await expect.poll(() => exists(old), { timeout: 5000 }).toBe(false);
    } finally {
      await stop();
    }
  });
});

describe('details', () => {
  it('drops keys that could hold a secret and keeps text short', () => {
    const long = 'x'.repeat(500);
    expect(
      compactDetails({
        email: 'a@example.com',
        password: 'p',
        newPassword: 'p',
        token: 't',
        apiKey: 'k',
        note: long,
        nested: { a: { b: { c: 'deep' } } },
      }),
    ).toEqual({ email: 'a@example.com', note: `${'x'.repeat(200)}…`, nested: { a: { b: null } } });
  });
});
