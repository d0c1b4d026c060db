import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, users } from '../../db/schema/identity';
import { pipelines, stages } from '../../db/schema/lists';
import { sessions, systemConfig } from '../../db/schema/platform';
import { createTestApp, type TestApp } from '../../test/test-app';
import { registerOrganizationOwner, sessionCookieOf, signIn, uniqueEmail } from '../../test/sessions';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('registration', () => {
  it('creates the organization and its owner, signs them in and answers the current user', async () => {
    const email = uniqueEmail('Founder');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        organizationName: 'Sunrise Surplus Recovery',
        industrySector: 'Surplus Funds Locator',
        firstName: 'Grace',
        lastName: 'Hopper',
        email,
        password: 'secret1',
      },
    });
    expect(res.statusCode).toBe(201);
    const cookie = res.cookies.find((c) => c.name === 'locus_sid');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.value.length).toBeGreaterThanOrEqual(43);
    const user = res.json();
    expect(user).toMatchObject({
      email: email.toLowerCase(),
      firstName: 'Grace',
      lastName: 'Hopper',
      role: 'admin',
      isOwner: true,
      isSuperAdmin: false,
      mustChangePassword: false,
      organizationIndustry: 'Surplus Funds Locator',
      industrySector: 'Surplus Funds Locator',
      colorScheme: 'locus',
      showReleaseNotifications: true,
      lastSeenReleaseVersion: null,
    });
    expect(user.password).toBeUndefined();
    expect(user.permissions.settings).toEqual({ view: true, update: true, manage: true });

    const [organization] = await t.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, user.organizationId));
    expect(organization).toMatchObject({
      name: 'Sunrise Surplus Recovery',
      planType: 'free',
      maxUsers: 5,
      subdomain: 'sunrise-surplus-recovery',
    });
    const [pipeline] = await t.db
      .select()
      .from(pipelines)
      .where(eq(pipelines.organizationId, organization.id));
    const stageNames = await t.db
      .select({ name: stages.name })
      .from(stages)
      .where(eq(stages.pipelineId, pipeline.id))
      .orderBy(stages.orderIndex);
    expect(stageNames.map((s) => s.name)).toEqual(['Research', 'Contact', 'Documents', 'Signed', 'Paid']);

    const me = await get('/api/user', sessionCookieOf(res));
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
  });

  it('defaults the sector and derives a unique subdomain when the name repeats', async () => {
    const a = await registerOrganizationOwner(t.app, { organizationName: 'Twin Holdings' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        organizationName: 'Twin Holdings',
        firstName: 'Bo',
        lastName: 'Second',
        email: uniqueEmail(),
        password: 'secret1',
      },
    });
    expect(res.statusCode).toBe(201);
    const subdomains = await t.db
      .select({ subdomain: organizations.subdomain, sector: organizations.industrySector })
      .from(organizations)
      .where(eq(organizations.name, 'Twin Holdings'));
    expect(subdomains.map((s) => s.subdomain).toSorted()).toEqual(['twin-holdings', 'twin-holdings-2']);
    expect(subdomains.every((s) => s.sector === 'Surplus Funds Locator')).toBe(true);
    expect(a.user.organizationId).not.toBe(res.json().organizationId);
  });

  it('rejects invalid input with the spec messages', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { organizationName: 'A', firstName: 'B', lastName: 'C', email: 'nope', password: '123' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'firstName', message: 'First name must be at least 2 characters' },
        { path: 'lastName', message: 'Last name must be at least 2 characters' },
        { path: 'email', message: 'Please enter a valid email address' },
        { path: 'password', message: 'Password must be at least 6 characters' },
      ]),
    );
  });

  it('refuses a second account with the same e-mail (409)', async () => {
    const owner = await registerOrganizationOwner(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        organizationName: 'Other Org',
        firstName: 'Al',
        lastName: 'Dup',
        email: owner.user.email.toUpperCase(),
        password: 'secret1',
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('An account with this email already exists');
  });

  it('honours system_config: closed registrations answer 403 and so does the organization limit', async () => {
    await t.db.delete(systemConfig);
    await t.db.insert(systemConfig).values({ allowRegistrations: false });
    const closed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        organizationName: 'Closed Co',
        firstName: 'Cy',
        lastName: 'Closed',
        email: uniqueEmail(),
        password: 'secret1',
      },
    });
    expect(closed.statusCode).toBe(403);
    expect(closed.json().message).toBe('Registrations are currently closed');

    const [{ n }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(organizations);
    await t.db.update(systemConfig).set({ allowRegistrations: true, maxOrganizations: n });
    const full = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        organizationName: 'Full Co',
        firstName: 'Fu',
        lastName: 'Full',
        email: uniqueEmail(),
        password: 'secret1',
      },
    });
    expect(full.statusCode).toBe(403);
    expect(full.json().message).toBe('The platform has reached its maximum number of organizations');
    await t.db.update(systemConfig).set({ maxOrganizations: 1000 });
  });
});

describe('sign-in, sessions and sign-out', () => {
  it('signs in with a new session id each time and answers the same user object', async () => {
    const owner = await registerOrganizationOwner(t.app);
    const first = await signIn(t.app, owner.user.email, owner.password);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie: first.cookie },
      payload: { email: owner.user.email.toUpperCase(), password: owner.password },
    });
    expect(second.statusCode).toBe(200);
    expect(sessionCookieOf(second)).not.toBe(first.cookie);
    // The session presented at sign-in is rotated away.
    expect((await get('/api/user', first.cookie)).statusCode).toBe(401);
    expect((await get('/api/user', sessionCookieOf(second))).json().email).toBe(owner.user.email);
  });

  it('answers the same 401 message for an unknown e-mail and a wrong password', async () => {
    const owner = await registerOrganizationOwner(t.app);
    for (const payload of [
      { email: owner.user.email, password: 'wrong-password' },
      { email: uniqueEmail('ghost'), password: 'whatever1' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid email or password' });
    }
  });

  it('GET /api/session answers the user when signed in and null (200, not 401) when not', async () => {
    const owner = await registerOrganizationOwner(t.app);
    const signedIn = await get('/api/session', owner.cookie);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toEqual((await get('/api/user', owner.cookie)).json());
    for (const cookie of [undefined, 'locus_sid=not-a-session']) {
      const visitor = await get('/api/session', cookie);
      expect(visitor.statusCode).toBe(200);
      expect(visitor.json()).toEqual({ user: null });
    }
  });

  it('stores only a hash of the session id', async () => {
    const owner = await registerOrganizationOwner(t.app);
    const token = owner.cookie.split('=')[1];
    const rows = await t.db
      .select({ sid: sessions.sid })
      .from(sessions)
      .where(eq(sessions.userId, owner.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].sid).not.toBe(token);
  });

  it('GET /api/logout ends the session and redirects to /', async () => {
    const owner = await registerOrganizationOwner(t.app);
    const res = await get('/api/logout', owner.cookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    expect((await get('/api/user', owner.cookie)).statusCode).toBe(401);
  });

  it('GET /api/login redirects to /auth and /api/user is 401 when signed out', async () => {
    const res = await get('/api/login');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth');
    expect((await get('/api/user')).statusCode).toBe(401);
  });

  it('expired sessions are refused and purged', async () => {
    const owner = await registerOrganizationOwner(t.app);
    await t.db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, owner.user.id));
    expect((await get('/api/user', owner.cookie)).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, owner.user.id))).toHaveLength(0);
  });

  it('a deactivated user loses access at once', async () => {
    const owner = await registerOrganizationOwner(t.app);
    await t.db.update(users).set({ status: 'inactive' }).where(eq(users.id, owner.user.id));
    expect((await get('/api/user', owner.cookie)).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.user.email, password: owner.password },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('change password', () => {
  it('ends the other sessions, keeps this one, and clears the forced-change flag', async () => {
    const owner = await registerOrganizationOwner(t.app);
    const other = await signIn(t.app, owner.user.email, owner.password);
    await t.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, owner.user.id));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: owner.cookie },
      payload: { currentPassword: owner.password, newPassword: 'brand-new-pass' },
    });
    expect(res.statusCode).toBe(200);
    expect((await get('/api/user', other.cookie)).statusCode).toBe(401);
    const me = await get('/api/user', owner.cookie);
    expect(me.json().mustChangePassword).toBe(false);
    await signIn(t.app, owner.user.email, 'brand-new-pass');
  });

  it('rejects a wrong current password and a short new one with field messages', async () => {
    const owner = await registerOrganizationOwner(t.app);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: owner.cookie },
      payload: { currentPassword: 'not-it', newPassword: 'brand-new-pass' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([
      { path: 'currentPassword', message: 'Current password is incorrect' },
    ]);
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: owner.cookie },
      payload: { currentPassword: owner.password, newPassword: '123' },
    });
    expect(short.json().errors).toEqual([
      { path: 'newPassword', message: 'Password must be at least 6 characters' },
    ]);
  });
});

describe('security', () => {
  it('rate-limits repeated failed sign-ins for one e-mail with 429 and Retry-After', async () => {
    const owner = await registerOrganizationOwner(t.app);
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: owner.user.email, password: 'wrong-one' },
      });
    for (let i = 0; i < 5; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password waits until the window passes.
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.user.email, password: owner.password },
    });
    expect(right.statusCode).toBe(429);
  });

  it('refuses cookie-authenticated writes from another site (403)', async () => {
    const owner = await registerOrganizationOwner(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: owner.cookie, origin: 'https://evil.example', host: 'localhost:3000' },
      payload: { currentPassword: owner.password, newPassword: 'hijacked1' },
    });
    expect(res.statusCode).toBe(403);
    const sameSite = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: owner.cookie, origin: 'http://localhost:3000', host: 'localhost:3000' },
      payload: { currentPassword: 'wrong', newPassword: 'whatever1' },
    });
    expect(sameSite.statusCode).toBe(400);
  });
});
