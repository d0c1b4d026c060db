import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganizationOwner } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signedIn = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode === 200;

describe('sign-out from another site', () => {
  it('GET /api/logout from a cross-site navigation asks first and keeps the session', async () => {
    const owner = await registerOrganizationOwner(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie: owner.cookie, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    // The app's CSP applies: no inline script or style on the page.
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toContain('<h1>Sign out?</h1>');
    expect(res.body).toContain('<form method="post" action="/api/logout">');
    expect(res.body).not.toMatch(/<script|<style|style=/);
    expect(res.cookies.find((c) => c.name === 'locus_sid')).toBeUndefined();
    expect(await signedIn(owner.cookie)).toBe(true);
  });

  it("the page's button signs out with a same-origin POST", async () => {
    const owner = await registerOrganizationOwner(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: {
        cookie: owner.cookie,
        host: 'localhost:3000',
        origin: 'http://localhost:3000',
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: '',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
    expect(await signedIn(owner.cookie)).toBe(false);
  });

  it('a cross-site POST /api/logout is refused like any cross-site write', async () => {
    const owner = await registerOrganizationOwner(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: {
        cookie: owner.cookie,
        host: 'localhost:3000',
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: '',
    });
    expect(res.statusCode).toBe(403);
    expect(await signedIn(owner.cookie)).toBe(true);
  });

  it.each([['same-origin'], ['none'], [undefined]])(
    'GET /api/logout with Sec-Fetch-Site %s signs out and redirects to / as before',
    async (site) => {
      const owner = await registerOrganizationOwner(t.app);
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/logout',
        headers: { cookie: owner.cookie, ...(site && { 'sec-fetch-site': site }) },
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/');
      expect(await signedIn(owner.cookie)).toBe(false);
    },
  );

  it('a cross-site GET /api/logout without a session just goes home', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
  });
});
