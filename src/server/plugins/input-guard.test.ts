import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor } from '../lib/keyset-pagination';
import { organization } from '../features/leads/test-kit';
import { call } from '../features/users/test-helpers';
import { createTestApp, type TestApp } from '../test/test-app';
import { nestedTooDeeplyMessage, nulCharacterMessage } from './input-guard';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const json = { 'content-type': 'application/json' };

/** `{"a":{"a":…1…}}` as text: too deep for JSON.stringify to write. */
function nestedJson(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

async function leadCount(cookie: string) {
  return (await call(t.app, 'GET', '/api/leads', cookie)).json().total as number;
}

describe('input the database could not store is a 400, never a 500', () => {
  it('refuses a NUL character in a body field, a tag, a custom-field key or value, with its path', async () => {
    const owner = await organization(t);
    for (const [body, path] of [
      [{ fullName: 'Ann\u0000Lee' }, 'fullName'],
      [{ fullName: 'Ann Lee', tags: ['ok', 'b\u0000d'] }, 'tags.1'],
      [{ fullName: 'Ann Lee', customFields: { 'k\u0000': 'v' } }, 'customFields.k\u0000'],
      [{ fullName: 'Ann Lee', customFields: { note: 'x\u0000' } }, 'customFields.note'],
    ] as const) {
      const res = await call(t.app, 'POST', '/api/leads', owner.cookie, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'Validation failed',
        errors: [{ path, message: nulCharacterMessage }],
      });
    }
    expect(await leadCount(owner.cookie)).toBe(0);
  });

  it('refuses a NUL character in a query string or a path parameter', async () => {
    const owner = await organization(t);
    for (const [url, path] of [
      ['/api/leads?search=%00', 'search'],
      ['/api/deals?stage=a%00b', 'stage'],
      ['/api/leads/a%00b', 'id'],
    ] as const) {
      const res = await call(t.app, 'GET', url, owner.cookie);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors).toEqual([{ path, message: nulCharacterMessage }]);
    }
  });

  it('refuses JSON nested deeper than 32 levels, and takes ordinary nesting', async () => {
    const owner = await organization(t);
    const post = (depth: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/leads',
        headers: { ...json, cookie: owner.cookie },
        payload: `{"fullName":"Nested Value","customFields":${nestedJson(depth)}}`,
      });
    const deep = await post(5000);
    expect(deep.statusCode).toBe(400);
    expect(deep.json().errors[0].message).toBe(nestedTooDeeplyMessage);
    const fine = await post(5);
    expect(fine.statusCode).toBe(201);
  });

  it('a cursor whose sort value the column cannot hold is a 400', async () => {
    const owner = await organization(t);
    const id = '00000000-0000-4000-8000-000000000000';
    for (const v of ['not a date', 'a\u0000']) {
      const cursor = encodeCursor({ s: '-createdAt', v, id });
      const res = await call(t.app, 'GET', `/api/deals?cursor=${cursor}`, owner.cookie);
      expect(res.statusCode, v).toBe(400);
    }
  });

  it('refuses dates in year 0 and beyond 9999 with the field message', async () => {
    const owner = await organization(t);
    for (const dueDate of ['0000-01-01', '0001-01-01T00:00:00+14:00', '+010000-01-01T00:00:00Z']) {
      const res = await call(t.app, 'POST', '/api/lead-activities', owner.cookie, {
        leadId: '00000000-0000-4000-8000-000000000000',
        type: 'task',
        subject: 'Call back',
        dueDate,
      });
      expect(res.statusCode, dueDate).toBe(400);
      expect(res.json().errors).toContainEqual({ path: 'dueDate', message: 'Due date must be a valid date' });
    }
    const list = await call(t.app, 'GET', '/api/activities?dueBefore=0000-01-01', owner.cookie);
    expect(list.statusCode).toBe(400);
  });
});

describe('JSON bodies', () => {
  it('an empty body sent with the JSON content type is no body: DELETE answers 204', async () => {
    const owner = await organization(t);
    const lead = (await call(t.app, 'POST', '/api/leads', owner.cookie, { fullName: 'Ann Lee' })).json();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/leads/${lead.id}`,
      headers: { ...json, cookie: owner.cookie },
      payload: '',
    });
    expect(res.statusCode).toBe(204);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/leads/${lead.id}`,
      headers: { ...json, cookie: owner.cookie },
      payload: '',
    });
    // A PATCH needs a body: the empty one is refused as such, not as unparseable JSON.
    expect(patch.statusCode).toBe(400);
    expect(patch.json().message).toBe('Validation failed');
  });

  it('still refuses malformed JSON and prototype keys', async () => {
    const owner = await organization(t);
    for (const payload of ['{"fullName":', '{"__proto__":{"x":1},"fullName":"Ann Lee"}']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/leads',
        headers: { ...json, cookie: owner.cookie },
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
  });
});
