import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, companies, deals, leads } from '../db/schema/crm';
import { clientFields, presentClient } from '../features/clients/present-client';
import { companyFields, presentCompany } from '../features/companies/present-company';
import { clientOfDeal, dealWithClientFields, presentDeal } from '../features/deals/present-deal';
import { leadFields, presentLead } from '../features/leads/present-lead';
import { callerOf, memberWith, organization } from '../features/leads/test-kit';
import type { SignedIn } from '../test/sessions';
import { createTestApp, type TestApp } from '../test/test-app';

/*
 * The lead, deal, client and company lists write each item as JSON in SQL (`jsonItemOf`). The presenters that
 * answer a single record are the oracle: every item must be what `JSON.stringify` of the
 * presented row gives, key for key and in the same order, for values that are easy to get wrong
 * (quotes, control characters, astral characters, microseconds, numerics, JSON, nulls), for an
 * owner and for a member who may not read clients.
 */

let t: TestApp;
let owner: SignedIn;
let noClients: SignedIn;

const awkward = 'Quote " back\\slash \n new\tline \u0001 \u2028 é 漢字 😀 </script>';

beforeAll(async () => {
  t = await createTestApp();
  owner = await organization(t);
  noClients = await memberWith(t, owner, { clients: { read: false } });
  const organizationId = owner.user.organizationId;
  const [client] = await t.db
    .insert(clients)
    .values({
      organizationId,
      displayName: `Client ${awkward}`,
      addressLine1: awkward,
      tags: [awkward, ''],
      customFields: { note: awkward, amount: 0.1 },
      lastContactDate: sql`'2026-07-08 09:10:11.123999+00'` as unknown as Date,
    })
    .returning();
  await t.db.insert(clients).values({ organizationId, displayName: 'Plain Client' });
  await t.db.insert(companies).values([
    {
      organizationId,
      companyName: `Company ${awkward}`,
      employeeCount: 2_147_483_647,
      estimatedRevenue: '123456789012.34',
      techStack: [awkward],
      customTags: ['a', awkward],
      notes: awkward,
      customFields: { county: awkward, n: -0.5 },
      createdAt: sql`'2026-02-03 04:05:06.000999+00'` as unknown as Date,
    },
    { organizationId, companyName: 'Plain Company', estimatedRevenue: '0.10', employeeCount: 0 },
    { organizationId, companyName: 'No numbers' },
  ]);
  await t.db.insert(leads).values([
    {
      organizationId,
      fullName: `Lead ${awkward}`,
      email: 'a@example.com',
      notes: awkward,
      tags: ['x', awkward],
      customFields: { caseNumber: awkward, nested: { amount: 1.5, list: [1, 'two', null] }, z: true, a: 0.1 },
      lastContactDate: sql`'2026-03-04 05:06:07.999999+00'` as unknown as Date,
      conversionDate: sql`'1999-12-31 23:59:59.000500+00'` as unknown as Date,
      convertedClientId: client.id,
      createdAt: sql`'2026-01-02 03:04:05.123456+00'` as unknown as Date,
    },
    { organizationId, fullName: 'Plain Lead' },
  ]);
  await t.db.insert(deals).values([
    {
      organizationId,
      dealName: `Deal ${awkward}`,
      relatedClient: client.id,
      dealValue: '47500.10',
      closeProbability: 35,
      expectedCloseDate: '2026-12-31',
      tags: [awkward],
      customFields: { parcelNumber: awkward, n: 12345678901234 },
      closedAt: sql`'2026-05-06 07:08:09.000001+00'` as unknown as Date,
    },
    { organizationId, dealName: 'Plain Deal', dealValue: '0.30' },
    { organizationId, dealName: 'No value' },
  ]);
});
afterAll(() => t.close());

async function listed(path: string, cookie: string) {
  const res = await callerOf(t)('GET', path, cookie);
  expect(res.statusCode, res.body).toBe(200);
  const page = JSON.parse(res.body) as { items: Record<string, unknown>[]; total: number };
  return page.items;
}

/** What the presenter gives for each row, through JSON as the API sends it. */
const asSent = (value: unknown) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

function expectPresented(items: Record<string, unknown>[], presented: Record<string, unknown>[]) {
  expect(items.map((item) => item.id).toSorted()).toEqual(presented.map((item) => item.id).toSorted());
  for (const item of items) {
    const expected = asSent(presented.find((candidate) => candidate.id === item.id));
    expect(Object.keys(item)).toEqual(Object.keys(expected));
    expect(item).toEqual(expected);
  }
}

describe('list items written by PostgreSQL', () => {
  it('are what the lead presenter answers, key for key, for an owner and without clients:read', async () => {
    const rows = await t.db
      .select(leadFields)
      .from(leads)
      .where(eq(leads.organizationId, owner.user.organizationId));
    const full = rows.map(presentLead);
    for (const path of ['/api/leads?sort=createdAt', '/api/leads?search=lead', '/api/leads?limit=1']) {
      const items = await listed(path, owner.cookie);
      expectPresented(
        items,
        path.endsWith('limit=1') ? full.filter((lead) => lead.id === items[0].id) : full,
      );
    }
    expectPresented(
      await listed('/api/leads', noClients.cookie),
      full.map((lead) => ({ ...lead, convertedClientId: null })),
    );
  });

  it('are what the deal presenter answers, its client named from the join, and without clients:read', async () => {
    const rows = await t.db
      .select(dealWithClientFields)
      .from(deals)
      .leftJoin(clients, clientOfDeal)
      .where(eq(deals.organizationId, owner.user.organizationId));
    const full = rows.map(presentDeal);
    expect(full.find((deal) => deal.relatedClientName !== null)).toBeDefined();
    expectPresented(await listed('/api/deals', owner.cookie), full);
    expectPresented(
      await listed('/api/deals?sort=-dealValue', noClients.cookie),
      full.map((deal) => ({ ...deal, relatedClient: null, relatedClientName: null })),
    );
  });

  it('are what the client and company presenters answer, sorted, searched and paged', async () => {
    const organizationId = owner.user.organizationId;
    const clientRows = await t.db
      .select(clientFields)
      .from(clients)
      .where(eq(clients.organizationId, organizationId));
    const allClients = clientRows.map(presentClient);
    for (const path of [
      '/api/clients',
      '/api/clients?sort=displayName&search=client',
      '/api/clients?limit=1',
    ]) {
      const items = await listed(path, owner.cookie);
      expectPresented(
        items,
        path.endsWith('limit=1') ? allClients.filter((client) => client.id === items[0].id) : allClients,
      );
    }
    const companyRows = await t.db
      .select(companyFields)
      .from(companies)
      .where(eq(companies.organizationId, organizationId));
    const allCompanies = companyRows.map(presentCompany);
    expect(allCompanies.map((company) => company.estimatedRevenue)).toContain(123456789012.34);
    expectPresented(await listed('/api/companies', owner.cookie), allCompanies);
    expectPresented(await listed('/api/companies?sort=-estimatedRevenue', noClients.cookie), allCompanies);
  });
});
