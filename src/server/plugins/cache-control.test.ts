import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganizationOwner, type SignedIn } from '../test/sessions';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOrganizationOwner(t.app);
});
afterAll(() => t.close());

describe('Cache-Control on API answers', () => {
  it.each([
    ['GET', '/api/user'],
    ['GET', '/api/leads'],
    ['GET', '/api/dashboard/summary'],
    ['GET', '/api/users'],
    ['POST', '/api/leads'],
    ['GET', '/api/no-such-route'],
  ])('%s %s answers no-store to a signed-in user, errors included', async (method, url) => {
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      headers: { cookie: owner.cookie },
      ...(method === 'POST' && { payload: {} }),
    });
    expect(res.headers['cache-control'], `${res.statusCode}`).toBe('no-store');
  });

  it('answers no-store when signed out as well (401, sign-in)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user' })).headers['cache-control']).toBe(
      'no-store',
    );
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.user.email, password: owner.password },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['cache-control']).toBe('no-store');
  });
});
