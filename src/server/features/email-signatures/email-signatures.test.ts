import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Caller, callerOf, fieldErrors, memberWith, organization } from '../leads/test-kit';
import { signatureNotFoundMessage } from './email-signatures';

let t: TestApp;
let call: Caller;
let owner: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  call = callerOf(t);
  owner = await organization(t);
  other = await organization(t);
});
afterAll(() => t.close());

async function createSignature(who: SignedIn, body: Record<string, unknown>) {
  const res = await call('POST', '/api/email-signatures', who.cookie, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Record<string, unknown> & { id: string };
}

const defaults = async (who: SignedIn) =>
  (await call('GET', '/api/email-signatures', who.cookie))
    .json()
    .items.filter((s: { isDefault: boolean }) => s.isDefault)
    .map((s: { id: string }) => s.id);

describe('email signatures', () => {
  it('keeps at most one default per organization', async () => {
    const first = await createSignature(owner, {
      name: 'Formal',
      bodyHtml: '<p>{{user.fullName}}</p>',
      isDefault: true,
    });
    expect(await defaults(owner)).toEqual([first.id]);
    const second = await createSignature(owner, {
      name: 'Short',
      bodyHtml: '<p>— {{user.firstName}}</p>',
      isDefault: true,
    });
    expect(await defaults(owner)).toEqual([second.id]);
    const patched = await call('PATCH', `/api/email-signatures/${first.id}`, owner.cookie, {
      isDefault: true,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().isDefault).toBe(true);
    expect(await defaults(owner)).toEqual([first.id]);
    // Another organization's default is untouched by ours.
    const theirs = await createSignature(other, { name: 'Theirs', bodyHtml: '<p>T</p>', isDefault: true });
    await call('PATCH', `/api/email-signatures/${second.id}`, owner.cookie, { isDefault: true });
    expect(await defaults(other)).toEqual([theirs.id]);
  });

  it('answers the spec messages', async () => {
    const res = await call('POST', '/api/email-signatures', owner.cookie, {
      name: 'x',
      bodyHtml: '<p> </p>',
    });
    expect(fieldErrors(res)).toEqual([
      { path: 'name', message: 'Name must be at least 2 characters' },
      { path: 'bodyHtml', message: 'Signature content is required' },
    ]);
  });

  it('renders the sender fields', async () => {
    const signature = await createSignature(owner, {
      name: 'Rendered',
      bodyHtml: '<p>{{user.fullName}} · {{organization.name}}</p>',
    });
    const res = await call('POST', `/api/email-signatures/${signature.id}/render`, owner.cookie, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      bodyHtml: '<p>Ada Owner · Acme Recovery</p>',
      bodyText: 'Ada Owner · Acme Recovery',
    });
  });

  it("hides another organization's signatures (404) and guards changes (403)", async () => {
    const theirs = await createSignature(other, { name: 'Private', bodyHtml: '<p>P</p>' });
    for (const [method, url] of [
      ['GET', `/api/email-signatures/${theirs.id}`],
      ['PATCH', `/api/email-signatures/${theirs.id}`],
      ['DELETE', `/api/email-signatures/${theirs.id}`],
      ['POST', `/api/email-signatures/${theirs.id}/render`],
    ] as const) {
      const res = await call(
        method,
        url,
        owner.cookie,
        method === 'DELETE' || method === 'GET' ? undefined : {},
      );
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe(signatureNotFoundMessage);
    }
    const member = await memberWith(t, owner, {});
    expect((await call('GET', '/api/email-signatures', member.cookie)).statusCode).toBe(200);
    const denied = await call('POST', '/api/email-signatures', member.cookie, {
      name: 'Mine',
      bodyHtml: '<p>x</p>',
    });
    expect(denied.statusCode).toBe(403);
    const mine = await createSignature(owner, { name: 'Deletable', bodyHtml: '<p>x</p>' });
    expect((await call('DELETE', `/api/email-signatures/${mine.id}`, owner.cookie)).statusCode).toBe(204);
  });
});
