import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teams, users } from '../../db/schema/identity';
import { type SignedIn, signIn, uniqueEmail } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { manageTeamPermissionsMessage } from '../teams/service';
import { addUser, call as callApp, newOrganization, signedInMember, temporaryPassword } from './test-helpers';
import {
  grantBeyondOwnMessage,
  managePermissionsMessage,
  ownAccessMessage,
  signInDetailsMessage,
} from './user-rules';

/*
 * Item 3 of issue 13: the paths by which a user could reach further than they were given. Each
 * refusal is a 403 with its message, and nothing is stored.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (...args: Parameters<typeof callApp> extends [unknown, ...infer R] ? R : never) =>
  callApp(t.app, ...args);

const storedUser = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
const storedTeam = async (id: string) => (await t.db.select().from(teams).where(eq(teams.id, id)))[0];

async function newTeam(owner: SignedIn, body: Record<string, unknown>) {
  const res = await call('POST', '/api/teams', owner.cookie, { name: 'Team', status: 'active', ...body });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

const newUserBody = (extra: Record<string, unknown> = {}) => ({
  email: uniqueEmail('new'),
  firstName: 'Nora',
  lastName: 'Newton',
  role: 'user',
  status: 'active',
  password: 'temp-123',
  ...extra,
});

describe('the reported path: users:update → own role → a powerful team → admin', () => {
  it('a member with users:update changes nothing of their own access (403), and nothing is stored', async () => {
    const owner = await newOrganization(t.app, t.db);
    const powerful = await newTeam(owner, { permissions: { users: { manage_permissions: true } } });
    const member = await signedInMember(t.app, owner, {
      permissions: { users: { read: true, update: true, create: true } },
    });
    for (const body of [
      { role: 'manager' },
      { role: 'admin' },
      { teamId: powerful },
      { permissions: { users: { manage_permissions: true } } },
    ]) {
      const res = await call('PATCH', `/api/users/${member.id}`, member.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
      expect(res.json()).toEqual({ message: ownAccessMessage });
    }
    const stored = await storedUser(member.id);
    expect({ role: stored.role, teamId: stored.teamId }).toEqual({ role: 'user', teamId: null });
    expect(stored.permissions).toEqual({ users: { read: true, update: true, create: true } });
    // Unchanged values sent back by a form are not a change.
    const same = await call('PATCH', `/api/users/${member.id}`, member.cookie, {
      firstName: 'Mira',
      role: 'user',
      teamId: null,
      permissions: { users: { read: true, update: true, create: true } },
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().firstName).toBe('Mira');
  });

  it('nobody changes their own access, not even an admin', async () => {
    const owner = await newOrganization(t.app, t.db);
    const admin = await signedInMember(t.app, owner, { role: 'admin' });
    const team = await newTeam(owner, {});
    for (const body of [{ role: 'user' }, { teamId: team }, { permissions: { deals: { read: false } } }]) {
      const res = await call('PATCH', `/api/users/${admin.id}`, admin.cookie, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: ownAccessMessage });
    }
    expect(await storedUser(admin.id)).toMatchObject({ role: 'admin', teamId: null, permissions: null });
  });
});

describe('role, team and permissions need users:manage_permissions', () => {
  it('on update: users:update alone cannot set anyone’s role, team or permissions', async () => {
    const owner = await newOrganization(t.app, t.db);
    const team = await newTeam(owner, {});
    const hr = await signedInMember(t.app, owner, {
      role: 'manager',
      permissions: { users: { update: true } },
    });
    const colleague = await addUser(t.app, owner);
    for (const body of [
      { role: 'manager' },
      { teamId: team },
      { permissions: { leads: { delete: true } } },
    ]) {
      const res = await call('PATCH', `/api/users/${colleague.id}`, hr.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
      expect(res.json()).toEqual({ message: managePermissionsMessage });
    }
    expect(await storedUser(colleague.id)).toMatchObject({ role: 'user', teamId: null, permissions: null });
  });

  it('on create: users:create alone adds only plain users (no role, team or overrides)', async () => {
    const owner = await newOrganization(t.app, t.db);
    const team = await newTeam(owner, {});
    const recruiter = await signedInMember(t.app, owner, {
      role: 'manager',
      permissions: { users: { create: true } },
    });
    for (const extra of [{ role: 'manager' }, { role: 'admin' }, { teamId: team }, { permissions: {} }]) {
      const body = newUserBody(extra);
      const res = await call('POST', '/api/users', recruiter.cookie, body);
      expect(res.statusCode, JSON.stringify(extra)).toBe(403);
      expect(res.json()).toEqual({ message: managePermissionsMessage });
      expect(await t.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
    }
    expect((await call('POST', '/api/users', recruiter.cookie, newUserBody())).statusCode).toBe(201);
  });
});

async function permissionManager(owner: SignedIn) {
  // A manager who may manage user permissions, but holds no settings:manage and no users:delete.
  return signedInMember(t.app, owner, {
    role: 'manager',
    permissions: { users: { read: true, create: true, update: true, manage_permissions: true } },
  });
}

describe('nobody grants more than they hold (the owner and admins excepted)', () => {
  it('a role, a team or overrides that reach beyond the granter are refused; within reach they pass', async () => {
    const owner = await newOrganization(t.app, t.db);
    const manager = await permissionManager(owner);
    const settingsTeam = await newTeam(owner, { permissions: { settings: { manage: true } } });
    const modestTeam = await newTeam(owner, { permissions: { leads: { delete: true } } });
    const target = await addUser(t.app, owner);

    const cases: [Record<string, unknown>, string[]][] = [
      [{ role: 'admin' }, ['users:delete', 'teams:create']],
      [{ teamId: settingsTeam }, ['settings:manage']],
      [{ permissions: { users: { read: true, delete: true } } }, ['users:delete']],
    ];
    for (const [body, some] of cases) {
      const res = await call('PATCH', `/api/users/${target.id}`, manager.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
      expect(res.json().message).toMatch(/^You cannot grant permissions you don't have yourself: /);
      for (const permission of some) expect(res.json().message).toContain(permission);
    }
    expect(await storedUser(target.id)).toMatchObject({ role: 'user', teamId: null, permissions: null });

    const created = newUserBody({ teamId: settingsTeam });
    const create = await call('POST', '/api/users', manager.cookie, created);
    expect(create.statusCode).toBe(403);
    expect(create.json()).toEqual({ message: grantBeyondOwnMessage(['settings:manage']) });
    expect(await t.db.select().from(users).where(eq(users.email, created.email))).toEqual([]);

    const within = await call('PATCH', `/api/users/${target.id}`, manager.cookie, {
      role: 'manager',
      teamId: modestTeam,
      permissions: { deals: { delete: false } },
    });
    expect(within.statusCode).toBe(200);
    expect(await storedUser(target.id)).toMatchObject({ role: 'manager', teamId: modestTeam });
  });

  it('a user who holds something the granter lacks can still be lowered, not raised further', async () => {
    const owner = await newOrganization(t.app, t.db);
    const manager = await permissionManager(owner);
    const deleter = await addUser(t.app, owner, { permissions: { users: { read: true, delete: true } } });
    const lower = await call('PATCH', `/api/users/${deleter.id}`, manager.cookie, {
      permissions: { users: { read: true, delete: true }, leads: { update: false } },
    });
    expect(lower.statusCode).toBe(200);
    const raise = await call('PATCH', `/api/users/${deleter.id}`, manager.cookie, {
      permissions: { users: { read: true, delete: true }, settings: { manage: true } },
    });
    expect(raise.statusCode).toBe(403);
    expect(raise.json()).toEqual({ message: grantBeyondOwnMessage(['settings:manage']) });
  });

  it('a new account cannot reach further than its creator, who knows its temporary password', async () => {
    const owner = await newOrganization(t.app, t.db);
    const narrow = await signedInMember(t.app, owner, {
      permissions: { users: { read: true, create: true }, deals: { read: false } },
    });
    const body = newUserBody();
    const res = await call('POST', '/api/users', narrow.cookie, body);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(grantBeyondOwnMessage(['deals:read', 'deals:create', 'deals:update']));
    expect(await t.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
  });

  it('the e-mail or password of a user who reaches further cannot be set by someone who does not', async () => {
    const owner = await newOrganization(t.app, t.db);
    const hr = await signedInMember(t.app, owner, { permissions: { users: { read: true, update: true } } });
    const manager = await addUser(t.app, owner, { role: 'manager' });
    for (const body of [{ password: 'hijacked-1' }, { email: uniqueEmail('hijack') }]) {
      const res = await call('PATCH', `/api/users/${manager.id}`, hr.cookie, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: signInDetailsMessage });
    }
    await signIn(t.app, manager.email, temporaryPassword);
    const peer = await addUser(t.app, owner);
    const reset = await call('PATCH', `/api/users/${peer.id}`, hr.cookie, { password: 'fresh-pass-1' });
    expect(reset.statusCode).toBe(200);
  });

  it('the owner and admins grant freely', async () => {
    const owner = await newOrganization(t.app, t.db);
    const admin = await signedInMember(t.app, owner, { role: 'admin' });
    const target = await addUser(t.app, owner);
    const team = await newTeam(admin, { permissions: { settings: { manage: true } } });
    const res = await call('PATCH', `/api/users/${target.id}`, admin.cookie, {
      role: 'manager',
      teamId: team,
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('teams', () => {
  it('editing a team’s permissions needs teams:manage_permissions and stays within the editor’s', async () => {
    const owner = await newOrganization(t.app, t.db);
    const team = await newTeam(owner, { permissions: { settings: { manage: true } } });
    const editor = await signedInMember(t.app, owner, {
      role: 'manager',
      permissions: { teams: { read: true, create: true, update: true } },
    });
    const noManage = await call('PATCH', `/api/teams/${team}`, editor.cookie, {
      permissions: { leads: { read: true } },
    });
    expect(noManage.statusCode).toBe(403);
    expect(noManage.json()).toEqual({ message: manageTeamPermissionsMessage });

    const delegate = await signedInMember(t.app, owner, {
      role: 'manager',
      permissions: { teams: { read: true, create: true, update: true, manage_permissions: true } },
    });
    const beyond = await call('PATCH', `/api/teams/${team}`, delegate.cookie, {
      permissions: { settings: { manage: true }, users: { manage_permissions: true } },
    });
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json()).toEqual({ message: grantBeyondOwnMessage(['users:manage_permissions']) });
    expect((await storedTeam(team)).permissions).toEqual({ settings: { manage: true } });

    const create = await call('POST', '/api/teams', delegate.cookie, {
      name: 'Escalators',
      status: 'active',
      permissions: { users: { manage_permissions: true } },
    });
    expect(create.statusCode).toBe(403);
    expect(create.json()).toEqual({ message: grantBeyondOwnMessage(['users:manage_permissions']) });

    // Flags the team already had may stay; new ones within the editor's reach pass.
    const kept = await call('PATCH', `/api/teams/${team}`, delegate.cookie, {
      permissions: { settings: { manage: true }, deals: { delete: true } },
    });
    expect(kept.statusCode).toBe(200);
    expect((await storedTeam(team)).permissions).toEqual({
      settings: { manage: true },
      deals: { delete: true },
    });
  });

  it('re-activating a team whose permissions reach beyond the editor is refused', async () => {
    const owner = await newOrganization(t.app, t.db);
    const team = await newTeam(owner, { status: 'inactive', permissions: { users: { delete: true } } });
    const editor = await signedInMember(t.app, owner, {
      role: 'manager',
      permissions: { teams: { read: true, update: true } },
    });
    const res = await call('PATCH', `/api/teams/${team}`, editor.cookie, { status: 'active' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: grantBeyondOwnMessage(['users:delete']) });
    expect((await storedTeam(team)).status).toBe('inactive');
    expect((await call('PATCH', `/api/teams/${team}`, owner.cookie, { status: 'active' })).statusCode).toBe(
      200,
    );
  });
});

describe('unticking Read clears Create, Update and Delete', () => {
  it('is how a user’s and a team’s permissions are stored, and how they resolve', async () => {
    const owner = await newOrganization(t.app, t.db);
    const created = await call('POST', '/api/users', owner.cookie, {
      ...newUserBody(),
      permissions: { deals: { read: false, create: true, update: true } },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().permissions).toEqual({
      deals: { read: false, create: false, update: false, delete: false },
    });
    const team = await newTeam(owner, { permissions: { clients: { read: false, delete: true } } });
    expect((await storedTeam(team)).permissions).toEqual({
      clients: { read: false, create: false, update: false, delete: false },
    });
    // A team that hides clients, and a personal override that only ticks Create: still no clients.
    const member = await signedInMember(t.app, owner, {
      teamId: team,
      permissions: { clients: { create: true } },
    });
    const me = (await call('GET', '/api/user', member.cookie)).json();
    expect(me.permissions.clients).toEqual({ read: false, create: false, update: false, delete: false });
    expect((await call('POST', '/api/clients', member.cookie, { displayName: 'Nope Inc' })).statusCode).toBe(
      403,
    );
  });
});
