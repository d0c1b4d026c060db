import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, users } from '../../db/schema/identity';
import { sessions, systemConfig } from '../../db/schema/platform';
import { registerOrganizationOwner, type SignedIn, signIn, uniqueEmail } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  activateUser,
  addUser,
  call as callApp,
  chosenPassword,
  newOrganization,
  signedInMember,
  temporaryPassword,
} from './test-helpers';
import {
  lastAdminMessage,
  managePermissionsMessage,
  ownAccessMessage,
  ownerProtectedMessage,
  selfDeactivateMessage,
  selfDeleteMessage,
} from './user-rules';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (...args: Parameters<typeof callApp> extends [unknown, ...infer R] ? R : never) =>
  callApp(t.app, ...args);

const validUser = () => ({
  email: uniqueEmail('New.Person'),
  firstName: 'Nora',
  lastName: 'Newton',
  role: 'user',
  status: 'active',
  password: 'temp-123',
});

async function storedUser(id: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row;
}

async function totalUsersOf(orgId: string) {
  const [row] = await t.db
    .select({ n: organizations.totalUsers })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return row.n;
}

describe('POST /api/users', () => {
  it('creates a user with a temporary password, lowercased e-mail and no password in the answer', async () => {
    const owner = await registerOrganizationOwner(t.app);
    const body = {
      ...validUser(),
      email: '  Mixed.Case@Example.COM  '.replace('Mixed', uniqueEmail('m').split('@')[0]),
    };
    const res = await call('POST', '/api/users', owner.cookie, body);
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(Object.keys(user).toSorted()).toEqual(
      [
        'id',
        'email',
        'firstName',
        'lastName',
        'role',
        'status',
        'teamId',
        'permissions',
        'isOwner',
        'mustChangePassword',
        'invitationPending',
        'phoneNumber',
        'createdAt',
        'updatedAt',
      ].toSorted(),
    );
    expect(user).toMatchObject({
      email: body.email.trim().toLowerCase(),
      firstName: 'Nora',
      lastName: 'Newton',
      role: 'user',
      status: 'active',
      teamId: null,
      permissions: null,
      isOwner: false,
      mustChangePassword: true,
    });
    const row = await storedUser(user.id);
    expect(row.organizationId).toBe(owner.user.organizationId);
    expect(row.password).toMatch(/^\$argon2id\$/);
    expect(await totalUsersOf(owner.user.organizationId)).toBe(2);
    // The temporary password signs in.
    await signIn(t.app, user.email, 'temp-123');
  });

  it('defaults role to user and status to active', async () => {
    const owner = await registerOrganizationOwner(t.app);
    const { role: _r, status: _s, ...body } = validUser();
    const res = await call('POST', '/api/users', owner.cookie, body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ role: 'user', status: 'active' });
  });

  it('answers every validation message of the spec', async () => {
    const owner = await registerOrganizationOwner(t.app);
    const res = await call('POST', '/api/users', owner.cookie, {
      email: 'not-an-email',
      firstName: 'A',
      lastName: 'B',
      role: 'boss',
      status: 'sleeping',
      password: '12345',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Validation failed',
      errors: expect.arrayContaining([
        { path: 'email', message: 'Please enter a valid email address' },
        { path: 'firstName', message: 'First name must be at least 2 characters' },
        { path: 'lastName', message: 'Last name must be at least 2 characters' },
        { path: 'role', message: 'Invalid role' },
        { path: 'status', message: 'Invalid status' },
        { path: 'password', message: 'Password must be at least 6 characters' },
      ]),
    });
    expect(res.json().errors).toHaveLength(6);

    const missing = await call('POST', '/api/users', owner.cookie, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'Please enter a valid email address' },
        { path: 'firstName', message: 'First name must be at least 2 characters' },
        { path: 'lastName', message: 'Last name must be at least 2 characters' },
        { path: 'password', message: 'Password must be at least 6 characters' },
      ]),
    );
  });

  it('refuses a taken e-mail, whatever its case (409)', async () => {
    const owner = await registerOrganizationOwner(t.app);
    const other = await registerOrganizationOwner(t.app);
    for (const email of [owner.user.email.toUpperCase(), other.user.email]) {
      const res = await call('POST', '/api/users', owner.cookie, { ...validUser(), email });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'An account with this email already exists' });
    }
  });

  it("assigns a team of the organization and refuses another organization's team (404)", async () => {
    const owner = await registerOrganizationOwner(t.app);
    const stranger = await registerOrganizationOwner(t.app);
    const team = (
      await call('POST', '/api/teams', owner.cookie, { name: 'Closers', status: 'active' })
    ).json();
    const foreignTeam = (
      await call('POST', '/api/teams', stranger.cookie, { name: 'Theirs', status: 'active' })
    ).json();

    const ok = await call('POST', '/api/users', owner.cookie, { ...validUser(), teamId: team.id });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().teamId).toBe(team.id);

    const foreign = await call('POST', '/api/users', owner.cookie, {
      ...validUser(),
      teamId: foreignTeam.id,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Team not found' });
    const invalid = await call('POST', '/api/users', owner.cookie, { ...validUser(), teamId: 'nope' });
    expect(invalid.json().errors).toEqual([{ path: 'teamId', message: 'Invalid team ID' }]);
  });

  it('stores permission overrides (known categories and actions only) and resolves them at sign-in', async () => {
    const owner = await newOrganization(t.app, t.db);
    const res = await call('POST', '/api/users', owner.cookie, {
      ...validUser(),
      permissions: { leads: { delete: true, fly: true }, teleport: { now: true }, users: { read: true } },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().permissions).toEqual({ leads: { delete: true }, users: { read: true } });
    const member = await activateUser(t.app, res.json().email, 'temp-123');
    const me = (await call('GET', '/api/user', member.cookie)).json();
    expect(me.permissions.leads.delete).toBe(true);
    expect(me.permissions.users).toMatchObject({ read: true, create: false });
  });

  it('setting permissions or the admin role needs users:manage_permissions (403)', async () => {
    const owner = await newOrganization(t.app, t.db);
    const recruiter = await signedInMember(t.app, owner, {
      role: 'manager',
      permissions: { users: { create: true, update: true } },
    });
    const withPermissions = await call('POST', '/api/users', recruiter.cookie, {
      ...validUser(),
      permissions: { leads: { delete: true } },
    });
    expect(withPermissions.statusCode).toBe(403);
    expect(withPermissions.json().message).toBe(managePermissionsMessage);
    const asAdmin = await call('POST', '/api/users', recruiter.cookie, { ...validUser(), role: 'admin' });
    expect(asAdmin.statusCode).toBe(403);
    const plain = await call('POST', '/api/users', recruiter.cookie, validUser());
    expect(plain.statusCode).toBe(201);
    const patch = await call('PATCH', `/api/users/${plain.json().id}`, recruiter.cookie, {
      permissions: { users: { delete: true } },
    });
    expect(patch.statusCode).toBe(403);
    expect((await storedUser(plain.json().id)).permissions).toBeNull();
  });
});

describe('the plan limit (maxUsers, system maxUsersPerOrg)', () => {
  it('refuses an active user beyond the plan, allows inactive ones, refuses their activation', async () => {
    const owner = await registerOrganizationOwner(t.app); // free plan: 5 users
    for (let i = 0; i < 4; i++) await addUser(t.app, owner);
    const over = await call('POST', '/api/users', owner.cookie, validUser());
    expect(over.statusCode).toBe(403);
    expect(over.json().message).toBe(
      'Your plan allows at most 5 active users. Deactivate a user or upgrade your plan.',
    );

    const dormant = await call('POST', '/api/users', owner.cookie, { ...validUser(), status: 'inactive' });
    expect(dormant.statusCode).toBe(201);
    const wake = await call('PATCH', `/api/users/${dormant.json().id}`, owner.cookie, { status: 'active' });
    expect(wake.statusCode).toBe(403);
    expect((await storedUser(dormant.json().id)).status).toBe('inactive');
    expect(await totalUsersOf(owner.user.organizationId)).toBe(6);
  });

  it('the platform limit applies when it is lower than the plan', async () => {
    const owner = await newOrganization(t.app, t.db, 50);
    await t.db.update(systemConfig).set({ maxUsersPerOrg: 2 });
    try {
      await addUser(t.app, owner);
      const over = await call('POST', '/api/users', owner.cookie, validUser());
      expect(over.statusCode).toBe(403);
      expect(over.json().message).toBe(
        'The platform allows at most 2 active users per organization. Deactivate a user first.',
      );
    } finally {
      await t.db.update(systemConfig).set({ maxUsersPerOrg: 100 });
    }
  });
});

const names = (res: { json(): { items: { firstName: string }[] } }) =>
  res.json().items.map((u) => u.firstName);

describe('GET /api/users', () => {
  let owner: SignedIn;
  const people = [
    { firstName: 'Alice', lastName: 'Zimmer', role: 'manager', status: 'active' },
    { firstName: 'Bruno', lastName: 'Young', role: 'user', status: 'inactive' },
    { firstName: 'Carla', lastName: 'Xavier', role: 'user', status: 'active' },
    { firstName: 'Dmitri', lastName: 'Walsh', role: 'admin', status: 'active' },
  ];
  const ids: Record<string, string> = {};
  let teamId: string;

  beforeAll(async () => {
    owner = await newOrganization(t.app, t.db);
    teamId = (await call('POST', '/api/teams', owner.cookie, { name: 'Field', status: 'active' })).json().id;
    for (const p of people) {
      const created = await addUser(t.app, owner, {
        ...p,
        email: uniqueEmail(p.firstName.toLowerCase()),
        ...(p.firstName === 'Carla' && { teamId }),
      });
      ids[p.firstName] = created.id;
    }
    // Someone else's users never show.
    const stranger = await registerOrganizationOwner(t.app);
    await addUser(t.app, stranger, { firstName: 'Alice', lastName: 'Stranger' });
  });

  it('answers { items, nextCursor, total } without passwords, newest first by default', async () => {
    const res = await call('GET', '/api/users', owner.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(5);
    expect(body.nextCursor).toBeNull();
    expect(names(res)).toEqual(['Dmitri', 'Carla', 'Bruno', 'Alice', 'Ada']);
    expect(res.body).not.toContain('argon2');
    for (const item of body.items) expect(item).not.toHaveProperty('password');
  });

  it('searches first name, last name, e-mail and full name (case-insensitive substring)', async () => {
    expect(names(await call('GET', '/api/users?search=ali', owner.cookie))).toEqual(['Alice']);
    expect(names(await call('GET', '/api/users?search=XAV', owner.cookie))).toEqual(['Carla']);
    expect(names(await call('GET', '/api/users?search=dmitri-', owner.cookie))).toEqual(['Dmitri']);
    expect(names(await call('GET', '/api/users?search=bruno%20young', owner.cookie))).toEqual(['Bruno']);
    const none = await call('GET', '/api/users?search=%25', owner.cookie);
    expect(none.json()).toEqual({ items: [], nextCursor: null, total: 0 });
  });

  it('filters by status, role and teamId, with total counting the filtered rows', async () => {
    const inactive = await call('GET', '/api/users?status=inactive', owner.cookie);
    expect(names(inactive)).toEqual(['Bruno']);
    expect(inactive.json().total).toBe(1);
    expect(names(await call('GET', '/api/users?role=admin&sort=firstName', owner.cookie))).toEqual([
      'Ada',
      'Dmitri',
    ]);
    expect(names(await call('GET', `/api/users?teamId=${teamId}`, owner.cookie))).toEqual(['Carla']);
    const bad = await call('GET', '/api/users?role=boss&status=x&teamId=y', owner.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'role', message: 'Invalid role' },
        { path: 'status', message: 'Invalid status' },
        { path: 'teamId', message: 'Invalid team ID' },
      ]),
    );
  });

  it('pages with a keyset cursor, in either direction of any allowed sort, without repeats', async () => {
    for (const sort of ['firstName', '-firstName', 'lastName', '-createdAt', 'role', '-status']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const url = `/api/users?limit=2&sort=${sort}${cursor ? `&cursor=${cursor}` : ''}`;
        const res = await call('GET', url, owner.cookie);
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.total).toBe(5);
        expect(body.items.length).toBeLessThanOrEqual(2);
        seen.push(...body.items.map((u: { id: string }) => u.id));
        cursor = body.nextCursor;
        pages++;
      } while (cursor && pages < 10);
      expect(pages).toBe(3);
      expect(new Set(seen).size).toBe(5);
      const all = (await call('GET', `/api/users?sort=${sort}`, owner.cookie))
        .json()
        .items.map((u: { id: string }) => u.id);
      expect(seen).toEqual(all);
    }
    expect(names(await call('GET', '/api/users?sort=-firstName', owner.cookie))).toEqual([
      'Dmitri',
      'Carla',
      'Bruno',
      'Alice',
      'Ada',
    ]);
  });

  it('refuses a bad cursor, a cursor of another sort and an unknown sort (400)', async () => {
    for (const cursor of ['garbage!', 'eyJmb28iOjF9', Buffer.from('not json').toString('base64url')]) {
      const res = await call('GET', `/api/users?cursor=${cursor}`, owner.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Invalid cursor' });
    }
    const first = (await call('GET', '/api/users?limit=1&sort=firstName', owner.cookie)).json();
    const mismatched = await call('GET', `/api/users?sort=lastName&cursor=${first.nextCursor}`, owner.cookie);
    expect(mismatched.json()).toEqual({ message: 'Invalid cursor' });
    const unknown = await call('GET', '/api/users?sort=password', owner.cookie);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].path).toBe('sort');
  });

  it('caps limit at 200 and refuses a non-numeric or non-positive limit', async () => {
    expect((await call('GET', '/api/users?limit=5000', owner.cookie)).statusCode).toBe(200);
    for (const limit of ['abc', '0', '-3', '1.5']) {
      const res = await call('GET', `/api/users?limit=${limit}`, owner.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].path).toBe('limit');
    }
  });

  it('GET /api/users/:id answers the user; unknown or malformed ids are 404', async () => {
    const res = await call('GET', `/api/users/${ids.Carla}`, owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: ids.Carla, firstName: 'Carla', teamId });
    expect(res.json()).not.toHaveProperty('password');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const missing = await call('GET', `/api/users/${id}`, owner.cookie);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'User not found' });
    }
  });
});

describe('PATCH /api/users/:id', () => {
  it('updates the given fields only; an empty password leaves it unchanged', async () => {
    const owner = await newOrganization(t.app, t.db);
    const member = await signedInMember(t.app, owner);
    const res = await call('PATCH', `/api/users/${member.id}`, owner.cookie, {
      firstName: 'Renamed',
      role: 'manager',
      password: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Renamed',
      lastName: 'Member',
      role: 'manager',
      mustChangePassword: false,
    });
    // The session survives and the password is still the one the user chose.
    expect((await call('GET', '/api/user', member.cookie)).json().role).toBe('manager');
    await signIn(t.app, member.user.email, chosenPassword);
  });

  it('answers the validation messages; every field is optional', async () => {
    const owner = await newOrganization(t.app, t.db);
    const member = await addUser(t.app, owner);
    const res = await call('PATCH', `/api/users/${member.id}`, owner.cookie, {
      email: 'bad',
      firstName: 'X',
      lastName: '',
      role: 'root',
      status: 'gone',
      password: '123',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'Please enter a valid email address' },
        { path: 'firstName', message: 'First name must be at least 2 characters' },
        { path: 'lastName', message: 'Last name must be at least 2 characters' },
        { path: 'role', message: 'Invalid role' },
        { path: 'status', message: 'Invalid status' },
        { path: 'password', message: 'Password must be at least 6 characters' },
      ]),
    );
    expect((await call('PATCH', `/api/users/${member.id}`, owner.cookie, {})).statusCode).toBe(200);
  });

  it('refuses an e-mail taken by someone else (409) and clears the team with null', async () => {
    const owner = await newOrganization(t.app, t.db);
    const a = await addUser(t.app, owner);
    const team = (await call('POST', '/api/teams', owner.cookie, { name: 'Crew', status: 'active' })).json();
    const dup = await call('PATCH', `/api/users/${a.id}`, owner.cookie, { email: owner.user.email });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('An account with this email already exists');
    const same = await call('PATCH', `/api/users/${a.id}`, owner.cookie, {
      email: a.email.toUpperCase(),
      teamId: team.id,
    });
    expect(same.json()).toMatchObject({ email: a.email, teamId: team.id });
    const cleared = await call('PATCH', `/api/users/${a.id}`, owner.cookie, { teamId: null });
    expect(cleared.json().teamId).toBeNull();
  });

  it('a password reset by an admin ends the sessions and forces a new password at next sign-in', async () => {
    const owner = await newOrganization(t.app, t.db);
    const member = await signedInMember(t.app, owner);
    const res = await call('PATCH', `/api/users/${member.id}`, owner.cookie, { password: 'reset-by-admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json().mustChangePassword).toBe(true);
    expect((await call('GET', '/api/user', member.cookie)).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, member.id))).toHaveLength(0);
    const again = await signIn(t.app, member.user.email, 'reset-by-admin');
    expect((await call('GET', '/api/user', again.cookie)).json().mustChangePassword).toBe(true);
    // The admin's own session is untouched.
    expect((await call('GET', '/api/user', owner.cookie)).statusCode).toBe(200);
  });

  it('a new password set on oneself keeps the current session and is not temporary', async () => {
    const owner = await newOrganization(t.app, t.db);
    const res = await call('PATCH', `/api/users/${owner.user.id}`, owner.cookie, {
      password: 'self-chosen-1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().mustChangePassword).toBe(false);
    expect((await call('GET', '/api/user', owner.cookie)).statusCode).toBe(200);
    await signIn(t.app, owner.user.email, 'self-chosen-1');
  });

  it("deactivation ends the user's sessions at once and refuses their sign-in", async () => {
    const owner = await newOrganization(t.app, t.db);
    const member = await signedInMember(t.app, owner);
    const res = await call('PATCH', `/api/users/${member.id}`, owner.cookie, { status: 'inactive' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('inactive');
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, member.id))).toHaveLength(0);
    expect((await call('GET', '/api/user', member.cookie)).statusCode).toBe(401);
    const login = await call('POST', '/api/auth/login', undefined, {
      email: member.user.email,
      password: chosenPassword,
    });
    expect(login.statusCode).toBe(401);
  });
});

describe('owner and admin protections', () => {
  it('nobody else can demote, deactivate, re-password, re-address or delete the owner (403)', async () => {
    const owner = await newOrganization(t.app, t.db);
    const admin = await signedInMember(t.app, owner, { role: 'admin' });
    for (const body of [
      { role: 'user' },
      { status: 'inactive' },
      { password: 'taken-over' },
      { email: uniqueEmail('takeover') },
      { permissions: { users: { read: false } } },
    ]) {
      const res = await call('PATCH', `/api/users/${owner.user.id}`, admin.cookie, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: ownerProtectedMessage });
    }
    const del = await call('DELETE', `/api/users/${owner.user.id}`, admin.cookie);
    expect(del.statusCode).toBe(403);
    expect(del.json()).toEqual({ message: ownerProtectedMessage });
    const row = await storedUser(owner.user.id);
    expect(row).toMatchObject({ role: 'admin', status: 'active', email: owner.user.email, isOwner: true });
    // Harmless details may be corrected by another admin.
    const named = await call('PATCH', `/api/users/${owner.user.id}`, admin.cookie, { firstName: 'Adaline' });
    expect(named.statusCode).toBe(200);
  });

  it('nobody can delete or deactivate themselves', async () => {
    const owner = await newOrganization(t.app, t.db);
    const admin = await signedInMember(t.app, owner, { role: 'admin' });
    for (const who of [owner, admin]) {
      const del = await call('DELETE', `/api/users/${who.user.id}`, who.cookie);
      expect(del.statusCode).toBe(400);
      expect(del.json()).toEqual({ message: selfDeleteMessage });
      const off = await call('PATCH', `/api/users/${who.user.id}`, who.cookie, { status: 'inactive' });
      expect(off.statusCode).toBe(400);
      expect(off.json()).toEqual({ message: selfDeactivateMessage });
    }
  });

  it('nobody gives up their own admin role (403); the only active admin cannot be demoted (409)', async () => {
    const owner = await newOrganization(t.app, t.db);
    const own = await call('PATCH', `/api/users/${owner.user.id}`, owner.cookie, { role: 'manager' });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ message: ownAccessMessage });
    expect((await storedUser(owner.user.id)).role).toBe('admin');

    const admin = await signedInMember(t.app, owner, { role: 'admin' });
    const stepDown = await call('PATCH', `/api/users/${admin.id}`, admin.cookie, { role: 'user' });
    expect(stepDown.statusCode).toBe(403);
    // An owner who gave up the admin role before self-changes were refused (older data), and still
    // manages permissions, cannot demote the last active admin.
    await t.db
      .update(users)
      .set({
        role: 'manager',
        permissions: { users: { read: true, update: true, manage_permissions: true } },
      })
      .where(eq(users.id, owner.user.id));
    const last = await call('PATCH', `/api/users/${admin.id}`, owner.cookie, { role: 'user' });
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({ message: lastAdminMessage });
    expect((await storedUser(admin.id)).role).toBe('admin');
  });

  it('only someone who can manage permissions may change or delete an admin', async () => {
    const owner = await newOrganization(t.app, t.db);
    const admin = await addUser(t.app, owner, { role: 'admin' });
    const hr = await signedInMember(t.app, owner, {
      role: 'manager',
      permissions: { users: { update: true, delete: true } },
    });
    expect(
      (await call('PATCH', `/api/users/${admin.id}`, hr.cookie, { password: 'hijack-1' })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/users/${admin.id}`, hr.cookie)).statusCode).toBe(403);
    const plain = await addUser(t.app, owner);
    expect((await call('PATCH', `/api/users/${plain.id}`, hr.cookie, { role: 'admin' })).statusCode).toBe(
      403,
    );
    expect(
      (await call('PATCH', `/api/users/${plain.id}`, hr.cookie, { lastName: 'Edited' })).statusCode,
    ).toBe(200);
  });
});

describe('DELETE /api/users/:id', () => {
  it('deletes the user (204), ends their sessions and keeps totalUsers in step', async () => {
    const owner = await newOrganization(t.app, t.db);
    const member = await signedInMember(t.app, owner);
    expect(await totalUsersOf(owner.user.organizationId)).toBe(2);
    const res = await call('DELETE', `/api/users/${member.id}`, owner.cookie);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await storedUser(member.id)).toBeUndefined();
    expect((await call('GET', '/api/user', member.cookie)).statusCode).toBe(401);
    expect(await totalUsersOf(owner.user.organizationId)).toBe(1);
    expect((await call('DELETE', `/api/users/${member.id}`, owner.cookie)).statusCode).toBe(404);
  });
});

describe('permissions', () => {
  it('a new user must choose a password before the API answers by their permissions (decision 018)', async () => {
    const owner = await newOrganization(t.app, t.db);
    const user = await addUser(t.app, owner, { role: 'admin' });
    const session = await signIn(t.app, user.email, temporaryPassword);
    expect((await call('GET', '/api/user', session.cookie)).json().mustChangePassword).toBe(true);
    const locked = await call('GET', '/api/users', session.cookie);
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toEqual({ message: 'You must change your password before continuing' });
    await call('POST', '/api/auth/change-password', session.cookie, {
      currentPassword: temporaryPassword,
      newPassword: chosenPassword,
    });
    expect((await call('GET', '/api/user', session.cookie)).json().mustChangePassword).toBe(false);
    expect((await call('GET', '/api/users', session.cookie)).statusCode).toBe(200);
    const member = await signedInMember(t.app, owner, { role: 'user' });
    expect((await call('GET', '/api/users', member.cookie)).statusCode).toBe(403);
  });

  it.each([
    ['read', 'GET', (id: string) => `/api/users/${id}`, undefined],
    ['read', 'GET', () => '/api/users', undefined],
    ['create', 'POST', () => '/api/users', 'create'],
    ['update', 'PATCH', (id: string) => `/api/users/${id}`, { firstName: 'Nope' }],
    ['delete', 'DELETE', (id: string) => `/api/users/${id}`, undefined],
  ] as const)('an admin stripped of users:%s gets 403 on %s', async (action, method, url, payload) => {
    const owner = await newOrganization(t.app, t.db);
    const target = await addUser(t.app, owner);
    const stripped = await signedInMember(t.app, owner, {
      role: 'admin',
      permissions: { users: { [action]: false } },
    });
    const body = payload === 'create' ? validUser() : payload;
    const res = await call(method, url(target.id), stripped.cookie, body);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: "You don't have permission to access this feature." });
    expect(await storedUser(target.id)).toMatchObject({ firstName: 'Mia' });
  });

  it('role user has no access to users; signed out is 401', async () => {
    const owner = await newOrganization(t.app, t.db);
    const member = await signedInMember(t.app, owner);
    expect((await call('GET', '/api/users', member.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/users')).statusCode).toBe(401);
    expect((await call('POST', '/api/users', undefined, validUser())).statusCode).toBe(401);
  });
});

describe("the signed-in user's own profile", () => {
  it('PATCH /api/user/profile updates the profile and answers the current-user object', async () => {
    const owner = await registerOrganizationOwner(t.app);
    const res = await call('PATCH', '/api/user/profile', owner.cookie, {
      firstName: 'Adele',
      lastName: 'Profiled',
      phoneNumber: '+1 555 0100',
      timezone: 'UTC+01:00',
      dateNumberFormat: 'EU',
      language: 'fr',
      defaultCurrency: 'EUR',
      colorScheme: 'green',
      kanbanTheme: 'minimal',
      showReleaseNotifications: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: owner.user.id,
      email: owner.user.email,
      firstName: 'Adele',
      lastName: 'Profiled',
      phoneNumber: '+1 555 0100',
      timezone: 'UTC+01:00',
      dateNumberFormat: 'EU',
      language: 'fr',
      defaultCurrency: 'EUR',
      colorScheme: 'green',
      kanbanTheme: 'minimal',
      showReleaseNotifications: false,
      isOwner: true,
    });
    expect(res.json()).not.toHaveProperty('password');
    expect((await call('GET', '/api/user', owner.cookie)).json()).toMatchObject({
      firstName: 'Adele',
      colorScheme: 'green',
    });
    // A blank phone number clears it; other fields stay.
    const cleared = await call('PATCH', '/api/user/profile', owner.cookie, { phoneNumber: '' });
    expect(cleared.json()).toMatchObject({ phoneNumber: null, firstName: 'Adele' });
  });

  it('keeps the phone number format the user picks, and refuses unknown ones', async () => {
    const owner = await registerOrganizationOwner(t.app);
    expect((await call('GET', '/api/user', owner.cookie)).json()).toMatchObject({ phoneNumberFormat: null });
    const saved = await call('PATCH', '/api/user/profile', owner.cookie, {
      phoneNumberFormat: 'international',
    });
    expect(saved.statusCode).toBe(200);
    expect((await call('GET', '/api/user', owner.cookie)).json()).toMatchObject({
      phoneNumberFormat: 'international',
    });
    const bad = await call('PATCH', '/api/user/profile', owner.cookie, { phoneNumberFormat: 'morse' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { path: 'phoneNumberFormat', message: 'Invalid phone number format' },
    ]);
  });

  it('answers the profile validation messages', async () => {
    const owner = await registerOrganizationOwner(t.app);
    const res = await call('PATCH', '/api/user/profile', owner.cookie, {
      firstName: 'A',
      lastName: ' ',
      timezone: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'firstName', message: 'First name must be at least 2 characters' },
        { path: 'lastName', message: 'Last name must be at least 2 characters' },
        { path: 'timezone', message: 'Timezone is required' },
      ]),
    );
    expect((await call('PATCH', '/api/user/profile', undefined, { firstName: 'Anon' })).statusCode).toBe(401);
  });

  it('POST /api/user/release-notification-preference stores the preference', async () => {
    const owner = await registerOrganizationOwner(t.app);
    const res = await call('POST', '/api/user/release-notification-preference', owner.cookie, {
      showReleaseNotifications: false,
      lastSeenReleaseVersion: '1.4.0',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await call('GET', '/api/user', owner.cookie)).json()).toMatchObject({
      showReleaseNotifications: false,
      lastSeenReleaseVersion: '1.4.0',
    });
    const bad = await call('POST', '/api/user/release-notification-preference', owner.cookie, {
      showReleaseNotifications: 'yes',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { path: string }) => e.path)
        .toSorted(),
    ).toEqual(['lastSeenReleaseVersion', 'showReleaseNotifications']);
  });
});
