import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgotPasswordMessage, invalidLinkMessage } from '../../../common/validation/auth';
import { users, userTokens } from '../../db/schema/identity';
import { outbox } from '../../db/schema/platform';
import { outboxKinds } from '../../lib/outbox';
import { type SignedIn, signIn, uniqueEmail } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Caller, callerOf, fieldErrors, memberWith, organization } from '../leads/test-kit';
import { signedInMember } from '../users/test-helpers';
import { hashToken } from './user-tokens';

let t: TestApp;
let call: Caller;
let owner: SignedIn;
const appUrl = 'https://crm.example.test';

beforeAll(async () => {
  t = await createTestApp({ appUrl, rateLimits: {} });
  call = callerOf(t);
  owner = await organization(t);
});
afterAll(() => t.close());

interface QueuedMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  organizationId?: string;
  purpose: string;
}

/** The platform messages queued to `to`, opened with the app's secret box (newest last). */
async function mailTo(to: string): Promise<QueuedMail[]> {
  const rows = await t.db.select().from(outbox).where(eq(outbox.kind, outboxKinds.sendPlatformEmail));
  return rows
    .toSorted((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((row) => JSON.parse(t.secrets.open((row.payload as { sealed: string }).sealed)) as QueuedMail)
    .filter((mail) => mail.to === to);
}

function tokenIn(mail: QueuedMail, path: string) {
  const match = new RegExp(`${appUrl}${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  return match[1];
}

const forgot = (email: string, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: ip });

describe('forgot and reset password', () => {
  it('answers the same for an existing and an unknown address; mails only the existing one', async () => {
    const member = await signedInMember(t.app, owner, { email: uniqueEmail('reset') });
    const unknown = uniqueEmail('nobody');
    const a = await forgot(member.user.email);
    const b = await forgot(unknown);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json()).toEqual({ message: forgotPasswordMessage });
    expect(b.json()).toEqual(a.json());
    expect(await mailTo(unknown)).toEqual([]);
    const [mail] = await mailTo(member.user.email);
    expect(mail).toMatchObject({ purpose: 'password_reset', organizationId: owner.user.organizationId });
    // Only the token's hash is stored, never the token.
    const token = tokenIn(mail, '/auth/reset-password');
    const [row] = await t.db
      .select()
      .from(userTokens)
      .where(eq(userTokens.tokenHash, hashToken(token)));
    expect(row).toMatchObject({ userId: member.id, purpose: 'password_reset', usedAt: null });
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60 * 1000);
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);
  });

  it('resets once, ends every session, and the link then says it is invalid', async () => {
    const member = await signedInMember(t.app, owner, { email: uniqueEmail('once') });
    const otherSession = await signIn(t.app, member.user.email, member.password);
    await forgot(member.user.email);
    const token = tokenIn((await mailTo(member.user.email)).at(-1)!, '/auth/reset-password');
    const greeting = await call('GET', `/api/auth/token?token=${token}&purpose=password_reset`);
    expect(greeting.json()).toMatchObject({ valid: true, email: member.user.email, firstName: 'Mia' });
    const short = await call('POST', '/api/auth/reset-password', undefined, { token, password: '123' });
    expect(fieldErrors(short)).toEqual([
      { path: 'password', message: 'Password must be at least 6 characters' },
    ]);
    const reset = await call('POST', '/api/auth/reset-password', undefined, {
      token,
      password: 'brand-new-pass',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    for (const session of [member, otherSession]) {
      expect((await call('GET', '/api/user', session.cookie)).statusCode).toBe(401);
    }
    await signIn(t.app, member.user.email, 'brand-new-pass');
    const again = await call('POST', '/api/auth/reset-password', undefined, {
      token,
      password: 'another-pass',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(invalidLinkMessage);
    const used = await call('GET', `/api/auth/token?token=${token}&purpose=password_reset`);
    expect(used.json()).toEqual({ valid: false, email: null, firstName: null, organizationName: null });
  });

  it('refuses an expired link, an unknown one, and an older one after a new request', async () => {
    const member = await signedInMember(t.app, owner, { email: uniqueEmail('expired') });
    await forgot(member.user.email);
    const first = tokenIn((await mailTo(member.user.email)).at(-1)!, '/auth/reset-password');
    await forgot(member.user.email);
    const second = tokenIn((await mailTo(member.user.email)).at(-1)!, '/auth/reset-password');
    const older = await call('POST', '/api/auth/reset-password', undefined, {
      token: first,
      password: 'new-pass-1',
    });
    expect(older.statusCode).toBe(400);
    await t.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.tokenHash, hashToken(second)));
    const expired = await call('POST', '/api/auth/reset-password', undefined, {
      token: second,
      password: 'new-pass-1',
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(invalidLinkMessage);
    const unknown = await call('POST', '/api/auth/reset-password', undefined, {
      token: 'x'.repeat(43),
      password: 'new-pass-1',
    });
    expect(unknown.statusCode).toBe(400);
    await signIn(t.app, member.user.email, member.password);
  });

  it('sends nothing to an inactive user and limits requests per address', async () => {
    const member = await signedInMember(t.app, owner, { email: uniqueEmail('inactive') });
    await t.db.update(users).set({ status: 'inactive' }).where(eq(users.id, member.id));
    expect((await forgot(member.user.email)).statusCode).toBe(200);
    expect(await mailTo(member.user.email)).toEqual([]);
    const address = uniqueEmail('spam');
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await forgot(address, `10.1.0.${i}`)).statusCode);
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(codes.slice(5)).toEqual([429, 429]);
  });
});

const invite = (who: SignedIn, body: Record<string, unknown> = {}) =>
  call('POST', '/api/users/invitations', who.cookie, {
    email: uniqueEmail('invitee'),
    firstName: 'Ivy',
    lastName: 'Invitee',
    role: 'user',
    ...body,
  });

describe('invitations', () => {
  it('queues an invitation whose link signs the new user in', async () => {
    const res = await invite(owner);
    expect(res.statusCode, res.body).toBe(201);
    const invited = res.json();
    expect(invited).toMatchObject({ status: 'active', mustChangePassword: false, invitationPending: true });
    const [mail] = await mailTo(invited.email);
    expect(mail.purpose).toBe('invitation');
    expect(mail.subject).toBe('Ada Owner invited you to Acme Recovery on Locus');
    expect(mail.text).toContain('Acme Recovery');
    const token = tokenIn(mail, '/auth/accept-invitation');
    const info = await call('GET', `/api/auth/token?token=${token}&purpose=invitation`);
    expect(info.json()).toMatchObject({
      valid: true,
      email: invited.email,
      organizationName: 'Acme Recovery',
    });
    // Nobody can sign in before the invitee chose a password.
    const listed = await call('GET', `/api/users?search=${encodeURIComponent(invited.email)}`, owner.cookie);
    expect(listed.json().items[0].invitationPending).toBe(true);
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/auth/accept-invitation',
      payload: { token, password: 'ivy-password' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const cookie = accepted.cookies.find((c) => c.name === 'locus_sid');
    const me = await call('GET', '/api/user', `locus_sid=${cookie?.value}`);
    expect(me.json()).toMatchObject({ id: invited.id, email: invited.email });
    await signIn(t.app, invited.email, 'ivy-password');
    expect((await call('GET', `/api/users/${invited.id}`, owner.cookie)).json().invitationPending).toBe(
      false,
    );
    const twice = await call('POST', '/api/auth/accept-invitation', undefined, {
      token,
      password: 'other-pass',
    });
    expect(twice.statusCode).toBe(400);
    expect((await call('POST', `/api/users/${invited.id}/invitations`, owner.cookie)).statusCode).toBe(409);
  });

  it('resending makes the earlier link stop working', async () => {
    const invited = (await invite(owner)).json();
    const oldToken = tokenIn((await mailTo(invited.email))[0], '/auth/accept-invitation');
    const resent = await call('POST', `/api/users/${invited.id}/invitations`, owner.cookie);
    expect(resent.statusCode, resent.body).toBe(200);
    const mails = await mailTo(invited.email);
    expect(mails).toHaveLength(2);
    const newToken = tokenIn(mails[1], '/auth/accept-invitation');
    expect(newToken).not.toBe(oldToken);
    const old = await call('POST', '/api/auth/accept-invitation', undefined, {
      token: oldToken,
      password: 'whatever1',
    });
    expect(old.statusCode).toBe(400);
    const fresh = await call('POST', '/api/auth/accept-invitation', undefined, {
      token: newToken,
      password: 'whatever1',
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('applies the rules of user creation: permission, escalation, seats, validation, other organizations', async () => {
    const plain = await memberWith(t, owner, {});
    expect((await invite(plain)).statusCode).toBe(403);
    const creator = await memberWith(t, owner, { users: { read: true, create: true } });
    // A plain user cannot hand out the admin role through an invitation either.
    expect((await invite(creator, { role: 'admin' })).statusCode).toBe(403);
    const bad = await invite(owner, { email: 'nope', firstName: 'I' });
    expect(fieldErrors(bad)).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'Please enter a valid email address' },
        { path: 'firstName', message: 'First name must be at least 2 characters' },
      ]),
    );
    const taken = await invite(owner, { email: owner.user.email });
    expect(taken.statusCode).toBe(409);
    const other = await organization(t);
    const theirs = (await invite(other)).json();
    expect((await call('POST', `/api/users/${theirs.id}/invitations`, owner.cookie)).statusCode).toBe(404);
    const small = await organization(t);
    const { organizations } = await import('../../db/schema/identity');
    await t.db
      .update(organizations)
      .set({ maxUsers: 1 })
      .where(eq(organizations.id, small.user.organizationId));
    const full = await invite(small);
    expect(full.statusCode).not.toBe(201);
    const mails = await t.db
      .select()
      .from(userTokens)
      .where(
        and(eq(userTokens.organizationId, small.user.organizationId), eq(userTokens.purpose, 'invitation')),
      );
    expect(mails).toEqual([]);
  });
});
