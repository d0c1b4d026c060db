import { ilike, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseSearchText, deals, leads } from '../../db/schema/crm';
import { containsPattern } from '../../lib/keyset-pagination';
import type { SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Caller, callerOf, created, organization } from '../leads/test-kit';

/*
 * A locator searches by the case: ?search= on /api/leads and /api/deals finds records by case
 * number, parcel number, property address and county, through the trigram-indexed
 * caseSearchText expression.
 */

let t: TestApp;
let call: Caller;
let owner: SignedIn;
let other: SignedIn;
const ids: Record<string, string> = {};

const surplusCase = {
  caseNumber: '2023-CA-004512',
  parcelNumber: 'R-14-28-33-AAA',
  propertyAddress: '77 Heron Point Dr',
  county: 'Sarasota',
  state: 'FL',
};

beforeAll(async () => {
  t = await createTestApp();
  call = callerOf(t);
  owner = await organization(t);
  other = await organization(t);
  ids.lead = (
    await created(t, '/api/leads', owner.cookie, { fullName: 'Hal Heron', customFields: surplusCase })
  ).id;
  await created(t, '/api/leads', owner.cookie, { fullName: 'Other Lead' });
  ids.deal = (
    await created(t, '/api/deals', owner.cookie, {
      dealName: 'Heron claim',
      stage: 'Research',
      customFields: surplusCase,
    })
  ).id;
  await created(t, '/api/deals', owner.cookie, { dealName: 'Unrelated', stage: 'Research' });
  // The same case in another organization is never found.
  await created(t, '/api/leads', other.cookie, { fullName: 'Foreign', customFields: surplusCase });
  await created(t, '/api/deals', other.cookie, {
    dealName: 'Foreign',
    stage: 'Research',
    customFields: surplusCase,
  });
});
afterAll(() => t.close());

const found = async (path: string, term: string) => {
  const res = await call('GET', `${path}?search=${encodeURIComponent(term)}`, owner.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as { id: string }[]).map((item) => item.id);
};

describe('?search= by case identifiers', () => {
  it.each(['2023-ca-0045', 'R-14-28', 'heron point', 'SARASOTA'])(
    'finds the lead and the deal by %s',
    async (term) => {
      expect(await found('/api/leads', term)).toEqual([ids.lead]);
      expect(await found('/api/deals', term)).toEqual([ids.deal]);
    },
  );

  it('finds them in the CSV export too', async () => {
    const res = await call('GET', '/api/deals/export.csv?search=R-14-28', owner.cookie);
    expect(res.body).toContain('Heron claim');
    expect(res.body).not.toContain('Unrelated');
  });

  it('compares the indexed expression itself, so the trigram indexes can answer it', async () => {
    const pattern = containsPattern('heron point');
    expect(
      await plan(
        sql`select ${leads.id} from ${leads} where ${ilike(caseSearchText(leads.customFields), pattern)}`,
      ),
    ).toContain('leads_case_search_trgm_idx');
    expect(
      await plan(
        sql`select ${deals.id} from ${deals} where ${ilike(caseSearchText(deals.customFields), pattern)}`,
      ),
    ).toContain('deals_case_search_trgm_idx');
  });
});

/** The plan of a query, with sequential scans forbidden (a tiny table is read whole otherwise). */
function plan(query: ReturnType<typeof sql>) {
  return t.db.transaction(async (tx) => {
    // A tiny table is read whole whatever the indexes: forbid that to see which index applies.
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = await tx.execute(sql`explain ${query}`);
    const rows = (result as unknown as { rows: Record<string, string>[] }).rows;
    return rows.map((row) => Object.values(row)[0]).join('\n');
  });
}
