import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, callerOf, created, organization } from '../features/leads/test-kit';
import { addUser, signedInMember } from '../features/users/test-helpers';
import type { SignedIn } from '../test/sessions';
import { createTestApp, type TestApp } from '../test/test-app';

/** Optimistic concurrency (docs/decisions/017) on every record type with a PATCH. */

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

type Row = Record<string, unknown> & { id: string; updatedAt: string };

function patch(url: string, body: unknown, ifMatch?: string, cookie = owner.cookie) {
  return t.app.inject({
    method: 'PATCH',
    url,
    headers: { cookie, ...(ifMatch !== undefined && { 'if-match': ifMatch }) },
    payload: body as Record<string, unknown>,
  });
}

async function read(url: string) {
  const res = await call('GET', url, owner.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return { etag: String(res.headers.etag), body: res.json() as Row };
}

interface Resource {
  path: string;
  /** Makes a record; returns its id. */
  make: () => Promise<string>;
  /** Two edits of different fields, as two people would make them. */
  first: Record<string, unknown>;
  second: Record<string, unknown>;
}

let seq = 0;
const unique = (name: string) => `${name} ${++seq}`;
const make = (path: string, body: () => Record<string, unknown>) => async () =>
  (await created(t, path, owner.cookie, body())).id;

const resources: Resource[] = [
  {
    path: '/api/leads',
    make: make('/api/leads', () => ({ fullName: 'Lena Lead' })),
    first: { fullName: 'Lena Changed' },
    second: { notes: 'Called twice' },
  },
  {
    path: '/api/clients',
    make: make('/api/clients', () => ({ displayName: 'Cleo Client' })),
    first: { displayName: 'Cleo Changed' },
    second: { tags: ['heir'] },
  },
  {
    path: '/api/companies',
    make: make('/api/companies', () => ({ companyName: 'Acme Recovery' })),
    first: { companyName: 'Acme Changed' },
    second: { notes: 'Big account' },
  },
  {
    path: '/api/deals',
    make: make('/api/deals', () => ({ dealName: 'Palm Way surplus', stage: 'Research' })),
    first: { dealName: 'Palm Way changed' },
    second: { notes: 'Clerk called back' },
  },
  {
    path: '/api/activities',
    make: async () => {
      const deal = await created(t, '/api/deals', owner.cookie, { dealName: 'For tasks', stage: 'Research' });
      return (
        await created(t, '/api/activities', owner.cookie, {
          dealId: deal.id,
          type: 'task',
          subject: 'Call the clerk',
          status: 'pending',
        })
      ).id;
    },
    first: { subject: 'Call the clerk again' },
    second: { description: 'Ask for the docket' },
  },
  {
    path: '/api/lead-activities',
    make: async () => {
      const lead = await created(t, '/api/leads', owner.cookie, { fullName: 'Lee Lead' });
      return (
        await created(t, '/api/lead-activities', owner.cookie, {
          leadId: lead.id,
          type: 'task',
          subject: 'Send the letter',
          status: 'pending',
        })
      ).id;
    },
    first: { subject: 'Send the second letter' },
    second: { description: 'Certified mail' },
  },
  {
    path: '/api/users',
    make: async () => (await addUser(t.app, owner)).id as string,
    first: { firstName: 'Maria' },
    second: { lastName: 'Locator' },
  },
  {
    path: '/api/teams',
    make: make('/api/teams', () => ({ name: unique('Closers'), status: 'active' })),
    first: { name: 'Closers renamed' },
    second: { description: 'The phone team' },
  },
  {
    path: '/api/pipelines',
    make: make('/api/pipelines', () => ({ name: unique('Probate') })),
    first: { isActive: false },
    second: { orderIndex: 7 },
  },
  {
    path: '/api/lead-sources',
    make: make('/api/lead-sources', () => ({ name: unique('Courthouse list') })),
    first: { isActive: false },
    second: { orderIndex: 7 },
  },
  {
    path: '/api/tags',
    make: make('/api/tags', () => ({ name: unique('VIP') })),
    first: { color: '#10b981' },
    second: { description: 'Top clients' },
  },
  {
    path: '/api/custom-fields',
    make: make('/api/custom-fields', () => ({
      name: unique('Heir count'),
      fieldType: 'number',
      entityType: 'lead',
    })),
    first: { name: 'Heirs renamed' },
    second: { placeholder: 'How many heirs?' },
  },
  {
    path: '/api/field-sections',
    make: make('/api/field-sections', () => ({ name: unique('Probate'), entityType: 'lead' })),
    first: { isCollapsible: false },
    second: { isExpanded: false },
  },
];

const pick = (row: Row, fields: Record<string, unknown>) =>
  Object.fromEntries(Object.keys(fields).map((key) => [key, row[key]]));

describe.each(resources)('PATCH $path/:id with If-Match', ({ path, make: makeRecord, first, second }) => {
  it('GET answers an ETag that is the record updatedAt; a fresh If-Match saves and answers the next one', async () => {
    const id = await makeRecord();
    const { etag, body } = await read(`${path}/${id}`);
    expect(etag).toBe(`W/"${Date.parse(body.updatedAt)}"`);
    const res = await patch(`${path}/${id}`, first, etag);
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as Row;
    expect(pick(saved, first)).toEqual(first);
    expect(res.headers.etag).toBe(`W/"${Date.parse(saved.updatedAt)}"`);
    expect(res.headers.etag).not.toBe(etag);
    expect(await read(`${path}/${id}`)).toEqual({ etag: res.headers.etag, body: saved });
  });

  it('a stale If-Match answers 409 with the current record and changes nothing', async () => {
    const id = await makeRecord();
    const stale = (await read(`${path}/${id}`)).etag;
    expect((await patch(`${path}/${id}`, first, stale)).statusCode).toBe(200);
    const now = await read(`${path}/${id}`);
    const res = await patch(`${path}/${id}`, second, stale);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({
      message: 'This record was changed by someone else after you opened it',
      current: now.body,
      // The first PATCH was the owner's own (another tab): named all the same.
      changedBy: { id: owner.user.id, name: expect.any(String) },
    });
    expect(res.headers.etag).toBe(now.etag);
    expect(await read(`${path}/${id}`)).toEqual(now);
  });

  it('without If-Match changes only the fields sent', async () => {
    const id = await makeRecord();
    expect((await patch(`${path}/${id}`, first)).statusCode).toBe(200);
    const res = await patch(`${path}/${id}`, second);
    expect(res.statusCode, res.body).toBe(200);
    expect(pick(res.json(), { ...first, ...second })).toEqual({ ...first, ...second });
  });

  it('of two PATCHes sent at once with the same If-Match, exactly one wins', async () => {
    const id = await makeRecord();
    const { etag } = await read(`${path}/${id}`);
    const answers = await Promise.all([
      patch(`${path}/${id}`, first, etag),
      patch(`${path}/${id}`, second, etag),
    ]);
    expect(answers.map((res) => res.statusCode).toSorted()).toEqual([200, 409]);
    const winner = answers.find((res) => res.statusCode === 200)?.json() as Row;
    const loser = answers.find((res) => res.statusCode === 409)?.json() as { current: Row };
    expect(loser.current).toEqual(winner);
    expect((await read(`${path}/${id}`)).body).toEqual(winner);
  });

  it("another organization's record is 404 with or without If-Match", async () => {
    const id = await makeRecord();
    const { etag, body } = await read(`${path}/${id}`);
    expect((await patch(`${path}/${id}`, first, etag, other.cookie)).statusCode).toBe(404);
    expect((await patch(`${path}/${id}`, first, undefined, other.cookie)).statusCode).toBe(404);
    expect((await read(`${path}/${id}`)).body).toEqual(body);
  });
});

describe('If-Match forms', () => {
  it('a malformed If-Match answers 412 and changes nothing; * and a list of versions are understood', async () => {
    const id = (await created(t, '/api/leads', owner.cookie, { fullName: 'Ivy Match' })).id;
    const url = `/api/leads/${id}`;
    const before = await read(url);
    for (const bad of ['yesterday', 'W/"abc"', '"1", nonsense', '']) {
      const res = await patch(url, { fullName: 'Nope' }, bad);
      expect(res.statusCode, bad).toBe(412);
      expect(res.json()).toEqual({
        message: 'If-Match must be an ETag this API returned for the record (W/"<version>")',
      });
    }
    expect(await read(url)).toEqual(before);
    const star = await patch(url, { fullName: 'Star' }, '*');
    expect(star.statusCode).toBe(200);
    const list = await patch(url, { fullName: 'Listed' }, `W/"1", ${star.headers.etag}`);
    expect(list.statusCode, list.body).toBe(200);
    // The quotes are required, the weak prefix is not.
    const strong = String(list.headers.etag).replace('W/', '');
    expect((await patch(url, { notes: 'strong' }, strong)).statusCode).toBe(200);
  });

  it('every versioned write moves the version on, even several in one millisecond', async () => {
    const id = (await created(t, '/api/leads', owner.cookie, { fullName: 'Quick Edits' })).id;
    const seen = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await patch(`/api/leads/${id}`, { notes: `edit ${i}` });
      seen.add(String(res.headers.etag));
    }
    expect(seen.size).toBe(5);
  });
});

describe("a deal's customFields merge by key", () => {
  it('an edit of one surplus field keeps another field changed in between; computed values follow the merge', async () => {
    const deal = await created<Row>(t, '/api/deals', owner.cookie, {
      dealName: 'Harbor St surplus',
      stage: 'Research',
      customFields: {
        county: 'Pinellas',
        winningBid: 150_000,
        totalDebt: 90_000,
        seniorLiens: 12_000,
        locatorFeePercent: 30,
      },
    });
    const url = `/api/deals/${deal.id}`;
    expect(deal.customFields).toMatchObject({ surplusAmount: 48_000, expectedFee: 14_400 });
    // Page A changes the county; page B, opened before, changes the senior liens alone.
    expect((await patch(url, { customFields: { county: 'Hillsborough' } })).statusCode).toBe(200);
    const res = await patch(url, { customFields: { seniorLiens: 15_000 } });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as Row & { customFields: Record<string, unknown>; dealValue: number };
    expect(saved.customFields).toMatchObject({
      county: 'Hillsborough',
      seniorLiens: 15_000,
      winningBid: 150_000,
      surplusAmount: 45_000,
      expectedFee: 13_500,
    });
    expect(saved.dealValue).toBe(13_500);
  });

  it('concurrent edits of different surplus fields without If-Match both survive', async () => {
    const deal = await created<Row>(t, '/api/deals', owner.cookie, {
      dealName: 'Bay Rd surplus',
      stage: 'Research',
      customFields: { county: 'Pasco', winningBid: 100_000, totalDebt: 50_000, seniorLiens: 0 },
    });
    const url = `/api/deals/${deal.id}`;
    const answers = await Promise.all([
      patch(url, { customFields: { county: 'Polk' } }),
      patch(url, { customFields: { seniorLiens: 10_000 } }),
      patch(url, { customFields: { locatorFeePercent: 20 } }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect((await read(url)).body.customFields).toMatchObject({
      county: 'Polk',
      seniorLiens: 10_000,
      locatorFeePercent: 20,
      surplusAmount: 40_000,
      expectedFee: 8_000,
    });
  });
});

describe('who changed the record', () => {
  it('a 409 names the user whose PATCH made the newer version; any other write leaves no name', async () => {
    const member = await signedInMember(t.app, owner, {
      role: 'manager',
      firstName: 'Nora',
      lastName: 'Newer',
    });
    const id = await make('/api/deals', () => ({ dealName: 'Harbor Rd surplus', stage: 'Research' }))();
    const opened = await read(`/api/deals/${id}`);

    const theirs = await patch(`/api/deals/${id}`, { notes: 'Nora was here' }, opened.etag, member.cookie);
    expect(theirs.statusCode, theirs.body).toBe(200);
    const mine = await patch(`/api/deals/${id}`, { dealName: 'Stale rename' }, opened.etag);
    expect(mine.statusCode).toBe(409);
    expect(mine.json().changedBy).toEqual({ id: member.id, name: 'Nora Newer' });

    // A bulk change is not a PATCH of this record: the conflict says nothing wrong about who.
    const reopened = await read(`/api/deals/${id}`);
    const bulk = await call('POST', '/api/deals/bulk', owner.cookie, {
      ids: [id],
      action: 'addTag',
      tag: 'probate',
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    const afterBulk = await patch(`/api/deals/${id}`, { dealName: 'Stale again' }, reopened.etag);
    expect(afterBulk.statusCode).toBe(409);
    expect(afterBulk.json().changedBy).toBeNull();
  });
});
