import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teams, users } from '../../db/schema/identity';
import { registerOrganizationOwner, type SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addUser, call as callApp, newOrganization, signedInMember } from '../users/test-helpers';
import { manageTeamPermissionsMessage } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (...args: Parameters<typeof callApp> extends [unknown, ...infer R] ? R : never) =>
  callApp(t.app, ...args);

const createTeam = async (owner: SignedIn, body: Record<string, unknown>) => {
  const res = await call('POST', '/api/teams', owner.cookie, { status: 'active', ...body });
  if (res.statusCode !== 201) throw new Error(`create team failed ${res.statusCode}: ${res.body}`);
  return res.json();
};

describe('teams API', () => {
  it('creates (201), reads, updates and deletes a team', async () => {
    const owner = await registerOrganizationOwner(t.app);
    const res = await call('POST', '/api/teams', owner.cookie, {
      name: '  Acquisitions  ',
      description: 'Finds the deals',
      permissions: { leads: { delete: true }, nonsense: { x: true } },
      status: 'active',
    });
    expect(res.statusCode).toBe(201);
    const team = res.json();
    expect(team).toMatchObject({
      name: 'Acquisitions',
      description: 'Finds the deals',
      permissions: { leads: { delete: true } },
      status: 'active',
      memberCount: 0,
    });
    const [row] = await t.db.select().from(teams).where(eq(teams.id, team.id));
    expect(row.organizationId).toBe(owner.user.organizationId);

    expect((await call('GET', `/api/teams/${team.id}`, owner.cookie)).json()).toEqual(team);

    const patched = await call('PATCH', `/api/teams/${team.id}`, owner.cookie, {
      status: 'inactive',
      description: '',
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Acquisitions', status: 'inactive', description: null });

    const del = await call('DELETE', `/api/teams/${team.id}`, owner.cookie);
    expect(del.statusCode).toBe(204);
    expect((await call('GET', `/api/teams/${team.id}`, owner.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/teams/${team.id}`, owner.cookie)).json()).toEqual({
      message: 'Team not found',
    });
  });

  it('defaults status to active and answers the validation messages', async () => {
    const owner = await registerOrganizationOwner(t.app);
    const ok = await call('POST', '/api/teams', owner.cookie, { name: 'Defaults' });
    expect(ok.json().status).toBe('active');
    const bad = await call('POST', '/api/teams', owner.cookie, {
      name: 'X',
      status: 'paused',
      permissions: { leads: 'all' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Name must be at least 2 characters' },
        { path: 'status', message: 'Invalid status' },
      ]),
    );
    expect(bad.json().errors.map((e: { path: string }) => e.path)).toContain('permissions.leads');
    const missing = await call('POST', '/api/teams', owner.cookie, {});
    expect(missing.json().errors).toEqual([{ path: 'name', message: 'Name must be at least 2 characters' }]);
    const team = ok.json();
    const patch = await call('PATCH', `/api/teams/${team.id}`, owner.cookie, { name: ' a ', status: '' });
    expect(patch.json().errors).toEqual([
      { path: 'name', message: 'Name must be at least 2 characters' },
      { path: 'status', message: 'Invalid status' },
    ]);
  });

  it('lists teams with memberCount, search, status filter and keyset paging', async () => {
    const owner = await newOrganization(t.app, t.db);
    const alpha = await createTeam(owner, { name: 'Alpha Squad' });
    await createTeam(owner, { name: 'Beta Crew', status: 'inactive' });
    await createTeam(owner, { name: 'Gamma Squad' });
    await addUser(t.app, owner, { teamId: alpha.id });
    await addUser(t.app, owner, { teamId: alpha.id });
    const stranger = await registerOrganizationOwner(t.app);
    await createTeam(stranger, { name: 'Alpha Strangers' });

    const res = await call('GET', '/api/teams', owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 3, nextCursor: null });
    expect(
      res.json().items.map((x: { name: string; memberCount: number }) => [x.name, x.memberCount]),
    ).toEqual([
      ['Alpha Squad', 2],
      ['Beta Crew', 0],
      ['Gamma Squad', 0],
    ]);
    const search = await call('GET', '/api/teams?search=squad', owner.cookie);
    expect(search.json().items.map((x: { name: string }) => x.name)).toEqual(['Alpha Squad', 'Gamma Squad']);
    const inactive = await call('GET', '/api/teams?status=inactive', owner.cookie);
    expect(inactive.json()).toMatchObject({ total: 1, items: [{ name: 'Beta Crew' }] });

    const page1 = (await call('GET', '/api/teams?limit=2&sort=-name', owner.cookie)).json();
    expect(page1.items.map((x: { name: string }) => x.name)).toEqual(['Gamma Squad', 'Beta Crew']);
    const page2 = (
      await call('GET', `/api/teams?limit=2&sort=-name&cursor=${page1.nextCursor}`, owner.cookie)
    ).json();
    expect(page2).toMatchObject({ nextCursor: null, total: 3, items: [{ name: 'Alpha Squad' }] });
    expect((await call('GET', '/api/teams?cursor=%%%', owner.cookie)).json()).toEqual({
      message: 'Invalid cursor',
    });
  });

  it('deleting a team keeps its members, without a team', async () => {
    const owner = await newOrganization(t.app, t.db);
    const team = await createTeam(owner, { name: 'Temporary' });
    const member = await addUser(t.app, owner, { teamId: team.id });
    expect((await call('DELETE', `/api/teams/${team.id}`, owner.cookie)).statusCode).toBe(204);
    const [row] = await t.db.select({ teamId: users.teamId }).from(users).where(eq(users.id, member.id));
    expect(row.teamId).toBeNull();
  });

  it("a team's permissions apply to its members", async () => {
    const owner = await newOrganization(t.app, t.db);
    const team = await createTeam(owner, { name: 'Readers', permissions: { users: { read: true } } });
    const member = await signedInMember(t.app, owner, { teamId: team.id });
    expect((await call('GET', '/api/users', member.cookie)).statusCode).toBe(200);
  });

  it('setting permissions needs teams:manage_permissions (403)', async () => {
    const owner = await newOrganization(t.app, t.db);
    const lead = await signedInMember(t.app, owner, {
      role: 'manager',
      permissions: { teams: { create: true, update: true } },
    });
    const denied = await call('POST', '/api/teams', lead.cookie, {
      name: 'Powerful',
      permissions: { users: { delete: true } },
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ message: manageTeamPermissionsMessage });
    const team = await createTeam(lead, { name: 'Plain' });
    const patch = await call('PATCH', `/api/teams/${team.id}`, lead.cookie, {
      permissions: { users: { delete: true } },
    });
    expect(patch.statusCode).toBe(403);
    expect((await call('GET', `/api/teams/${team.id}`, owner.cookie)).json().permissions).toBeNull();
    expect((await call('PATCH', `/api/teams/${team.id}`, lead.cookie, { name: 'Renamed' })).statusCode).toBe(
      200,
    );
  });

  it.each([
    ['read', 'GET', (id: string) => `/api/teams/${id}`, undefined],
    ['read', 'GET', () => '/api/teams', undefined],
    ['create', 'POST', () => '/api/teams', { name: 'Sneaky', status: 'active' }],
    ['update', 'PATCH', (id: string) => `/api/teams/${id}`, { name: 'Sneaky' }],
    ['delete', 'DELETE', (id: string) => `/api/teams/${id}`, undefined],
  ] as const)('an admin stripped of teams:%s gets 403 on %s', async (action, method, url, payload) => {
    const owner = await newOrganization(t.app, t.db);
    const team = await createTeam(owner, { name: 'Target' });
    const stripped = await signedInMember(t.app, owner, {
      role: 'admin',
      permissions: { teams: { [action]: false } },
    });
    const res = await call(method, url(team.id), stripped.cookie, payload);
    expect(res.statusCode).toBe(403);
    const [row] = await t.db.select().from(teams).where(eq(teams.id, team.id));
    expect(row.name).toBe('Target');
    expect((await call('GET', '/api/teams')).statusCode).toBe(401);
  });

  it('role user has no access to teams', async () => {
    const owner = await newOrganization(t.app, t.db);
    const member = await signedInMember(t.app, owner);
    expect((await call('GET', '/api/teams', member.cookie)).statusCode).toBe(403);
  });
});

describe('team permissions in the session', () => {
  it('apply to members while the team is active and stop when it is deactivated', async () => {
    const owner = await newOrganization(t.app, t.db);
    const team = await createTeam(owner, {
      name: 'Read-only callers',
      permissions: { users: { read: true } },
    });
    const member = await signedInMember(t.app, owner, { role: 'user', teamId: team.id });
    expect((await call('GET', '/api/user', member.cookie)).json().permissions.users.read).toBe(true);
    expect((await call('GET', '/api/users', member.cookie)).statusCode).toBe(200);

    await call('PATCH', `/api/teams/${team.id}`, owner.cookie, { status: 'inactive' });
    expect((await call('GET', '/api/user', member.cookie)).json().permissions.users.read).toBe(false);
    expect((await call('GET', '/api/users', member.cookie)).statusCode).toBe(403);
  });
});
