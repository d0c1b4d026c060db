import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/identity';
import { call, newOrganization, signedInMember } from '../features/users/test-helpers';
import { createTestApp, type TestApp } from '../test/test-app';

/*
 * Signed-in reads reuse the session lookup for SESSION_CACHE_MS (auth-context-cache.ts). These
 * tests hold the promise that makes it safe: whatever changes through the API applies to the very
 * next request, however warm the cache.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sessionCacheMs: 60_000 });
});
afterAll(() => t.close());

async function warm(cookie: string) {
  for (let i = 0; i < 2; i++) expect((await call(t.app, 'GET', '/api/user', cookie)).statusCode).toBe(200);
}

describe('cached sessions', () => {
  it('a member deactivated through the API is refused on their next request', async () => {
    const owner = await newOrganization(t.app, t.db);
    const member = await signedInMember(t.app, owner);
    await warm(member.cookie);
    const res = await call(t.app, 'PATCH', `/api/users/${member.id}`, owner.cookie, { status: 'inactive' });
    expect(res.statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/user', member.cookie)).statusCode).toBe(401);
  });

  it('a role change applies to the next request', async () => {
    const owner = await newOrganization(t.app, t.db);
    const member = await signedInMember(t.app, owner, { role: 'admin' });
    await warm(member.cookie);
    expect((await call(t.app, 'GET', '/api/user', member.cookie)).json().role).toBe('admin');
    await call(t.app, 'PATCH', `/api/users/${member.id}`, owner.cookie, { role: 'user' });
    expect((await call(t.app, 'GET', '/api/user', member.cookie)).json().role).toBe('user');
  });

  it('sign-out by GET /api/logout ends a cached session at once', async () => {
    const owner = await newOrganization(t.app, t.db);
    await warm(owner.cookie);
    expect((await call(t.app, 'GET', '/api/logout', owner.cookie)).statusCode).toBe(302);
    expect((await call(t.app, 'GET', '/api/user', owner.cookie)).statusCode).toBe(401);
  });

  it('a password change ends the other, cached sessions', async () => {
    const owner = await newOrganization(t.app, t.db);
    const member = await signedInMember(t.app, owner);
    const login = { email: member.user.email, password: member.password };
    const other = await call(t.app, 'POST', '/api/auth/login', undefined, login);
    const otherCookie = `locus_sid=${other.cookies.find((c) => c.name === 'locus_sid')?.value}`;
    await warm(otherCookie);
    const res = await call(t.app, 'POST', '/api/auth/change-password', member.cookie, {
      currentPassword: member.password,
      newPassword: 'yet-another-pass',
    });
    expect(res.statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/user', otherCookie)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/user', member.cookie)).statusCode).toBe(200);
  });
});

describe('changes made outside the server', () => {
  it('are seen once SESSION_CACHE_MS has passed', async () => {
    const cacheMs = 300;
    const outside = await createTestApp({ sessionCacheMs: cacheMs });
    try {
      const owner = await newOrganization(outside.app, outside.db);
      expect((await call(outside.app, 'GET', '/api/user', owner.cookie)).statusCode).toBe(200);
      await outside.db.update(users).set({ status: 'inactive' }).where(eq(users.id, owner.user.id));
      await new Promise((resolve) => setTimeout(resolve, cacheMs + 50));
      expect((await call(outside.app, 'GET', '/api/user', owner.cookie)).statusCode).toBe(401);
    } finally {
      await outside.close();
    }
  });

  it('are seen at once with SESSION_CACHE_MS=0', async () => {
    const uncached = await createTestApp({ sessionCacheMs: 0 });
    try {
      const owner = await newOrganization(uncached.app, uncached.db);
      expect((await call(uncached.app, 'GET', '/api/user', owner.cookie)).statusCode).toBe(200);
      await uncached.db.update(users).set({ status: 'inactive' }).where(eq(users.id, owner.user.id));
      expect((await call(uncached.app, 'GET', '/api/user', owner.cookie)).statusCode).toBe(401);
    } finally {
      await uncached.close();
    }
  });
});
