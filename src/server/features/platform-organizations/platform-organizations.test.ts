import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contractEndBeforeStartMessage,
  deleteConfirmationMessage,
  maxUsersBelowActiveMessage,
} from '../../../common/validation/platform-organizations';
import { organizations, users } from '../../db/schema/identity';
import { sessions, systemAuditLogs } from '../../db/schema/platform';
import { createDiskFileStore } from '../../lib/disk-file-store';
import { deniedMessage } from '../../plugins/access-guard';
import { registerOrganizationOwner, type SignedIn, signIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { invalidCredentialsMessage, organizationSuspendedMessage } from '../auth/sign-in';
import { sweepOrganizationFiles } from '../files/sweep-files';
import { call, newOrganization, signedInMember } from '../users/test-helpers';
import { createSuperAdmin, parseCreateSuperAdminArgs } from './create-super-admin';
import { ownOrganizationDeleteMessage } from './delete-organization';
import { activityStampIntervalMs, noteOrganizationActivity } from './organization-usage';
import { lastSuperAdminOrganizationMessage, ownOrganizationSuspendMessage } from './suspend-organization';

const rootEmail = 'root-orgs@example.com';
const base = '/api/super-admin/organizations';

let t: TestApp;
let root: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ superAdminEmails: [rootEmail] });
  root = await registerOrganizationOwner(t.app, { email: rootEmail, organizationName: 'Locus Platform HQ' });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const get = (url: string, cookie = root.cookie) => call(t.app, 'GET', url, cookie);
const orgOf = async (id: string) =>
  (await t.db.select().from(organizations).where(eq(organizations.id, id)))[0];
const auditOf = (action: string, orgId: string | null) =>
  t.db
    .select()
    .from(systemAuditLogs)
    .where(
      and(
        eq(systemAuditLogs.action, action),
        orgId === null ? isNull(systemAuditLogs.organizationId) : eq(systemAuditLogs.organizationId, orgId),
      ),
    );

describe('who reaches /api/super-admin/organizations', () => {
  it('answers 403 to an organization admin and 401 to no one on every route', async () => {
    const owner = await newOrganization(t.app, t.db);
    const id = owner.user.organizationId;
    const routes = [
      ['GET', base],
      ['GET', `${base}/${id}`],
      ['PATCH', `${base}/${id}`],
      ['POST', `${base}/${id}/suspend`],
      ['POST', `${base}/${id}/reactivate`],
      ['DELETE', `${base}/${id}`],
    ] as const;
    for (const [method, url] of routes) {
      const denied = await call(t.app, method, url, owner.cookie, method === 'GET' ? undefined : {});
      expect(denied.statusCode, `${method} ${url}`).toBe(403);
      expect(denied.json().message).toBe(deniedMessage);
      const anonymous = await call(t.app, method, url, undefined, method === 'GET' ? undefined : {});
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await orgOf(id)).status).toBe('active');
  });
});

describe('GET /api/super-admin/organizations', () => {
  it('lists every organization with search, filters, sorts and keyset pages', async () => {
    const tag = `Zebra ${Date.now()}`;
    const small = await registerOrganizationOwner(t.app, { organizationName: `${tag} Small` });
    const large = await registerOrganizationOwner(t.app, { organizationName: `${tag} Large` });
    await t.db
      .update(organizations)
      .set({ maxUsers: 10 })
      .where(eq(organizations.id, large.user.organizationId));
    await signedInMember(t.app, large);
    await signedInMember(t.app, large);

    const found = await get(`${base}?search=${encodeURIComponent(tag)}&sort=-totalUsers`);
    expect(found.statusCode, found.body).toBe(200);
    const page = found.json();
    expect(page.total).toBe(2);
    expect(page.items.map((o: { name: string }) => o.name)).toEqual([`${tag} Large`, `${tag} Small`]);
    expect(page.items[0]).toMatchObject({
      totalUsers: 3,
      status: 'active',
      planType: 'free',
      apiCallsMonth: 0,
    });
    expect(page.items[0].lastActivity).not.toBeNull();
    expect(page.items[0]).not.toHaveProperty('settings');

    // A member's e-mail finds their organization.
    const byEmail = await get(`${base}?search=${encodeURIComponent(small.user.email)}`);
    expect(byEmail.json().items.map((o: { id: string }) => o.id)).toEqual([small.user.organizationId]);

    const first = await get(`${base}?search=${encodeURIComponent(tag)}&sort=name&limit=1`);
    expect(first.json().items[0].name).toBe(`${tag} Large`);
    expect(first.json().nextCursor).toEqual(expect.any(String));
    const second = await get(
      `${base}?search=${encodeURIComponent(tag)}&sort=name&limit=1&cursor=${first.json().nextCursor}`,
    );
    expect(second.json().items[0].name).toBe(`${tag} Small`);
    expect(second.json().nextCursor).toBeNull();

    for (const sort of [
      'planType',
      'status',
      'storageUsed',
      '-lastActivity',
      'apiCallsMonth',
      '-createdAt',
    ]) {
      const sorted = await get(`${base}?sort=${sort}`);
      expect(sorted.statusCode, `${sort}: ${sorted.body}`).toBe(200);
    }

    await t.db
      .update(organizations)
      .set({ planType: 'enterprise' })
      .where(eq(organizations.id, small.user.organizationId));
    const enterprise = await get(`${base}?search=${encodeURIComponent(tag)}&planType=enterprise`);
    expect(enterprise.json().items.map((o: { id: string }) => o.id)).toEqual([small.user.organizationId]);
  });

  it('refuses an unknown sort, status or plan type with 400', async () => {
    const badSort = await get(`${base}?sort=password`);
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().errors[0].path).toBe('sort');
    const badStatus = await get(`${base}?status=gone`);
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().errors).toEqual([{ path: 'status', message: 'Invalid status' }]);
    const badPlan = await get(`${base}?planType=gold`);
    expect(badPlan.json().errors).toEqual([{ path: 'planType', message: 'Invalid plan type' }]);
  });
});

describe('GET /api/super-admin/organizations/:id', () => {
  it('answers the organization with its users and usage; 404 for an unknown or malformed id', async () => {
    const owner = await newOrganization(t.app, t.db);
    const member = await signedInMember(t.app, owner, { firstName: 'Bea', lastName: 'Member' });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/files?name=deed.pdf',
      headers: { 'content-type': 'application/octet-stream', cookie: owner.cookie },
      payload: Buffer.alloc(1234, 1),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    // The upload added its bytes at once.
    expect((await orgOf(owner.user.organizationId)).storageUsed).toBe(1234);

    const res = await get(`${base}/${owner.user.organizationId}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    expect(detail).toMatchObject({
      id: owner.user.organizationId,
      name: 'Acme Recovery',
      totalUsers: 2,
      storageUsed: 1234,
      usage: { totalUsers: 2, activeUsers: 2, maxUsers: 50, storageUsed: 1234, apiCallsMonth: 0 },
      analytics: [],
    });
    expect(detail.users.map((u: { id: string }) => u.id)).toEqual([owner.user.id, member.id]);
    expect(detail.users[0]).toMatchObject({ isOwner: true, role: 'admin', status: 'active' });
    expect(detail.users[0]).not.toHaveProperty('password');

    expect((await get(`${base}/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
    const malformed = await get(`${base}/not-a-uuid`);
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json().message).toBe('Organization not found');
  });
});

describe('PATCH /api/super-admin/organizations/:id', () => {
  it('changes plan, seats, contract, billing e-mail and name, audit-logged in the organization', async () => {
    const owner = await newOrganization(t.app, t.db);
    const id = owner.user.organizationId;
    const res = await call(t.app, 'PATCH', `${base}/${id}`, root.cookie, {
      planType: 'professional',
      maxUsers: 25,
      contractStart: '2026-01-01',
      contractEnd: '2026-12-31',
      billingEmail: 'Billing@Acme.example',
      name: 'Acme Recovery Group',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      planType: 'professional',
      maxUsers: 25,
      contractStart: '2026-01-01',
      contractEnd: '2026-12-31',
      billingEmail: 'billing@acme.example',
      name: 'Acme Recovery Group',
    });
    const [entry] = await auditOf('platform.organization_updated', id);
    expect(entry).toMatchObject({ userId: root.user.id, resourceId: id, riskLevel: 'medium' });
    expect(entry.details).toMatchObject({
      organization: 'Acme Recovery Group',
      changes: { planType: { from: 'free', to: 'professional' }, maxUsers: { from: 50, to: 25 } },
    });
    // The organization's admins see it in their own audit log.
    const theirs = await get('/api/system-audit-logs?action=platform.organization_updated', owner.cookie);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().items).toHaveLength(1);
  });

  it('refuses maxUsers below the active users, and bad input, with clear messages and nothing changed', async () => {
    const owner = await newOrganization(t.app, t.db, 10);
    const id = owner.user.organizationId;
    await signedInMember(t.app, owner);
    await signedInMember(t.app, owner);
    const below = await call(t.app, 'PATCH', `${base}/${id}`, root.cookie, {
      maxUsers: 2,
      planType: 'starter',
    });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toEqual({
      message: 'Validation failed',
      errors: [{ path: 'maxUsers', message: maxUsersBelowActiveMessage(3) }],
    });
    expect(maxUsersBelowActiveMessage(3)).toBe(
      'Max users cannot be below the 3 active users of this organization; deactivate users first',
    );
    expect(await orgOf(id)).toMatchObject({ maxUsers: 10, planType: 'free' });
    // Exactly the active users is fine.
    expect((await call(t.app, 'PATCH', `${base}/${id}`, root.cookie, { maxUsers: 3 })).statusCode).toBe(200);

    const cases: [Record<string, unknown>, string, string][] = [
      [{ planType: 'gold' }, 'planType', 'Invalid plan type'],
      [{ maxUsers: 0 }, 'maxUsers', 'Max users must be at least 1'],
      [{ maxUsers: 'many' }, 'maxUsers', 'Max users must be a number'],
      [{ billingEmail: 'nope' }, 'billingEmail', 'Please enter a valid email address'],
      [{ contractStart: 'soon' }, 'contractStart', 'Contract start must be a valid date'],
      [
        { contractStart: '2026-05-01', contractEnd: '2026-04-01' },
        'contractEnd',
        contractEndBeforeStartMessage,
      ],
      [{ name: 'x' }, 'name', 'Organization name must be at least 2 characters'],
      [{ name: 'x'.repeat(300) }, 'name', 'Organization name must be at most 255 characters'],
    ];
    for (const [body, path, message] of cases) {
      const res = await call(t.app, 'PATCH', `${base}/${id}`, root.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors, JSON.stringify(body)).toContainEqual({ path, message });
    }
    // Against the stored start date too.
    await call(t.app, 'PATCH', `${base}/${id}`, root.cookie, { contractStart: '2026-05-01' });
    const endBefore = await call(t.app, 'PATCH', `${base}/${id}`, root.cookie, { contractEnd: '2026-01-01' });
    expect(endBefore.json().errors).toEqual([
      { path: 'contractEnd', message: contractEndBeforeStartMessage },
    ]);
    const empty = await call(t.app, 'PATCH', `${base}/${id}`, root.cookie, {});
    expect(empty.statusCode).toBe(400);
    expect((await call(t.app, 'PATCH', `${base}/not-a-uuid`, root.cookie, { maxUsers: 5 })).statusCode).toBe(
      404,
    );
  });
});

describe('suspend and reactivate', () => {
  it('ends the members’ sessions, answers "This organization is suspended" at sign-in, keeps data, and reactivates', async () => {
    const owner = await newOrganization(t.app, t.db);
    const id = owner.user.organizationId;
    const member = await signedInMember(t.app, owner);
    const lead = await call(t.app, 'POST', '/api/leads', owner.cookie, { fullName: 'Kept Lead' });
    expect(lead.statusCode, lead.body).toBe(201);

    // No body at all, as a script's bare POST sends it.
    const res = await call(t.app, 'POST', `${base}/${id}/suspend`, root.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('suspended');
    expect((await get('/api/user', owner.cookie)).statusCode).toBe(401);
    expect((await get('/api/user', member.cookie)).statusCode).toBe(401);
    const left = await t.db.select().from(sessions).where(eq(sessions.userId, member.id));
    expect(left).toEqual([]);

    const refused = await call(t.app, 'POST', '/api/auth/login', undefined, {
      email: owner.user.email,
      password: owner.password,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(organizationSuspendedMessage);
    // A wrong password learns nothing about the organization.
    const wrong = await call(t.app, 'POST', '/api/auth/login', undefined, {
      email: owner.user.email,
      password: 'not the password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(invalidCredentialsMessage);

    const [entry] = await auditOf('platform.organization_suspended', id);
    expect(entry.details).toMatchObject({ organization: 'Acme Recovery', sessionsEnded: 2 });
    expect(entry.riskLevel).toBe('high');
    const again = await call(t.app, 'POST', `${base}/${id}/suspend`, root.cookie, {});
    expect(again.statusCode).toBe(409);

    const back = await call(t.app, 'POST', `${base}/${id}/reactivate`, root.cookie, {});
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().status).toBe('active');
    const signedIn = await signIn(t.app, owner.user.email, owner.password);
    const leads = await get('/api/leads', signedIn.cookie);
    expect(leads.json().items.map((l: { fullName: string }) => l.fullName)).toEqual(['Kept Lead']);
    expect(await auditOf('platform.organization_reactivated', id)).toHaveLength(1);
    expect((await call(t.app, 'POST', `${base}/${id}/reactivate`, root.cookie, {})).statusCode).toBe(409);
  });

  it('suspends and reactivates through PATCH {status} too, with the same rules', async () => {
    const owner = await newOrganization(t.app, t.db);
    const id = owner.user.organizationId;
    const res = await call(t.app, 'PATCH', `${base}/${id}`, root.cookie, {
      status: 'suspended',
      planType: 'starter',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'suspended', planType: 'starter' });
    expect((await get('/api/user', owner.cookie)).statusCode).toBe(401);
    expect(await auditOf('platform.organization_suspended', id)).toHaveLength(1);
    const back = await call(t.app, 'PATCH', `${base}/${id}`, root.cookie, { status: 'active' });
    expect(back.json().status).toBe('active');
    expect(await auditOf('platform.organization_reactivated', id)).toHaveLength(1);
    const bad = await call(t.app, 'PATCH', `${base}/${id}`, root.cookie, { status: 'frozen' });
    expect(bad.json().errors).toEqual([{ path: 'status', message: 'Invalid status' }]);
    const own = await call(t.app, 'PATCH', `${base}/${root.user.organizationId}`, root.cookie, {
      status: 'suspended',
      planType: 'enterprise',
    });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(lastSuperAdminOrganizationMessage);
    // Nothing half-applied.
    expect(await orgOf(root.user.organizationId)).toMatchObject({ status: 'active', planType: 'free' });
  });

  it('refuses to suspend the organization holding every super admin, and the caller’s own', async () => {
    const own = await call(t.app, 'POST', `${base}/${root.user.organizationId}/suspend`, root.cookie, {});
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(lastSuperAdminOrganizationMessage);

    // Another organization whose only super admin is flagged: the last one outside root's.
    const other = await newOrganization(t.app, t.db);
    await t.db.update(users).set({ isSuperAdmin: true }).where(eq(users.id, other.user.id));
    // Now root's organization is not the last one, but it is still the caller's own.
    const stillOwn = await call(
      t.app,
      'POST',
      `${base}/${root.user.organizationId}/suspend`,
      root.cookie,
      {},
    );
    expect(stillOwn.json().message).toBe(ownOrganizationSuspendMessage);
    // The other super admin may suspend root's organization (root's sessions end).
    const byOther = await call(
      t.app,
      'POST',
      `${base}/${root.user.organizationId}/suspend`,
      other.cookie,
      {},
    );
    expect(byOther.statusCode, byOther.body).toBe(200);
    // …and then cannot suspend their own, which now holds every active super admin.
    const last = await call(t.app, 'POST', `${base}/${other.user.organizationId}/suspend`, other.cookie, {});
    expect(last.json().message).toBe(lastSuperAdminOrganizationMessage);
    expect(
      (await call(t.app, 'POST', `${base}/${root.user.organizationId}/reactivate`, other.cookie, {}))
        .statusCode,
    ).toBe(200);
    await t.db.update(users).set({ isSuperAdmin: false }).where(eq(users.id, other.user.id));
    root = await signIn(t.app, rootEmail, root.password);
    expect((await get(base)).statusCode).toBe(200);
  });
});

describe('DELETE /api/super-admin/organizations/:id', () => {
  it('needs the typed name, deletes everything it owns and records it in the platform log', async () => {
    const owner = await newOrganization(t.app, t.db);
    const id = owner.user.organizationId;
    const member = await signedInMember(t.app, owner);
    await call(t.app, 'POST', '/api/leads', owner.cookie, { fullName: 'Gone Lead' });

    const bare = await call(t.app, 'DELETE', `${base}/${id}`, root.cookie);
    expect(bare.statusCode, bare.body).toBe(400);
    const missing = await call(t.app, 'DELETE', `${base}/${id}`, root.cookie, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ path: 'confirm', message: deleteConfirmationMessage }]);
    const wrong = await call(t.app, 'DELETE', `${base}/${id}`, root.cookie, { confirm: 'Acme' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ path: 'confirm', message: deleteConfirmationMessage }]);
    expect(await orgOf(id)).toBeDefined();

    const res = await call(t.app, 'DELETE', `${base}/${id}`, root.cookie, { confirm: 'Acme Recovery' });
    expect(res.statusCode, res.body).toBe(204);
    expect(await orgOf(id)).toBeUndefined();
    expect(await t.db.select().from(users).where(eq(users.id, member.id))).toEqual([]);
    expect((await get('/api/user', owner.cookie)).statusCode).toBe(401);
    const [entry] = (await auditOf('platform.organization_deleted', null)).filter((e) => e.resourceId === id);
    expect(entry).toMatchObject({ userId: root.user.id, riskLevel: 'high' });
    expect(entry.details).toMatchObject({ organization: 'Acme Recovery', organizationId: id, users: 2 });
    expect((await get(`${base}/${id}`)).statusCode).toBe(404);
    expect(
      (await call(t.app, 'DELETE', `${base}/${id}`, root.cookie, { confirm: 'Acme Recovery' })).statusCode,
    ).toBe(404);
  });

  it("refuses the super admin's own organization", async () => {
    const res = await call(t.app, 'DELETE', `${base}/${root.user.organizationId}`, root.cookie, {
      confirm: 'Locus Platform HQ',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ownOrganizationDeleteMessage);
    expect(await orgOf(root.user.organizationId)).toBeDefined();
  });
});

describe('npm run create-super-admin (createSuperAdmin)', () => {
  it('creates a super admin in a new "Locus Platform" organization who can reach /api/super-admin at once', async () => {
    const email = `first-admin-${Date.now()}@example.com`;
    const created = await createSuperAdmin(t.db, { email: email.toUpperCase(), password: 'platform-pass' });
    expect(created).toMatchObject({
      email,
      created: true,
      organizationName: 'Locus Platform',
      generatedPassword: null,
    });
    const session = await signIn(t.app, email, 'platform-pass');
    expect(session.user).toMatchObject({
      isSuperAdmin: true,
      role: 'admin',
      firstName: 'Super',
      lastName: 'Admin',
    });
    expect((await get(base, session.cookie)).statusCode).toBe(200);
    expect((await orgOf(created.organizationId)).totalUsers).toBe(1);
    const [entry] = (await auditOf('platform.super_admin_created', null)).filter(
      (e) => e.resourceId === created.userId,
    );
    expect(entry.details).toEqual({ email, created: true });

    // Again: nothing changes.
    const again = await createSuperAdmin(t.db, { email });
    expect(again).toMatchObject({ created: false, alreadySuperAdmin: true, userId: created.userId });
  });

  it('flags an existing account (password kept), or prints a generated password that must be changed', async () => {
    const owner = await newOrganization(t.app, t.db);
    expect((await get(base, owner.cookie)).statusCode).toBe(403);
    const flagged = await createSuperAdmin(t.db, { email: owner.user.email, password: 'ignored-pass' });
    expect(flagged).toMatchObject({
      created: false,
      alreadySuperAdmin: false,
      organizationId: owner.user.organizationId,
    });
    const session = await signIn(t.app, owner.user.email, owner.password);
    expect((await get(base, session.cookie)).statusCode).toBe(200);

    const generated = await createSuperAdmin(t.db, {
      email: `gen-${Date.now()}@example.com`,
      firstName: 'Grace',
      lastName: 'Ops',
      organization: 'Ops Team',
    });
    expect(generated.generatedPassword).toMatch(/^[\w-]{16}$/);
    expect(generated.organizationName).toBe('Ops Team');
    const [user] = await t.db.select().from(users).where(eq(users.id, generated.userId));
    expect(user).toMatchObject({ isSuperAdmin: true, mustChangePassword: true, firstName: 'Grace' });
    await signIn(t.app, generated.email, generated.generatedPassword as string);
  });

  it('reads the script arguments and reports every problem', () => {
    expect(parseCreateSuperAdminArgs(['--email', 'a@b.co', '--first-name', 'Ann'])).toMatchObject({
      ok: true,
      input: { email: 'a@b.co', firstName: 'Ann', lastName: 'Admin', organization: 'Locus Platform' },
    });
    expect(parseCreateSuperAdminArgs([])).toEqual({ ok: false, errors: ['--email is required'] });
    expect(parseCreateSuperAdminArgs(['--email', 'bad', '--password', '123'])).toEqual({
      ok: false,
      errors: ['Please enter a valid email address', 'Password must be at least 6 characters'],
    });
    expect(parseCreateSuperAdminArgs(['--mail', 'x']).ok).toBe(false);
    expect(parseCreateSuperAdminArgs(['--help'])).toEqual({ ok: true, help: true });
  });
});

describe('usage kept current', () => {
  it('stamps lastActivity at most once a minute per organization, and at every sign-in', async () => {
    const owner = await newOrganization(t.app, t.db);
    const id = owner.user.organizationId;
    const past = new Date('2020-01-01T00:00:00Z');
    const setPast = () =>
      t.db.update(organizations).set({ lastActivity: past }).where(eq(organizations.id, id));
    const stamped = async () => (await orgOf(id)).lastActivity?.getTime();

    await setPast();
    const start = Date.now() + 10 * activityStampIntervalMs;
    await noteOrganizationActivity(t.db, id, start);
    expect(await stamped()).toBeGreaterThan(past.getTime());
    await setPast();
    await noteOrganizationActivity(t.db, id, start + activityStampIntervalMs - 1);
    expect(await stamped()).toBe(past.getTime());
    await noteOrganizationActivity(t.db, id, start + activityStampIntervalMs);
    expect(await stamped()).toBeGreaterThan(past.getTime());

    await setPast();
    await signIn(t.app, owner.user.email, owner.password);
    expect(await stamped()).toBeGreaterThan(past.getTime());
  });

  it('the file sweep recounts storageUsed from the files kept', async () => {
    const owner = await newOrganization(t.app, t.db);
    const id = owner.user.organizationId;
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/files?name=notes.txt',
      headers: { 'content-type': 'application/octet-stream', cookie: owner.cookie },
      payload: Buffer.alloc(300, 2),
    });
    expect(uploaded.statusCode).toBe(201);
    await t.db.update(organizations).set({ storageUsed: 999_999 }).where(eq(organizations.id, id));
    // Files younger than the cut-off stay; the count is corrected all the same.
    await sweepOrganizationFiles(t.db, createDiskFileStore(t.filesDir), id, new Date(0));
    expect((await orgOf(id)).storageUsed).toBe(300);
  });
});
