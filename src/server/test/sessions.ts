import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export interface SignedIn {
  cookie: string;
  user: { id: string; organizationId: string; email: string; [key: string]: unknown };
  password: string;
}

export function sessionCookieOf(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'locus_sid' && c.value);
  if (!cookie) throw new Error(`no session cookie in response ${res.statusCode}: ${res.body}`);
  return `locus_sid=${cookie.value}`;
}

export function uniqueEmail(prefix = 'user') {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}

/**
 * Registers a new organization and returns its owner's session. The sample data registration
 * seeds is cleared through the API (as an owner would from Settings), so tests start from an
 * empty organization; pass `withSampleData: true` to keep it.
 */
export async function registerOrganizationOwner(
  app: FastifyInstance,
  overrides: Partial<{
    organizationName: string;
    industrySector: string;
    email: string;
    firstName: string;
    lastName: string;
  }> = {},
  { withSampleData = false }: { withSampleData?: boolean } = {},
): Promise<SignedIn> {
  const password = 'correct horse battery';
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      organizationName: 'Acme Recovery',
      industrySector: 'Surplus Funds Locator',
      firstName: 'Ada',
      lastName: 'Owner',
      email: uniqueEmail('owner'),
      password,
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(`register failed ${res.statusCode}: ${res.body}`);
  const cookie = sessionCookieOf(res);
  if (!withSampleData) {
    const cleared = await app.inject({ method: 'DELETE', url: '/api/sample-data', headers: { cookie } });
    if (cleared.statusCode !== 200)
      throw new Error(`clearing sample data failed ${cleared.statusCode}: ${cleared.body}`);
  }
  return { cookie, user: res.json(), password };
}

export async function signIn(app: FastifyInstance, email: string, password: string): Promise<SignedIn> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed ${res.statusCode}: ${res.body}`);
  return { cookie: sessionCookieOf(res), user: res.json(), password };
}
