import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAttempts } from '../../db/schema/platform';
import { attemptKey, purgeExpiredAttempts } from '../../lib/attempt-limit';
import { registerOrganizationOwner, type SignedIn, uniqueEmail } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { defaultAuthRateLimits } from './routes';

// Two app instances on one database, as two servers behind a load balancer would be.
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({ sharedDatabase: a.database });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

// Each test signs in from its own address, so per-address counters do not leak between tests.
let lastOctet = 0;
const newIp = () => `198.51.100.${++lastOctet}`;

const signInOn = (t: TestApp, email: string, password: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { email, password } });

const statusCounts = (responses: { statusCode: number }[]) => {
  const counts: Record<number, number> = {};
  for (const res of responses) counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
  return counts;
};

const perEmail = defaultAuthRateLimits.signInFailuresPerEmail;

describe('sign-in limits under concurrency', () => {
  let owner: SignedIn;
  beforeAll(async () => {
    owner = await registerOrganizationOwner(a.app);
  });

  it('evaluates at most 5 of 200 parallel wrong passwords for one e-mail; the rest get 429', async () => {
    const ip = newIp();
    const responses = await Promise.all(
      Array.from({ length: 200 }, () => signInOn(a, owner.user.email, 'wrong-password', ip)),
    );
    expect(statusCounts(responses)).toEqual({ 401: perEmail, 429: 200 - perEmail });
    for (const res of responses.filter((r) => r.statusCode === 429)) {
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      expect(res.json().message).toBe('Too many attempts. Please try again in 15 minute(s).');
    }
    // The right password waits for the window as well, and is not checked.
    expect((await signInOn(a, owner.user.email, owner.password, newIp())).statusCode).toBe(429);
  });

  it('shares the counter between two app instances on one database', async () => {
    const other = await registerOrganizationOwner(a.app);
    const ip = newIp();
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => signInOn(i % 2 ? a : b, other.user.email, 'wrong-password', ip)),
    );
    expect(statusCounts(responses)).toEqual({ 401: perEmail, 429: 60 - perEmail });
    expect((await signInOn(b, other.user.email, other.password, newIp())).statusCode).toBe(429);
    expect((await signInOn(a, other.user.email, other.password, newIp())).statusCode).toBe(429);
  });

  it('limits failures per address across e-mails, in parallel too', async () => {
    const ip = newIp();
    const perIp = defaultAuthRateLimits.signInFailuresPerIp;
    const responses = await Promise.all(
      Array.from({ length: perIp + 20 }, () => signInOn(a, uniqueEmail('ghost'), 'whatever1', ip)),
    );
    expect(statusCounts(responses)).toEqual({ 401: perIp, 429: 20 });
    // Another address is unaffected.
    expect((await signInOn(b, uniqueEmail('ghost'), 'whatever1', newIp())).statusCode).toBe(401);
  });
});

describe('sign-in limit semantics', () => {
  it('a successful sign-in clears the e-mail counter and gives the address its attempt back', async () => {
    const owner = await registerOrganizationOwner(a.app);
    const ip = newIp();
    for (let i = 0; i < perEmail - 1; i++) {
      expect((await signInOn(a, owner.user.email, 'wrong-password', ip)).statusCode).toBe(401);
    }
    expect((await signInOn(b, owner.user.email, owner.password, ip)).statusCode).toBe(200);
    const emailRow = await a.db
      .select()
      .from(signInAttempts)
      .where(eq(signInAttempts.key, attemptKey('sign-in:email', owner.user.email)));
    expect(emailRow).toHaveLength(0);
    const [ipRow] = await a.db
      .select()
      .from(signInAttempts)
      .where(eq(signInAttempts.key, attemptKey('sign-in:ip', ip)));
    expect(ipRow.attempts).toBe(perEmail - 1);
    // A full allowance again.
    for (let i = 0; i < perEmail; i++) {
      expect((await signInOn(a, owner.user.email, 'wrong-password', ip)).statusCode).toBe(401);
    }
    expect((await signInOn(a, owner.user.email, 'wrong-password', ip)).statusCode).toBe(429);
  });

  it('answers Retry-After with the seconds left in the window and lets the next window through', async () => {
    const owner = await registerOrganizationOwner(a.app);
    const ip = newIp();
    for (let i = 0; i < perEmail; i++) await signInOn(a, owner.user.email, 'wrong-password', ip);
    const key = attemptKey('sign-in:email', owner.user.email);
    const moveWindowBack = (minutes: number) =>
      a.db
        .update(signInAttempts)
        .set({ windowStartedAt: sql`now() - make_interval(mins => ${minutes})` })
        .where(eq(signInAttempts.key, key));

    await moveWindowBack(14);
    const limited = await signInOn(a, owner.user.email, owner.password, ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(55);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.json().message).toBe('Too many attempts. Please try again in 1 minute(s).');

    await moveWindowBack(16);
    expect((await signInOn(a, owner.user.email, owner.password, ip)).statusCode).toBe(200);
  });

  it('keys the counters by a hash, never the e-mail or address itself', async () => {
    const email = uniqueEmail('hashed');
    await signInOn(a, email, 'whatever1', newIp());
    const rows = await a.db.select({ key: signInAttempts.key }).from(signInAttempts);
    expect(rows.some((r) => r.key.includes(email) || r.key.includes('198.51.100.'))).toBe(false);
    expect(rows.map((r) => r.key)).toContain(attemptKey('sign-in:email', email));
  });

  it('purges counters older than the retention', async () => {
    const old = attemptKey('sign-in:email', uniqueEmail('old'));
    await a.db
      .insert(signInAttempts)
      .values({ key: old, attempts: 3, windowStartedAt: new Date(Date.now() - 2 * 86_400_000) });
    const fresh = attemptKey('sign-in:email', uniqueEmail('fresh'));
    await a.db.insert(signInAttempts).values({ key: fresh, attempts: 1 });
    await purgeExpiredAttempts(a.db, 86_400_000);
    const keys = (await a.db.select({ key: signInAttempts.key }).from(signInAttempts)).map((r) => r.key);
    expect(keys).not.toContain(old);
    expect(keys).toContain(fresh);
  });
});

describe('registration limits', () => {
  it('counts every registration attempt per e-mail, in parallel and across instances', async () => {
    const email = uniqueEmail('twice');
    const ip = newIp();
    const register = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: ip,
        payload: {
          organizationName: 'Parallel Recovery',
          firstName: 'Pat',
          lastName: 'Parallel',
          email,
          password: 'correct horse battery',
        },
      });
    const responses = await Promise.all(Array.from({ length: 12 }, (_, i) => register(i % 2 ? a : b)));
    const perEmailRegistrations = defaultAuthRateLimits.registrationsPerEmail;
    // One account; the other attempts within the limit find the e-mail taken.
    expect(statusCounts(responses)).toEqual({
      201: 1,
      409: perEmailRegistrations - 1,
      429: 12 - perEmailRegistrations,
    });
    expect(responses.filter((r) => r.statusCode === 429)[0].headers['retry-after']).toBeDefined();
  });
});
