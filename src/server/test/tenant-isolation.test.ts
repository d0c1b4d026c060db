import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teams, users } from '../db/schema/identity';
import { addUser, call, newOrganization } from '../features/users/test-helpers';
import type { SignedIn } from './sessions';
import { createTestApp, type TestApp } from './test-app';

/*
 * Tenant isolation: organization A must never read, change or delete organization B's records.
 * Every tenant resource adds ONE entry to `resources` below; the tests derive the rest:
 *   - each id-taking route, called by A's owner with B's id, answers 404 and B's row is unchanged;
 *   - the list endpoint, called by A, holds A's record and none of B's.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface IdRoute {
  method: Method;
  url: (id: string) => string;
  /** A valid body: a 404 must come from the foreign id, not from validation. */
  payload?: Record<string, unknown>;
}

interface TenantResource {
  name: string;
  /** The table whose row must stay untouched (compared before/after), keyed by `id`. */
  table: PgTable;
  id: PgColumn;
  /** The list endpoint that must show only the caller's rows (omit if none). */
  listUrl?: string;
  /** Creates one record in the owner's organization through the API and answers its id. */
  create: (app: TestApp['app'], owner: SignedIn) => Promise<string>;
  routes: IdRoute[];
}

/** GET/PATCH/DELETE `${base}/:id`: the routes every resource of DESIGN §3 has. */
const crudRoutes = (base: string, patch: Record<string, unknown>): IdRoute[] => [
  { method: 'GET', url: (id) => `${base}/${id}` },
  { method: 'PATCH', url: (id) => `${base}/${id}`, payload: patch },
  { method: 'DELETE', url: (id) => `${base}/${id}` },
];

async function created(res: { statusCode: number; body: string; json(): { id: string } }) {
  if (res.statusCode !== 201) throw new Error(`create failed ${res.statusCode}: ${res.body}`);
  return res.json().id;
}

const resources: TenantResource[] = [
  {
    name: 'users',
    table: users,
    id: users.id,
    listUrl: '/api/users',
    create: async (app, owner) => (await addUser(app, owner, { firstName: 'Isolated' })).id,
    routes: crudRoutes('/api/users', { firstName: 'Hijacked', password: 'hijacked-1', status: 'inactive' }),
  },
  {
    name: 'teams',
    table: teams,
    id: teams.id,
    listUrl: '/api/teams',
    create: async (app, owner) =>
      created(
        await call(app, 'POST', '/api/teams', owner.cookie, { name: 'Isolated Team', status: 'active' }),
      ),
    routes: crudRoutes('/api/teams', { name: 'Hijacked', permissions: { users: { delete: true } } }),
  },
];

let t: TestApp;
let a: SignedIn;
let b: SignedIn;
const idsOf: Record<'a' | 'b', Record<string, string>> = { a: {}, b: {} };

beforeAll(async () => {
  t = await createTestApp();
  a = await newOrganization(t.app, t.db);
  b = await newOrganization(t.app, t.db);
  for (const resource of resources) {
    idsOf.a[resource.name] = await resource.create(t.app, a);
    idsOf.b[resource.name] = await resource.create(t.app, b);
  }
});
afterAll(() => t.close());

async function rowOf(resource: TenantResource, id: string) {
  const [row] = await t.db.select().from(resource.table).where(eq(resource.id, id));
  return row;
}

const routeCases = resources.flatMap((resource) =>
  resource.routes.map((route) => ({ resource, route, label: `${route.method} ${route.url(':id')}` })),
);

describe("another organization's records answer 404 and stay unchanged", () => {
  it.each(routeCases)('$label', async ({ resource, route }) => {
    const foreignId = idsOf.b[resource.name];
    const before = await rowOf(resource, foreignId);
    expect(before).toBeDefined();
    const res = await call(t.app, route.method, route.url(foreignId), a.cookie, route.payload);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect(await rowOf(resource, foreignId)).toEqual(before);
  });

  // The same calls on A's own record succeed, so the 404s above come from the tenant check, not a
  // broken route or body. (DELETE is left out: it would remove the record the later cases use.)
  const ownCases = routeCases.filter((c) => c.route.method !== 'DELETE');
  it.each(ownCases)('$label works on our own record', async ({ resource, route }) => {
    const res = await call(t.app, route.method, route.url(idsOf.a[resource.name]), a.cookie, route.payload);
    expect(res.statusCode).toBe(200);
  });
});

describe('lists hold only the caller organization’s rows', () => {
  const listed = resources.filter((r) => r.listUrl);
  it.each(listed)('$listUrl', async (resource) => {
    const res = await call(t.app, 'GET', `${resource.listUrl}?limit=200`, a.cookie);
    expect(res.statusCode).toBe(200);
    const ids: string[] = res.json().items.map((item: { id: string }) => item.id);
    expect(ids).toContain(idsOf.a[resource.name]);
    expect(ids).not.toContain(idsOf.b[resource.name]);
    const [{ organizationId }] = (await t.db
      .select()
      .from(resource.table)
      .where(eq(resource.id, idsOf.b[resource.name]))) as { organizationId: string }[];
    expect(organizationId).toBe(b.user.organizationId);
    const theirs = await call(t.app, 'GET', `${resource.listUrl}?limit=200`, b.cookie);
    expect(theirs.json().items.map((item: { id: string }) => item.id)).not.toContain(idsOf.a[resource.name]);
  });
});

describe('references to another organization’s records are refused', () => {
  it("a user cannot be put in another organization's team", async () => {
    const create = await call(t.app, 'POST', '/api/users', a.cookie, {
      email: `cross-${Date.now()}@example.com`,
      firstName: 'Cross',
      lastName: 'Tenant',
      role: 'user',
      status: 'active',
      password: 'secret-1',
      teamId: idsOf.b.teams,
    });
    expect(create.statusCode).toBe(404);
    const move = await call(t.app, 'PATCH', `/api/users/${idsOf.a.users}`, a.cookie, {
      teamId: idsOf.b.teams,
    });
    expect(move.statusCode).toBe(404);
    expect((await rowOf(resources[0], idsOf.a.users)).teamId).toBeNull();
  });

  it("a list filter with another organization's team id finds nothing", async () => {
    await call(t.app, 'PATCH', `/api/users/${idsOf.b.users}`, b.cookie, { teamId: idsOf.b.teams });
    const res = await call(t.app, 'GET', `/api/users?teamId=${idsOf.b.teams}`, a.cookie);
    expect(res.json()).toEqual({ items: [], nextCursor: null, total: 0 });
  });
});
