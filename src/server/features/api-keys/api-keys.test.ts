import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noPermissionMessage } from '../../../common/validation/api-keys';
import { organizations } from '../../db/schema/identity';
import { apiKeys, integrations } from '../../db/schema/integrations';
import { systemAuditLogs } from '../../db/schema/platform';
import { apiKeyLevelMessage, deniedMessage, mustChangePasswordMessage } from '../../plugins/access-guard';
import { registerOrganizationOwner, type SignedIn, uniqueEmail } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { apiKeyCannotChangePasswordMessage } from '../auth/routes';
import { call, newOrganization, signedInMember } from '../users/test-helpers';
import { hashApiKey } from './api-key-secret';
import {
  apiKeyRateLimitedMessage,
  expiredApiKeyMessage,
  inactiveApiKeyOwnerMessage,
  invalidApiKeyMessage,
  revokedApiKeyMessage,
} from './authenticate-api-key';
import { integrationNotFoundMessage } from './create-api-key';
import { apiKeysCannotManageKeysMessage } from './routes';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface CreatedKey {
  id: string;
  key: string;
  keyPrefix: string;
  permissions: string[];
  status: string;
}

/** A call made the way an API client makes it: the key, no cookie. */
function withKey(app: FastifyInstance, key: string, method: Method, url: string, payload?: unknown) {
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${key}` },
    ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
  });
}

async function createKey(app: FastifyInstance, by: SignedIn, body: Record<string, unknown>) {
  const res = await call(app, 'POST', '/api/api-keys', by.cookie, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as CreatedKey;
}

const leadBody = { fullName: 'Ann Lee', email: 'ann@example.com' };
const newUserBody = () => ({
  email: uniqueEmail('keyed'),
  firstName: 'Kay',
  lastName: 'Keyed',
  role: 'user',
  status: 'active',
  password: 'temporary-pass',
});

let t: TestApp;
let owner: SignedIn;
const superAdminEmail = uniqueEmail('root');

beforeAll(async () => {
  t = await createTestApp({ superAdminEmails: [superAdminEmail] });
  // The owner is also a super admin: their key must still never reach the platform's routes.
  owner = await newOrganization(t.app, t.db);
  await registerOrganizationOwner(t.app, { email: superAdminEmail });
});
afterAll(() => t.close());

describe('creating and listing keys', () => {
  it('shows the secret once, stores only its hash, and never answers it again', async () => {
    const created = await createKey(t.app, owner, { name: 'Zapier', permissions: ['write'] });
    expect(created.key).toMatch(/^lcs_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(created.keyPrefix)).toBe(true);
    expect(created).toMatchObject({
      name: 'Zapier',
      permissions: ['write'],
      status: 'active',
      lastUsed: null,
    });
    expect(created).not.toHaveProperty('keyHash');

    const [stored] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(stored.keyHash).toBe(hashApiKey(created.key));
    expect(JSON.stringify(stored)).not.toContain(created.key);

    const list = await call(t.app, 'GET', '/api/api-keys', owner.cookie);
    const one = await call(t.app, 'GET', `/api/api-keys/${created.id}`, owner.cookie);
    const renamed = await call(t.app, 'PATCH', `/api/api-keys/${created.id}`, owner.cookie, { name: 'Make' });
    const revoked = await call(t.app, 'POST', `/api/api-keys/${created.id}/revoke`, owner.cookie);
    for (const res of [list, one, renamed, revoked]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain(created.key);
      expect(res.body).not.toContain(stored.keyHash);
      expect(res.body).not.toContain('"key"');
    }
    expect(list.json().items.find((k: CreatedKey) => k.id === created.id)).toMatchObject({
      keyPrefix: created.keyPrefix,
      createdBy: owner.user.id,
      createdByName: 'Ada Owner',
    });
    expect(renamed.json().name).toBe('Make');
    expect(revoked.json()).toMatchObject({ status: 'revoked' });
    expect(revoked.json().revokedAt).toBeTruthy();
  });

  it('defaults to read, and refuses a short name, no permission, an unknown one and a bad date', async () => {
    expect((await createKey(t.app, owner, { name: 'Reader' })).permissions).toEqual(['read']);
    // One level written bare is the list of one.
    expect((await createKey(t.app, owner, { name: 'Writer', permissions: 'write' })).permissions).toEqual([
      'write',
    ]);
    const cases: [Record<string, unknown>, { path: string; message: string }][] = [
      [{ name: 'Z' }, { path: 'name', message: 'Name must be at least 2 characters' }],
      [
        { name: 'Zap', permissions: [] },
        { path: 'permissions', message: noPermissionMessage },
      ],
      [
        { name: 'Zap', permissions: ['root'] },
        { path: 'permissions.0', message: 'Invalid permission' },
      ],
      [
        { name: 'Zap', permissions: 7 },
        { path: 'permissions', message: 'Permissions must be a list' },
      ],
      [
        { name: 'Zap', permissions: 'root' },
        { path: 'permissions.0', message: 'Invalid permission' },
      ],
      [
        { name: 'Zap', expiresAt: 'soon' },
        { path: 'expiresAt', message: 'Expiry date must be a valid date' },
      ],
    ];
    const before = await t.db.select().from(apiKeys);
    for (const [body, error] of cases) {
      const res = await call(t.app, 'POST', '/api/api-keys', owner.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ message: 'Validation failed', errors: [error] });
    }
    expect(await t.db.select().from(apiKeys)).toHaveLength(before.length);
  });

  it('records creation, revocation and deletion in the audit log, without the secret', async () => {
    const created = await createKey(t.app, owner, { name: 'Audited', permissions: ['admin'] });
    await call(t.app, 'POST', `/api/api-keys/${created.id}/revoke`, owner.cookie);
    const deleted = await call(t.app, 'DELETE', `/api/api-keys/${created.id}`, owner.cookie);
    expect(deleted.statusCode).toBe(204);
    const rows = await t.db
      .select()
      .from(systemAuditLogs)
      .where(eq(systemAuditLogs.resourceId, created.id))
      .orderBy(systemAuditLogs.timestamp);
    expect(rows.map((r) => [r.action, r.riskLevel, r.userId])).toEqual([
      ['api_key.created', 'high', owner.user.id],
      ['api_key.revoked', 'low', owner.user.id],
      ['api_key.deleted', 'low', owner.user.id],
    ]);
    expect(rows[0].details).toMatchObject({
      name: 'Audited',
      keyPrefix: created.keyPrefix,
      levels: ['admin'],
    });
    expect(JSON.stringify(rows)).not.toContain(created.key);
    expect((await call(t.app, 'GET', `/api/api-keys/${created.id}`, owner.cookie)).statusCode).toBe(404);
  });

  it('lists with settings:view, changes with settings:update (403 otherwise)', async () => {
    const member = await signedInMember(t.app, owner, { role: 'user' });
    expect((await call(t.app, 'GET', '/api/api-keys', member.cookie)).statusCode).toBe(200);
    const refused = await call(t.app, 'POST', '/api/api-keys', member.cookie, { name: 'Mine' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(deniedMessage);
    expect((await call(t.app, 'GET', '/api/api-keys')).statusCode).toBe(401);
  });
});

describe('each permission level on real routes', () => {
  let read: CreatedKey;
  let write: CreatedKey;
  let admin: CreatedKey;
  beforeAll(async () => {
    read = await createKey(t.app, owner, { name: 'Read', permissions: ['read'] });
    write = await createKey(t.app, owner, { name: 'Write', permissions: ['write'] });
    admin = await createKey(t.app, owner, { name: 'Admin', permissions: ['admin'] });
  });

  it('read reads (leads, users, the current user) and writes nothing', async () => {
    expect((await withKey(t.app, read.key, 'GET', '/api/leads')).statusCode).toBe(200);
    expect((await withKey(t.app, read.key, 'GET', '/api/users')).statusCode).toBe(200);
    const me = await withKey(t.app, read.key, 'GET', '/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: owner.user.id, isSuperAdmin: false });
    expect(me.json().permissions.leads).toEqual({ read: true, create: false, update: false, delete: false });
    for (const [method, url, body] of [
      ['POST', '/api/leads', leadBody],
      ['POST', '/api/users', newUserBody()],
      ['PATCH', '/api/organization', { name: 'Renamed by a read key' }],
    ] as const) {
      const res = await withKey(t.app, read.key, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(deniedMessage);
    }
  });

  it('write changes CRM records, but not users, teams or settings', async () => {
    const lead = await withKey(t.app, write.key, 'POST', '/api/leads', leadBody);
    expect(lead.statusCode, lead.body).toBe(201);
    const id = lead.json().id;
    expect(
      (await withKey(t.app, write.key, 'PATCH', `/api/leads/${id}`, { notes: 'Keyed' })).statusCode,
    ).toBe(200);
    expect((await withKey(t.app, write.key, 'GET', `/api/leads/${id}`)).json().notes).toBe('Keyed');
    const company = await withKey(t.app, write.key, 'POST', '/api/companies', { companyName: 'Keyed LLC' });
    expect(company.statusCode, company.body).toBe(201);
    for (const [method, url, body] of [
      ['POST', '/api/users', newUserBody()],
      ['POST', '/api/teams', { name: 'Keyed team' }],
      ['PATCH', '/api/organization', { name: 'Renamed by a write key' }],
    ] as const) {
      expect((await withKey(t.app, write.key, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await withKey(t.app, write.key, 'DELETE', `/api/leads/${id}`)).statusCode).toBe(204);
  });

  it('admin reaches settings, users and teams', async () => {
    const user = await withKey(t.app, admin.key, 'POST', '/api/users', newUserBody());
    expect(user.statusCode, user.body).toBe(201);
    const team = await withKey(t.app, admin.key, 'POST', '/api/teams', { name: 'Keyed team' });
    expect(team.statusCode, team.body).toBe(201);
    const org = await withKey(t.app, admin.key, 'PATCH', '/api/organization', { name: 'Acme by key' });
    expect(org.statusCode, org.body).toBe(200);
    expect((await withKey(t.app, admin.key, 'POST', '/api/leads', leadBody)).statusCode).toBe(201);
  });

  it('routes open to any signed-in user change the account itself: only an admin key may write there', async () => {
    const url = '/api/preferences/lists/leads';
    const body = { columns: [] };
    for (const key of [read, write]) {
      const res = await withKey(t.app, key.key, 'PUT', url, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(apiKeyLevelMessage);
    }
    expect((await withKey(t.app, admin.key, 'PUT', url, body)).statusCode).toBe(200);
    expect((await withKey(t.app, read.key, 'GET', url)).statusCode).toBe(200);
  });

  it('never reaches the super-admin routes, even when its creator is a super admin', async () => {
    const root = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: superAdminEmail, password: 'correct horse battery' },
    });
    const cookie = `locus_sid=${root.cookies.find((c) => c.name === 'locus_sid')?.value}`;
    expect((await call(t.app, 'GET', '/api/feedback', cookie)).statusCode).toBe(200);
    const rootKey = (await createKey(t.app, { cookie } as SignedIn, { name: 'Root', permissions: ['admin'] }))
      .key;
    for (const url of [
      '/api/feedback',
      '/api/demo-requests',
      '/api/support-submissions',
      '/api/early-access',
    ]) {
      const res = await withKey(t.app, rootKey, 'GET', url);
      expect(res.statusCode, url).toBe(403);
    }
    expect((await withKey(t.app, rootKey, 'GET', '/api/user')).json().isSuperAdmin).toBe(false);
  });

  it('acts as its creator and never beyond: an admin key of a plain user cannot add users', async () => {
    const member = await signedInMember(t.app, owner, {
      role: 'user',
      permissions: { settings: { view: true, update: true } },
    });
    const key = await createKey(t.app, member, { name: 'Member admin', permissions: ['admin'] });
    expect((await withKey(t.app, key.key, 'POST', '/api/users', newUserBody())).statusCode).toBe(403);
    expect((await withKey(t.app, key.key, 'POST', '/api/leads', leadBody)).statusCode).toBe(201);
    // A user cannot delete leads (role default), so neither can their admin key.
    const lead = (await withKey(t.app, key.key, 'POST', '/api/leads', leadBody)).json().id;
    expect((await withKey(t.app, key.key, 'DELETE', `/api/leads/${lead}`)).statusCode).toBe(403);
  });

  it('keys cannot manage keys nor change the password', async () => {
    for (const [method, url] of [
      ['GET', '/api/api-keys'],
      ['POST', '/api/api-keys'],
      ['GET', `/api/api-keys/${read.id}`],
      ['PATCH', `/api/api-keys/${read.id}`],
      ['POST', `/api/api-keys/${read.id}/revoke`],
      ['DELETE', `/api/api-keys/${read.id}`],
    ] as const) {
      const res = await withKey(
        t.app,
        admin.key,
        method,
        url,
        method === 'GET' ? undefined : { name: 'Minted' },
      );
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(apiKeysCannotManageKeysMessage);
    }
    const res = await withKey(t.app, admin.key, 'POST', '/api/auth/change-password', {
      currentPassword: owner.password,
      newPassword: 'taken-over',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(apiKeyCannotChangePasswordMessage);
    expect((await call(t.app, 'GET', `/api/api-keys/${read.id}`, owner.cookie)).json()).toMatchObject({
      name: 'Read',
      status: 'active',
    });
  });

  it('skips the same-origin check for a key without a cookie, keeps it for the cookie', async () => {
    const headers = { origin: 'https://evil.example', 'content-type': 'application/json' };
    const keyed = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { ...headers, authorization: `Bearer ${write.key}` },
      payload: leadBody,
    });
    expect(keyed.statusCode, keyed.body).toBe(201);
    const cookied = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { ...headers, cookie: owner.cookie, authorization: `Bearer ${write.key}` },
      payload: leadBody,
    });
    expect(cookied.statusCode).toBe(403);
  });
});

describe('refused keys answer 401', () => {
  it('malformed, unknown, revoked, expired, and a key whose creator is inactive', async () => {
    const malformed = await t.app.inject({
      method: 'GET',
      url: '/api/leads',
      headers: { authorization: 'Bearer not-a-key' },
    });
    expect(malformed.statusCode).toBe(401);
    expect(malformed.json()).toEqual({ message: invalidApiKeyMessage });
    expect(malformed.headers['www-authenticate']).toBe('Bearer');
    const empty = await t.app.inject({
      method: 'GET',
      url: '/api/leads',
      headers: { authorization: 'Bearer' },
    });
    expect(empty.json()).toEqual({ message: invalidApiKeyMessage });
    const unknown = await withKey(t.app, `lcs_${'A'.repeat(43)}`, 'GET', '/api/leads');
    expect([unknown.statusCode, unknown.json().message]).toEqual([401, invalidApiKeyMessage]);

    const revoked = await createKey(t.app, owner, { name: 'Soon revoked' });
    expect((await withKey(t.app, revoked.key, 'GET', '/api/leads')).statusCode).toBe(200);
    await call(t.app, 'POST', `/api/api-keys/${revoked.id}/revoke`, owner.cookie);
    const afterRevoke = await withKey(t.app, revoked.key, 'GET', '/api/leads');
    expect([afterRevoke.statusCode, afterRevoke.json().message]).toEqual([401, revokedApiKeyMessage]);

    const expiring = await createKey(t.app, owner, {
      name: 'Expiring',
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    expect((await withKey(t.app, expiring.key, 'GET', '/api/leads')).statusCode).toBe(200);
    await t.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, expiring.id));
    const expired = await withKey(t.app, expiring.key, 'GET', '/api/leads');
    expect([expired.statusCode, expired.json().message]).toEqual([401, expiredApiKeyMessage]);
    expect((await call(t.app, 'GET', `/api/api-keys/${expiring.id}`, owner.cookie)).json().status).toBe(
      'expired',
    );

    // Created with an expiry already past (an API client testing its 401 handling): born expired.
    const past = await createKey(t.app, owner, { name: 'Born expired', expiresAt: '2020-01-01' });
    expect(past.status).toBe('expired');
    const bornExpired = await withKey(t.app, past.key, 'GET', '/api/leads');
    expect([bornExpired.statusCode, bornExpired.json().message]).toEqual([401, expiredApiKeyMessage]);

    const member = await signedInMember(t.app, owner, {
      role: 'user',
      permissions: { settings: { view: true, update: true } },
    });
    const memberKey = await createKey(t.app, member, { name: 'Leaver' });
    expect((await withKey(t.app, memberKey.key, 'GET', '/api/leads')).statusCode).toBe(200);
    const deactivated = await call(t.app, 'PATCH', `/api/users/${member.id}`, owner.cookie, {
      status: 'inactive',
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    const left = await withKey(t.app, memberKey.key, 'GET', '/api/leads');
    expect([left.statusCode, left.json().message]).toEqual([401, inactiveApiKeyOwnerMessage]);
  });

  it('a suspended organization’s keys stop', async () => {
    const other = await newOrganization(t.app, t.db);
    const key = await createKey(t.app, other, { name: 'Suspended' });
    await t.db
      .update(organizations)
      .set({ status: 'suspended' })
      .where(eq(organizations.id, other.user.organizationId));
    const res = await withKey(t.app, key.key, 'GET', '/api/leads');
    expect([res.statusCode, res.json().message]).toEqual([401, inactiveApiKeyOwnerMessage]);
  });

  it('a key of a user who must still change a temporary password is refused like their session', async () => {
    const member = await signedInMember(t.app, owner, {
      role: 'user',
      permissions: { settings: { view: true, update: true } },
    });
    const key = await createKey(t.app, member, { name: 'Temporary' });
    expect((await withKey(t.app, key.key, 'GET', '/api/leads')).statusCode).toBe(200);
    // An admin sets a new (temporary) password: the account is locked until its owner picks one.
    const reset = await call(t.app, 'PATCH', `/api/users/${member.id}`, owner.cookie, {
      password: 'another-temporary',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const res = await withKey(t.app, key.key, 'GET', '/api/leads');
    expect([res.statusCode, res.json().message]).toEqual([403, mustChangePasswordMessage]);
  });
});

describe('tenant isolation', () => {
  it("organization A's key on B's lead answers 404 and changes nothing", async () => {
    const orgB = await newOrganization(t.app, t.db);
    const leadB = (await call(t.app, 'POST', '/api/leads', orgB.cookie, leadBody)).json();
    const keyA = await createKey(t.app, owner, { name: 'A admin', permissions: ['admin'] });
    const keyB = await createKey(t.app, orgB, { name: 'B read' });
    const before = (await call(t.app, 'GET', `/api/leads/${leadB.id}`, orgB.cookie)).json();
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { notes: 'Changed by A' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await withKey(t.app, keyA.key, method, `/api/leads/${leadB.id}`, body);
      expect(res.statusCode, method).toBe(404);
    }
    const listed = (await withKey(t.app, keyA.key, 'GET', '/api/leads')).json();
    expect(listed.items.map((l: { id: string }) => l.id)).not.toContain(leadB.id);
    expect((await call(t.app, 'GET', `/api/leads/${leadB.id}`, orgB.cookie)).json()).toEqual(before);

    // B's key, seen or changed by A's owner: 404 as well.
    for (const [method, url] of [
      ['GET', `/api/api-keys/${keyB.id}`],
      ['PATCH', `/api/api-keys/${keyB.id}`],
      ['POST', `/api/api-keys/${keyB.id}/revoke`],
      ['DELETE', `/api/api-keys/${keyB.id}`],
    ] as const) {
      const res = await call(
        t.app,
        method,
        url,
        owner.cookie,
        method === 'PATCH' ? { name: 'Taken' } : undefined,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const [stored] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, keyB.id));
    expect(stored).toMatchObject({ name: 'B read', status: 'active' });
    expect((await withKey(t.app, keyB.key, 'GET', '/api/leads')).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/api-keys', owner.cookie)).body).not.toContain(keyB.id);

    // A key tied to B's integration cannot be made in A: 404, and no key is created.
    const [integrationB] = await t.db
      .insert(integrations)
      .values({ organizationId: orgB.user.organizationId, name: 'B hook', type: 'webhook' })
      .returning({ id: integrations.id });
    const keysBefore = await t.db.select().from(apiKeys);
    const tied = await call(t.app, 'POST', '/api/api-keys', owner.cookie, {
      name: 'Tied',
      integrationId: integrationB.id,
    });
    expect([tied.statusCode, tied.json().message]).toEqual([404, integrationNotFoundMessage]);
    expect(await t.db.select().from(apiKeys)).toHaveLength(keysBefore.length);
    const ownTie = await call(t.app, 'POST', '/api/api-keys', orgB.cookie, {
      name: 'Tied',
      integrationId: integrationB.id,
    });
    expect(ownTie.statusCode).toBe(201);
    expect(ownTie.json().integrationId).toBe(integrationB.id);
  });
});

describe('rate limit and usage count', () => {
  let limited: TestApp;
  let org: SignedIn;
  const limit = 5;
  beforeAll(async () => {
    limited = await createTestApp({ apiKeyRateLimit: limit });
    org = await newOrganization(limited.app, limited.db);
  });
  afterAll(() => limited.close());

  const monthCount = async () =>
    (
      await limited.db
        .select({ calls: organizations.apiCallsMonth, start: organizations.apiCallsMonthStart })
        .from(organizations)
        .where(eq(organizations.id, org.user.organizationId))
    )[0];

  it('lets exactly the limit through under concurrent calls, then 429 with Retry-After', async () => {
    const key = await createKey(limited.app, org, { name: 'Burst' });
    const before = await monthCount();
    const answers = await Promise.all(
      Array.from({ length: 3 * limit }, () => withKey(limited.app, key.key, 'GET', '/api/leads')),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2 * limit);
    const refused = answers.find((res) => res.statusCode === 429)!;
    expect(refused.json()).toEqual({ message: apiKeyRateLimitedMessage });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Only the calls let through count into the month.
    expect((await monthCount()).calls).toBe(before.calls + limit);
    const [row] = await limited.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row.rateWindowCount).toBe(3 * limit);
    expect(row.lastUsed).toBeInstanceOf(Date);
    const shown = (await call(limited.app, 'GET', `/api/api-keys/${key.id}`, org.cookie)).json();
    expect(shown.lastUsed).toBe(row.lastUsed!.toISOString());

    // A new window lets calls through again.
    await limited.db
      .update(apiKeys)
      .set({ rateWindowStart: new Date(Date.now() - 61_000) })
      .where(eq(apiKeys.id, key.id));
    expect((await withKey(limited.app, key.key, 'GET', '/api/leads')).statusCode).toBe(200);
  });

  it('never asks to wait longer than the window, even when the window opened after the call began', async () => {
    const key = await createKey(limited.app, org, { name: 'Late window' });
    // What a call that waited on the row lock sees: a window opened after its own `now()`.
    await limited.db
      .update(apiKeys)
      .set({ rateWindowStart: sql`now() + interval '900 milliseconds'`, rateWindowCount: limit })
      .where(eq(apiKeys.id, key.id));
    const refused = await withKey(limited.app, key.key, 'GET', '/api/leads');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBe(60);
  });

  it('counts each accepted call into apiCallsMonth, starting again in a new month', async () => {
    const key = await createKey(limited.app, org, { name: 'Monthly' });
    const before = await monthCount();
    await withKey(limited.app, key.key, 'GET', '/api/leads');
    await withKey(limited.app, key.key, 'POST', '/api/leads', leadBody);
    const after = await monthCount();
    expect(after.calls).toBe(before.calls + 2);
    const now = new Date();
    const firstOfMonth = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-01`;
    expect(String(after.start)).toBe(firstOfMonth);
    // Session calls are the app itself, not API usage.
    await call(limited.app, 'GET', '/api/leads', org.cookie);
    expect((await monthCount()).calls).toBe(after.calls);

    await limited.db
      .update(organizations)
      .set({ apiCallsMonth: 999, apiCallsMonthStart: '2020-01-01' })
      .where(eq(organizations.id, org.user.organizationId));
    await withKey(limited.app, key.key, 'GET', '/api/leads');
    expect(await monthCount()).toEqual({ calls: 1, start: firstOfMonth });
    // One key's limit is its own: another key of the organization is unaffected.
    const [row] = await limited.db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, key.id), eq(apiKeys.organizationId, org.user.organizationId)));
    expect(row.rateWindowCount).toBe(3);
  });
});
