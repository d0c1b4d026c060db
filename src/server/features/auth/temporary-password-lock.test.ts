import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganizationOwner, type SignedIn, signIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addUser, call, chosenPassword, newOrganization, temporaryPassword } from '../users/test-helpers';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await newOrganization(t.app, t.db);
});
afterAll(() => t.close());

const lockedMessage = { message: 'You must change your password before continuing' };

/** A new admin (who may do nearly everything) signed in with the temporary password. */
async function lockedAdmin() {
  const user = await addUser(t.app, owner, { role: 'admin' });
  const session = await signIn(t.app, user.email, temporaryPassword);
  return { ...session, id: user.id };
}

describe('a temporary password locks the API (decision 018)', () => {
  it('refuses every route but the current user, change-password and logout with 403', async () => {
    const admin = await lockedAdmin();
    const refused: [string, string, unknown?][] = [
      ['GET', '/api/users'],
      ['GET', `/api/users/${admin.id}`],
      ['PATCH', `/api/users/${admin.id}`, { firstName: 'Changed' }],
      ['GET', '/api/leads'],
      ['POST', '/api/leads', { fullName: 'Lena Lead' }],
      ['GET', '/api/clients'],
      ['GET', '/api/deals'],
      ['GET', '/api/teams'],
      ['GET', '/api/organization'],
      ['GET', '/api/search?q=a'],
      ['DELETE', '/api/sample-data'],
    ];
    for (const [method, url, payload] of refused) {
      const res = await call(t.app, method as 'GET', url, admin.cookie, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json(), `${method} ${url}`).toEqual(lockedMessage);
    }
    // A route checked before its body is read refuses before reading it as well.
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/files?name=note.txt&type=text/plain',
      headers: { cookie: admin.cookie, 'content-type': 'application/octet-stream' },
      payload: Buffer.from('hello'),
    });
    expect(upload.statusCode).toBe(403);
    expect(upload.json()).toEqual(lockedMessage);
    // Nothing was changed by the refused calls.
    const me = await call(t.app, 'GET', `/api/users/${admin.id}`, owner.cookie);
    expect(me.json().firstName).toBe('Mia');
  });

  it('answers GET /api/user, lets the password be changed, then everything works', async () => {
    const admin = await lockedAdmin();
    const me = await call(t.app, 'GET', '/api/user', admin.cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json().mustChangePassword).toBe(true);
    const changed = await call(t.app, 'POST', '/api/auth/change-password', admin.cookie, {
      currentPassword: temporaryPassword,
      newPassword: chosenPassword,
    });
    expect(changed.statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/user', admin.cookie)).json().mustChangePassword).toBe(false);
    expect((await call(t.app, 'GET', '/api/users', admin.cookie)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/leads', admin.cookie)).statusCode).toBe(200);
    const lead = await call(t.app, 'POST', '/api/leads', admin.cookie, { fullName: 'Lena Lead' });
    expect(lead.statusCode).toBe(201);
  });

  it('signs out with GET /api/logout and POST /api/logout', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const admin = await lockedAdmin();
      const res = await call(t.app, method, '/api/logout', admin.cookie);
      expect(res.statusCode, method).toBeLessThan(400);
      expect((await call(t.app, 'GET', '/api/user', admin.cookie)).statusCode, method).toBe(401);
    }
  });

  it('applies after an admin resets the password, and not to a user without the flag', async () => {
    const member = await addUser(t.app, owner, { role: 'admin' });
    const reset = await call(t.app, 'PATCH', `/api/users/${member.id}`, owner.cookie, {
      password: 'reset-by-admin',
    });
    expect(reset.json().mustChangePassword).toBe(true);
    const session = await signIn(t.app, member.email, 'reset-by-admin');
    expect((await call(t.app, 'GET', '/api/leads', session.cookie)).json()).toEqual(lockedMessage);
    const other = await registerOrganizationOwner(t.app);
    expect((await call(t.app, 'GET', '/api/leads', other.cookie)).statusCode).toBe(200);
  });
});
