import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportAccessReasonTooShortMessage } from '../../../common/validation/support-access';
import { organizations, users } from '../../db/schema/identity';
import { apiKeys } from '../../db/schema/integrations';
import { sessions, supportAccessSessions, systemAuditLogs } from '../../db/schema/platform';
import { deniedMessage, notSignedInMessage, supportAccessReadOnlyMessage } from '../../plugins/access-guard';
import { registerOrganizationOwner, type SignedIn, sessionCookieOf, uniqueEmail } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { call, newOrganization, signedInMember } from '../users/test-helpers';
import { closeAbandonedSupportAccess } from './close-support-access';
import { noSupportAccessMessage } from './routes';
import {
  supportAccessMinutes,
  supportAccessSelfMessage,
  supportAccessUserInactiveMessage,
  supportAccessUserNotFoundMessage,
} from './start-support-access';

const superAdminEmail = uniqueEmail('root');
let t: TestApp;
let root: SignedIn;
let owner: SignedIn;
let member: SignedIn & { id: string };

beforeAll(async () => {
  // No auth cache: a visit's expiry, changed in the database below, is seen by the next request.
  t = await createTestApp({ superAdminEmails: [superAdminEmail], sessionCacheMs: 0 });
  root = await registerOrganizationOwner(t.app, {
    email: superAdminEmail,
    organizationName: 'Locus Platform',
  });
  owner = await newOrganization(t.app, t.db);
  member = await signedInMember(t.app, owner, { role: 'admin' });
});
afterAll(() => t.close());

/** The super admin signs in afresh (their own session) and opens a visit as `userId`. */
async function startVisit(userId = member.id, organizationId = owner.user.organizationId) {
  const login = await call(t.app, 'POST', '/api/auth/login', undefined, {
    email: superAdminEmail,
    password: root.password,
  });
  const own = sessionCookieOf(login);
  const res = await call(t.app, 'POST', '/api/super-admin/support-access', own, {
    organizationId,
    userId,
    reason: 'Customer cannot find their deals',
  });
  expect(res.statusCode, res.body).toBe(201);
  return { own, visit: sessionCookieOf(res), body: res.json() };
}

const auditOf = (action: string, resourceId: string) =>
  t.db
    .select()
    .from(systemAuditLogs)
    .where(and(eq(systemAuditLogs.action, action), eq(systemAuditLogs.resourceId, resourceId)));

describe('starting support access', () => {
  it('opens the organization as the user: the session is theirs, not a super admin, with the visit on it', async () => {
    const before = Date.now();
    const { visit, body } = await startVisit();
    expect(body.user).toMatchObject({ id: member.id, email: member.user.email });
    expect(body.organization.id).toBe(owner.user.organizationId);
    const expiresAt = new Date(body.expiresAt).getTime();
    expect(expiresAt - before).toBeGreaterThanOrEqual(supportAccessMinutes * 60_000 - 1000);
    expect(expiresAt - before).toBeLessThanOrEqual(supportAccessMinutes * 60_000 + 5000);

    const me = await call(t.app, 'GET', '/api/user', visit);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      id: member.id,
      isSuperAdmin: false,
      supportAccess: { id: body.id, superAdmin: { id: root.user.id, email: superAdminEmail } },
    });
    const current = await call(t.app, 'GET', '/api/support-access/current', visit);
    expect(current.json().supportAccess).toMatchObject({
      id: body.id,
      status: 'active',
      reason: 'Customer cannot find their deals',
      organization: { id: owner.user.organizationId },
      user: { id: member.id, email: member.user.email },
      superAdmin: { id: root.user.id, email: superAdminEmail },
    });
    // The visit is no super admin: the platform's routes are closed to it.
    const platform = await call(t.app, 'GET', '/api/super-admin/support-access', visit);
    expect(platform.statusCode).toBe(403);
    expect(platform.json().message).toBe(deniedMessage);

    const [started] = await auditOf('support_access.started', body.id);
    expect(started).toMatchObject({
      organizationId: owner.user.organizationId,
      userId: root.user.id,
      riskLevel: 'high',
      details: {
        superAdmin: superAdminEmail,
        user: member.user.email,
        reason: 'Customer cannot find their deals',
      },
    });
  });

  it('outside a visit, current answers null and end answers 409', async () => {
    const current = await call(t.app, 'GET', '/api/support-access/current', owner.cookie);
    expect(current.json()).toEqual({ supportAccess: null });
    const end = await call(t.app, 'POST', '/api/support-access/end', owner.cookie);
    expect(end.statusCode).toBe(409);
    expect(end.json().message).toBe(noSupportAccessMessage);
  });

  it('refuses bad input with clear messages, unknown users with 404, and non-super-admins with 403', async () => {
    const short = await call(t.app, 'POST', '/api/super-admin/support-access', root.cookie, {
      organizationId: owner.user.organizationId,
      userId: member.id,
      reason: ' hi ',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      message: 'Validation failed',
      errors: [{ path: 'reason', message: supportAccessReasonTooShortMessage }],
    });
    const badIds = await call(t.app, 'POST', '/api/super-admin/support-access', root.cookie, {
      organizationId: 'nope',
      userId: 'nope',
      reason: 'A good reason',
    });
    expect(badIds.statusCode).toBe(400);
    expect(
      badIds
        .json()
        .errors.map((e: { path: string }) => e.path)
        .toSorted(),
    ).toEqual(['organizationId', 'userId']);
    // A user of another organization is not found in this one.
    const elsewhere = await call(t.app, 'POST', '/api/super-admin/support-access', root.cookie, {
      organizationId: owner.user.organizationId,
      userId: root.user.id,
      reason: 'A good reason',
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe(supportAccessUserNotFoundMessage);
    const self = await call(t.app, 'POST', '/api/super-admin/support-access', root.cookie, {
      organizationId: root.user.organizationId,
      userId: root.user.id,
      reason: 'A good reason',
    });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(supportAccessSelfMessage);
    const inactive = await signedInMember(t.app, owner);
    await t.db.update(users).set({ status: 'inactive' }).where(eq(users.id, inactive.id));
    const off = await call(t.app, 'POST', '/api/super-admin/support-access', root.cookie, {
      organizationId: owner.user.organizationId,
      userId: inactive.id,
      reason: 'A good reason',
    });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe(supportAccessUserInactiveMessage);
    const byOwner = await call(t.app, 'POST', '/api/super-admin/support-access', owner.cookie, {
      organizationId: owner.user.organizationId,
      userId: member.id,
      reason: 'A good reason',
    });
    expect(byOwner.statusCode).toBe(403);
    expect(await t.db.$count(supportAccessSessions, eq(supportAccessSessions.userId, inactive.id))).toBe(0);
  });
});

describe('a visit is read-only', () => {
  it('reads work; every write is refused, keys cannot be created nor the password changed', async () => {
    const { visit } = await startVisit();
    expect((await call(t.app, 'GET', '/api/leads', visit)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/users', visit)).statusCode).toBe(200);
    const keysBefore = await t.db.$count(apiKeys, eq(apiKeys.organizationId, owner.user.organizationId));
    const [memberBefore] = await t.db.select().from(users).where(eq(users.id, member.id));
    const writes: [method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown][] = [
      ['POST', '/api/leads', { fullName: 'Ann Lee' }],
      ['POST', '/api/api-keys', { name: 'Support key', permissions: ['admin'] }],
      [
        'POST',
        '/api/auth/change-password',
        { currentPassword: member.password, newPassword: 'hijacked-pass' },
      ],
      ['PATCH', `/api/users/${member.id}`, { firstName: 'Changed' }],
      ['DELETE', `/api/users/${member.id}`],
      ['POST', '/api/auth/login', { email: owner.user.email, password: owner.password }],
      ['POST', '/api/logout'],
    ];
    for (const [method, url, body] of writes) {
      const res = await call(t.app, method, url, visit, body);
      expect(`${method} ${url} → ${res.statusCode} ${res.json().message}`).toBe(
        `${method} ${url} → 403 ${supportAccessReadOnlyMessage}`,
      );
    }
    expect(await t.db.$count(apiKeys, eq(apiKeys.organizationId, owner.user.organizationId))).toBe(
      keysBefore,
    );
    const [memberAfter] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(memberAfter.password).toBe(memberBefore.password);
    expect(memberAfter.firstName).toBe(memberBefore.firstName);
    // The user's own password still signs them in.
    const login = await call(t.app, 'POST', '/api/auth/login', undefined, {
      email: member.user.email,
      password: member.password,
    });
    expect(login.statusCode).toBe(200);
  });

  it('audit-logs every API request of the visit with both identities', async () => {
    const { visit, body } = await startVisit();
    await call(t.app, 'GET', '/api/leads?search=smith', visit);
    await call(t.app, 'POST', '/api/leads', visit, { fullName: 'Refused' });
    // Each entry is written after its answer has gone out: wait for both to land.
    await expect
      .poll(async () => (await auditOf('support_access.request', body.id)).length)
      .toBeGreaterThanOrEqual(2);
    const rows = await auditOf('support_access.request', body.id);
    const seen = rows.map((r) => r.details as Record<string, unknown>);
    expect(seen).toEqual(
      expect.arrayContaining([
        {
          superAdmin: superAdminEmail,
          user: member.user.email,
          method: 'GET',
          path: '/api/leads?search=smith',
          status: 200,
        },
        {
          superAdmin: superAdminEmail,
          user: member.user.email,
          method: 'POST',
          path: '/api/leads',
          status: 403,
        },
      ]),
    );
    expect(
      rows.every((r) => r.organizationId === owner.user.organizationId && r.userId === root.user.id),
    ).toBe(true);
  });
});

describe('ending a visit', () => {
  it('the super admin ends it and is back in their own session; the visit cookie is dead', async () => {
    const { own, visit, body } = await startVisit();
    const end = await call(t.app, 'POST', '/api/support-access/end', visit);
    expect(end.statusCode, end.body).toBe(200);
    expect(end.json()).toEqual({ ended: true, restored: true });
    const back = sessionCookieOf(end);
    const me = await call(t.app, 'GET', '/api/user', back);
    expect(me.json()).toMatchObject({ id: root.user.id, isSuperAdmin: true, supportAccess: null });
    expect((await call(t.app, 'GET', '/api/super-admin/support-access', back)).statusCode).toBe(200);
    // The visit's cookie no longer opens anything, and the super admin's old token was replaced.
    const dead = await call(t.app, 'GET', '/api/user', visit);
    expect(dead.statusCode).toBe(401);
    expect(dead.json().message).toBe(notSignedInMessage);
    expect((await call(t.app, 'GET', '/api/user', own)).statusCode).toBe(401);

    const [row] = await t.db
      .select()
      .from(supportAccessSessions)
      .where(eq(supportAccessSessions.id, body.id));
    expect(row.endedAt).not.toBeNull();
    const [ended] = await auditOf('support_access.ended', body.id);
    expect(ended.details).toEqual({
      superAdmin: superAdminEmail,
      user: member.user.email,
      ended: 'by_super_admin',
    });
  });

  it('when the super admin signed out meanwhile, ending signs the browser out', async () => {
    const { own, visit } = await startVisit();
    // The super admin's own session is gone (signed out elsewhere): nothing to return to.
    await call(t.app, 'POST', '/api/logout', own);
    const end = await call(t.app, 'POST', '/api/support-access/end', visit);
    expect(end.json()).toEqual({ ended: true, restored: false });
    expect(end.cookies.find((c) => c.name === 'locus_sid')?.value).toBe('');
  });

  it('past its expiry the visit answers 401 and is recorded as ended (expired)', async () => {
    const { visit, body } = await startVisit();
    await t.db
      .update(supportAccessSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(supportAccessSessions.id, body.id));
    const res = await call(t.app, 'GET', '/api/leads', visit);
    expect(res.statusCode).toBe(401);
    const [row] = await t.db
      .select()
      .from(supportAccessSessions)
      .where(eq(supportAccessSessions.id, body.id));
    expect(row.endedAt?.getTime()).toBeLessThanOrEqual(Date.now());
    const [ended] = await auditOf('support_access.ended', body.id);
    expect(ended.details).toMatchObject({ ended: 'expired' });
    expect(await t.db.$count(sessions, sql`${sessions.sess}->>'supportAccessId' = ${body.id}`)).toBe(0);
  });

  it('a super admin who loses the role loses the visit at the next request', async () => {
    const extra = uniqueEmail('helper');
    const other = await newOrganization(t.app, t.db);
    const helper = await signedInMember(t.app, other, { email: extra, role: 'admin' });
    await t.db.update(users).set({ isSuperAdmin: true }).where(eq(users.id, helper.id));
    const res = await call(t.app, 'POST', '/api/super-admin/support-access', helper.cookie, {
      organizationId: owner.user.organizationId,
      userId: member.id,
      reason: 'Looking into an import',
    });
    expect(res.statusCode, res.body).toBe(201);
    const visit = sessionCookieOf(res);
    await t.db.update(users).set({ isSuperAdmin: false }).where(eq(users.id, helper.id));
    expect((await call(t.app, 'GET', '/api/leads', visit)).statusCode).toBe(401);
    const [ended] = await auditOf('support_access.ended', res.json().id);
    expect(ended.details).toMatchObject({ ended: 'signed_out' });
  });

  it('the sweep ends visits nobody ended: signed out, or expired with no request', async () => {
    const signedOut = await startVisit();
    const loggedOut = await call(t.app, 'GET', '/api/logout', signedOut.visit);
    expect(loggedOut.statusCode).toBe(302);
    const idle = await startVisit();
    await t.db
      .update(supportAccessSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(supportAccessSessions.id, idle.body.id));
    expect(await closeAbandonedSupportAccess(t.db)).toBeGreaterThanOrEqual(2);
    expect((await auditOf('support_access.ended', signedOut.body.id))[0].details).toMatchObject({
      ended: 'signed_out',
    });
    expect((await auditOf('support_access.ended', idle.body.id))[0].details).toMatchObject({
      ended: 'expired',
    });
    expect((await call(t.app, 'GET', '/api/user', idle.visit)).statusCode).toBe(401);
    // Nothing is left to end: the sweep is idempotent.
    expect(await closeAbandonedSupportAccess(t.db)).toBe(0);
  });
});

describe('history and the user picker', () => {
  it('lists visits newest first with both names, filters, search and keyset pages', async () => {
    const res = await call(t.app, 'GET', '/api/super-admin/support-access', root.cookie);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.total).toBeGreaterThanOrEqual(5);
    expect(page.items[0]).toMatchObject({
      organization: { id: owner.user.organizationId },
      user: { id: member.id, email: member.user.email },
      superAdmin: { email: expect.any(String) },
      status: expect.stringMatching(/^(active|ended)$/),
    });
    const started = page.items.map((i: { startedAt: string }) => i.startedAt);
    expect(started).toEqual(started.toSorted().toReversed());

    const first = (await call(t.app, 'GET', '/api/super-admin/support-access?limit=2', root.cookie)).json();
    expect(first.items).toHaveLength(2);
    const second = (
      await call(
        t.app,
        'GET',
        `/api/super-admin/support-access?limit=2&cursor=${first.nextCursor}`,
        root.cookie,
      )
    ).json();
    expect(second.items[0].id).not.toBe(first.items[1].id);
    expect(page.items.map((i: { id: string }) => i.id).slice(0, 4)).toEqual(
      [...first.items, ...second.items].map((i: { id: string }) => i.id),
    );

    const searched = (
      await call(t.app, 'GET', '/api/super-admin/support-access?search=import', root.cookie)
    ).json();
    expect(searched.items.map((i: { reason: string }) => i.reason)).toEqual(['Looking into an import']);
    const ended = (
      await call(t.app, 'GET', '/api/super-admin/support-access?status=ended', root.cookie)
    ).json();
    expect(ended.items.every((i: { status: string }) => i.status === 'ended')).toBe(true);
    const bad = await call(t.app, 'GET', '/api/super-admin/support-access?status=gone', root.cookie);
    expect(bad.statusCode).toBe(400);
  });

  it('the picker finds active users of active organizations by name, e-mail or organization', async () => {
    const [org] = await t.db
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, owner.user.organizationId));
    const res = await call(
      t.app,
      'GET',
      `/api/super-admin/support-access/users?search=${encodeURIComponent(member.user.email)}`,
      root.cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      {
        id: member.id,
        email: member.user.email,
        name: expect.any(String),
        role: 'admin',
        organization: { id: owner.user.organizationId, name: org.name },
      },
    ]);
    const byOrg = (
      await call(
        t.app,
        'GET',
        `/api/super-admin/support-access/users?organizationId=${owner.user.organizationId}`,
        root.cookie,
      )
    ).json();
    // The owner and the admin member; the deactivated member is left out.
    expect(byOrg.items.map((u: { id: string }) => u.id).toSorted()).toEqual(
      [owner.user.id, member.id].toSorted(),
    );
    // The super admin is never offered to themselves.
    const self = (
      await call(t.app, 'GET', `/api/super-admin/support-access/users?search=${superAdminEmail}`, root.cookie)
    ).json();
    expect(self.items).toEqual([]);
  });
});
