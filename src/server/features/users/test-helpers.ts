import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db';
import { organizations } from '../../db/schema/identity';
import { registerOrganizationOwner, type SignedIn, signIn, uniqueEmail } from '../../test/sessions';

/** Test helpers for the users API (shared with the tenant-isolation and route-permission tests). */

export const temporaryPassword = 'temporary-pass';
export const chosenPassword = 'my-own-password';

export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
  });
}

/** A new organization whose owner is signed in; `maxUsers` raised so tests can add users freely. */
export async function newOrganization(app: FastifyInstance, db: Database, maxUsers = 50): Promise<SignedIn> {
  const owner = await registerOrganizationOwner(app);
  await db.update(organizations).set({ maxUsers }).where(eq(organizations.id, owner.user.organizationId));
  return owner;
}

/** Creates a user through the API as `by`; throws unless 201. */
export async function addUser(app: FastifyInstance, by: SignedIn, body: Record<string, unknown> = {}) {
  const res = await call(app, 'POST', '/api/users', by.cookie, {
    email: uniqueEmail('member'),
    firstName: 'Mia',
    lastName: 'Member',
    role: 'user',
    status: 'active',
    password: temporaryPassword,
    ...body,
  });
  if (res.statusCode !== 201) throw new Error(`create user failed ${res.statusCode}: ${res.body}`);
  return res.json() as { id: string; email: string; [key: string]: unknown };
}

/** Signs a new user in and replaces their temporary password, as the app asks at first sign-in. */
export async function activateUser(app: FastifyInstance, email: string, password = temporaryPassword) {
  const session = await signIn(app, email, password);
  const res = await call(app, 'POST', '/api/auth/change-password', session.cookie, {
    currentPassword: password,
    newPassword: chosenPassword,
  });
  if (res.statusCode !== 200) throw new Error(`change password failed ${res.statusCode}: ${res.body}`);
  return { ...session, password: chosenPassword };
}

/** A signed-in member of `owner`'s organization with the given role and permission overrides. */
export async function signedInMember(
  app: FastifyInstance,
  owner: SignedIn,
  body: Record<string, unknown> = {},
): Promise<SignedIn & { id: string }> {
  const user = await addUser(app, owner, body);
  const session = await activateUser(app, user.email);
  return { ...session, id: user.id };
}
