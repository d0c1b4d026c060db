import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchTotalLimit } from '../../../common/constants';
import { leads } from '../../db/schema/crm';
import type { SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Caller, callerOf, memberWith, organization, walkPages } from './test-kit';

/*
 * Issue 21 §4: a searched list answers its best matches first (the exact name, then names
 * starting with the term, then names with a later word starting with it, then the other matches,
 * each alphabetically), pages through them by
 * cursor like any list, and counts them in the same statement.
 */

let t: TestApp;
let call: Caller;
let owner: SignedIn;

const names = [
  'Zed Johns',
  'johns',
  'Johnson Price',
  'Amy Johnson',
  'Bob Stone',
  'Johns Hopkins',
  'Carl Upjohnson',
  'Dora Kline',
  // A term of several words: found whole, never by its words apart (docs/decisions/046).
  'Maria Gonzalez',
  'Ana Maria Gonzales',
  'Maria Lopez Gonzalez',
  'Gonz Maria',
  'Maria  Gonzalez',
];

beforeAll(async () => {
  t = await createTestApp();
  call = callerOf(t);
  owner = await organization(t);
  const organizationId = owner.user.organizationId;
  await t.db.insert(leads).values([
    ...names.map((fullName) => ({ organizationId, fullName })),
    // Found by the e-mail alone: among the other matches, by name.
    { organizationId, fullName: 'Ann Ray', email: 'ann.johnsmith@example.com' },
    // Another organization's namesake never shows.
    { organizationId: (await organization(t)).user.organizationId, fullName: 'Johns' },
  ]);
});
afterAll(() => t.close());

const list = async (query: string) => {
  const res = await call('GET', `/api/leads?${query}`, owner.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    items: { id: string; fullName: string }[];
    nextCursor: string | null;
    total: number;
  };
};

describe('GET /api/leads?search=', () => {
  it('lists the exact name, names starting with the term, a later word starting with it, then the rest', async () => {
    const page = await list('search=johns');
    expect(page.items.map((lead) => lead.fullName)).toEqual([
      'johns',
      'Johns Hopkins',
      'Johnson Price',
      'Amy Johnson',
      'Zed Johns',
      'Ann Ray',
      'Carl Upjohnson',
    ]);
    expect(page.total).toBe(7);
    expect(page.nextCursor).toBeNull();
  });

  it('finds a term of several words whole, in any letter case, ranked like any term', async () => {
    const page = await list('search=MARIA%20gonz');
    expect(page.items.map((lead) => lead.fullName)).toEqual(['Maria Gonzalez', 'Ana Maria Gonzales']);
    expect(page.total).toBe(2);
    expect((await list('search=maria%20gonzalez')).items.map((lead) => lead.fullName)).toEqual([
      'Maria Gonzalez',
    ]);
    expect((await list('search=ia%20gonzales')).items.map((lead) => lead.fullName)).toEqual([
      'Ana Maria Gonzales',
    ]);
  });

  it('keeps an asked sort', async () => {
    const page = await list('search=johns&sort=fullName');
    expect(page.items.map((lead) => lead.fullName)).toEqual([
      'Amy Johnson',
      'Ann Ray',
      'Carl Upjohnson',
      'johns',
      'Johns Hopkins',
      'Johnson Price',
      'Zed Johns',
    ]);
    expect((await list('search=johns&sort=-createdAt')).items).toHaveLength(7);
  });

  it('pages through the matches by cursor, in relevance order, each once, with the same total', async () => {
    const whole = (await list('search=john')).items.map((lead) => lead.id);
    for (const limit of [1, 2, 3, 5]) {
      expect(await walkPages(t, owner.cookie, '/api/leads?search=john', limit)).toEqual(whole);
    }
  });

  it('answers an empty page with total 0 when nothing matches, and refuses a foreign cursor', async () => {
    expect(await list('search=nobody-at-all')).toEqual({ items: [], nextCursor: null, total: 0 });
    const sorted = await list('search=john&sort=fullName&limit=1');
    const res = await call(
      'GET',
      `/api/leads?search=john&limit=1&cursor=${encodeURIComponent(sorted.nextCursor ?? '')}`,
      owner.cookie,
    );
    expect(res.statusCode).toBe(400);
  });
});

const listOf = async (cookie: string, query: string) => {
  const res = await call('GET', `/api/leads?${query}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    items: { id: string; fullName: string }[];
    nextCursor: string | null;
    total: number;
  };
};

describe('GET /api/leads?search= past the count limit (docs/decisions/046)', () => {
  let big: SignedIn;
  const many = searchTotalLimit + 100;
  let amyId: string;

  beforeAll(async () => {
    big = await organization(t);
    const organizationId = big.user.organizationId;
    // Inserted first, so the trigram scan meets them before the names ranked above them.
    await t.db.execute(sql`
      insert into leads (organization_id, full_name, email, phone)
      select ${organizationId}, 'Zed Upjohnson ' || g.i, 'zed' || g.i || '@example.com', '(555) 010-' || lpad(g.i::text, 4, '0')
      from generate_series(1, ${many}) as g(i)`);
    await t.db.insert(leads).values([
      { organizationId, fullName: 'Johnston Ames' },
      { organizationId, fullName: 'Johns' },
      { organizationId, fullName: 'Ann Ray', email: 'ann.upjohnson@example.com' },
      { organizationId, fullName: 'Phil Phone', phone: '(941) 555-0177' },
    ]);
    [{ id: amyId }] = await t.db
      .insert(leads)
      .values({ organizationId, fullName: 'Amy Zed Upjohnson' })
      .returning({ id: leads.id });
  });

  it('answers "more than the limit" and lists the exact and prefix matches first', async () => {
    const page = await listOf(big.cookie, 'search=johns&limit=3');
    expect(page.total).toBe(searchTotalLimit + 1);
    // Inserted after a thousand other matches, they still come first (from the prefix index).
    expect(page.items.slice(0, 2).map((lead) => lead.fullName)).toEqual(['Johns', 'Johnston Ames']);
    expect(page.items[2].fullName.toLowerCase()).not.toMatch(/^johns/);
    // Still exact under the limit, within the same organization.
    expect((await listOf(big.cookie, 'search=johnston')).total).toBe(1);
  });

  it('lists the first limit + 1 names starting with the term when they alone pass the limit', async () => {
    const page = await listOf(big.cookie, 'search=zed%20up&limit=200');
    expect(page.total).toBe(searchTotalLimit + 1);
    const listed = page.items.map((lead) => lead.fullName.toLowerCase());
    expect(listed.every((name) => name.startsWith('zed up'))).toBe(true);
    expect(listed).toEqual(listed.toSorted());
    // Another match ranks after every one of them, so past the limit it is not listed.
    const ids = await walkPages(t, big.cookie, '/api/leads?search=zed%20up', 200);
    expect(ids).toHaveLength(searchTotalLimit + 1);
    expect(ids).not.toContain(amyId);
    expect((await listOf(big.cookie, 'search=amy%20zed%20up')).items.map((lead) => lead.id)).toEqual([amyId]);
  });

  it('lists the first limit + 1 names with a later word starting with the term when they pass the limit', async () => {
    const ids = await walkPages(t, big.cookie, '/api/leads?search=upjohn', 200);
    expect(ids).toHaveLength(searchTotalLimit + 1);
    // 'Amy Zed Upjohnson' and the e-mail match rank after each of them.
    expect(ids).not.toContain(amyId);
    const page = await listOf(big.cookie, 'search=upjohn&limit=200');
    expect(page.total).toBe(searchTotalLimit + 1);
    const listed = page.items.map((lead) => lead.fullName.toLowerCase());
    expect(listed.every((name) => name.startsWith('zed upjohn'))).toBe(true);
    expect(listed).toEqual(listed.toSorted());
  });

  it('pages through the best limit + 1 matches by relevance, each once', async () => {
    const ids = await walkPages(t, big.cookie, '/api/leads?search=johns', 200);
    expect(ids).toHaveLength(searchTotalLimit + 1);
  });

  it('lists every match in an asked sort, with the same capped total', async () => {
    const seen = new Set<string>();
    let cursor: string | null = null;
    do {
      const page = await listOf(
        big.cookie,
        `search=johns&sort=fullName&limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.total).toBe(searchTotalLimit + 1);
      for (const item of page.items) seen.add(item.id);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.size).toBe(many + 4);
  });

  it('finds by phone digits and by e-mail', async () => {
    expect((await listOf(big.cookie, 'search=941-555-0177')).items.map((lead) => lead.fullName)).toEqual([
      'Phil Phone',
    ]);
    expect((await listOf(big.cookie, 'search=zed17@example')).items.map((lead) => lead.fullName)).toEqual([
      'Zed Upjohnson 17',
    ]);
  });

  it("never shows or counts another organization's matches", async () => {
    const page = await listOf(owner.cookie, 'search=upjohnson');
    expect(page.items.map((lead) => lead.fullName)).toEqual(['Carl Upjohnson']);
    expect(page.total).toBe(1);
    const reader = await memberWith(t, big, { leads: { read: false } });
    expect((await call('GET', '/api/leads?search=johns', reader.cookie)).statusCode).toBe(403);
  });
});
