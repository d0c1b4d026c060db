import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPipelineStages, industrySectorValues } from '../../../common/constants';
import { computeExpectedFee, computeSurplus, surplusFieldKeys as k } from '../../../common/surplus';
import { activities, clients, companies, deals, leadActivities, leads } from '../../db/schema/crm';
import { tags } from '../../db/schema/identity';
import { leadSources } from '../../db/schema/lists';
import { deniedMessage } from '../../plugins/access-guard';
import { registerOrganizationOwner, type SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Caller, callerOf, created, memberWith } from '../leads/test-kit';
import type { SampleSet } from './sample-set';
import { sampleSetFor, sampleSets } from './sample-sets';
import { seedSampleData } from './seed-sample-data';

let t: TestApp;
let call: Caller;

beforeAll(async () => {
  t = await createTestApp();
  call = callerOf(t);
});
afterAll(() => t.close());

const withSample = (industrySector: string) =>
  registerOrganizationOwner(t.app, { industrySector }, { withSampleData: true });

const countsOf = (set: SampleSet) => ({
  leads: set.leads.length,
  clients: set.clients.length,
  companies: set.companies.length,
  deals: set.deals.length,
});
const none = { leads: 0, clients: 0, companies: 0, deals: 0 };
const ids = (records: { id: string }[]) => records.map((r) => r.id).toSorted();

async function statusOf(org: SignedIn) {
  const res = await call('GET', '/api/sample-data', org.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every lead, client, company, deal and activity row of the organization. */
async function rowsOf(orgId: string) {
  return {
    leads: await t.db.select().from(leads).where(eq(leads.organizationId, orgId)),
    clients: await t.db.select().from(clients).where(eq(clients.organizationId, orgId)),
    companies: await t.db.select().from(companies).where(eq(companies.organizationId, orgId)),
    deals: await t.db.select().from(deals).where(eq(deals.organizationId, orgId)),
    activities: await t.db.select().from(activities).where(eq(activities.organizationId, orgId)),
    leadActivities: await t.db.select().from(leadActivities).where(eq(leadActivities.organizationId, orgId)),
  };
}

describe('the sample sets', () => {
  it.each(industrySectorValues)('%s: a realistic, self-consistent set of invented records', (sector) => {
    const set = sampleSets[sector];
    expect(set.sector).toBe(sector);
    expect(set.leads.length).toBeGreaterThanOrEqual(6);
    expect(set.leads.length).toBeLessThanOrEqual(8);
    expect(set.clients.length).toBeGreaterThanOrEqual(3);
    expect(set.companies.length).toBeGreaterThanOrEqual(2);
    expect(set.deals.length).toBeGreaterThanOrEqual(4);
    expect(new Set(set.leads.map((l) => l.leadStatus)).size).toBeGreaterThanOrEqual(4);

    for (const records of [set.leads, set.clients, set.deals]) {
      expect(new Set(records.map((r) => r.key)).size).toBe(records.length);
    }
    const leadKeys = new Set(set.leads.map((l) => l.key));
    const clientKeys = new Set(set.clients.map((c) => c.key));
    const dealKeys = new Set(set.deals.map((d) => d.key));
    // Exactly the converted leads have a client made from them.
    const converted = set.clients.flatMap((c) => (c.fromLead ? [c.fromLead] : []));
    expect(converted).toHaveLength(1);
    expect(set.leads.filter((l) => l.leadStatus === 'Converted').map((l) => l.key)).toEqual(converted);
    for (const deal of set.deals) if (deal.client) expect(clientKeys).toContain(deal.client);
    for (const { on } of set.activities) {
      if ('lead' in on) expect(leadKeys).toContain(on.lead);
      if ('client' in on) expect(clientKeys).toContain(on.client);
      if ('deal' in on) expect(dealKeys).toContain(on.deal);
    }
    // An open task due within a few days, so "My tasks" has something to show.
    expect(
      set.activities.some((a) => a.type === 'task' && a.status === 'pending' && (a.dueInDays ?? 99) <= 3),
    ).toBe(true);
    // Deals spread over the pipeline, one of them won (the last stage).
    const stageCount = defaultPipelineStages[sector].length;
    expect(new Set(set.deals.map((d) => d.stageIndex)).size).toBeGreaterThanOrEqual(4);
    expect(set.deals.every((d) => d.stageIndex >= 0 && d.stageIndex < stageCount)).toBe(true);
    expect(set.deals.some((d) => d.stageIndex === stageCount - 1)).toBe(true);

    // Reserved for fiction: nobody real can be e-mailed or called from a sample record.
    for (const lead of set.leads) {
      if (lead.email) expect(lead.email).toMatch(/@([a-z0-9-]+\.)?example\.com$/);
      if (lead.phone) expect(lead.phone).toMatch(/^\(\d{3}\) 555-01\d{2}$/);
    }
    for (const company of set.companies) {
      if (company.website) expect(company.website).toMatch(/^https:\/\/[a-z0-9-]+\.example\.com$/);
    }
  });

  it('surplus-funds cases come from tax-deed and foreclosure sales with a surplus each', () => {
    const cases = sampleSets['Surplus Funds Locator'].deals.map((d) => d.surplus);
    expect(cases.every(Boolean)).toBe(true);
    expect(new Set(cases.map((c) => c?.saleType))).toEqual(
      new Set(['Tax deed', 'Mortgage foreclosure', 'HOA foreclosure']),
    );
    for (const c of cases) expect(c && c.winningBid - c.totalDebt - c.seniorLiens).toBeGreaterThan(0);
  });

  it('an unknown sector gets the Small Business set', () => {
    expect(sampleSetFor('Crypto Mining')).toBe(sampleSets['Small Business']);
    expect(sampleSetFor(null)).toBe(sampleSets['Small Business']);
    expect(sampleSetFor('toString')).toBe(sampleSets['Small Business']);
    expect(sampleSetFor('Wholesaler')).toBe(sampleSets.Wholesaler);
  });
});

describe('a new organization gets its sector’s sample data', () => {
  it.each(industrySectorValues)('%s', async (sector) => {
    const owner = await withSample(sector);
    const orgId = owner.user.organizationId;
    const set = sampleSets[sector];
    expect(await statusOf(owner)).toEqual(countsOf(set));

    const rows = await rowsOf(orgId);
    for (const records of [rows.leads, rows.clients, rows.companies, rows.deals]) {
      expect(records.every((r) => r.isSampleData)).toBe(true);
    }
    expect(rows.leads.every((l) => l.assignedOwner === owner.user.id)).toBe(true);
    expect(rows.activities).toHaveLength(set.activities.filter((a) => !('lead' in a.on)).length);
    expect(rows.leadActivities).toHaveLength(set.activities.filter((a) => 'lead' in a.on).length);

    // Sources, tags and stages are the ones the sector is seeded with.
    const sourceNames = (
      await t.db
        .select({ name: leadSources.name })
        .from(leadSources)
        .where(eq(leadSources.organizationId, orgId))
    ).map((r) => r.name);
    expect(sourceNames).toEqual(expect.arrayContaining(rows.leads.map((l) => l.leadSource as string)));
    const tagNames = (
      await t.db.select({ name: tags.name }).from(tags).where(eq(tags.organizationId, orgId))
    ).map((r) => r.name);
    expect(tagNames).toEqual(expect.arrayContaining([...rows.leads, ...rows.deals].flatMap((r) => r.tags)));
    const stageNames = defaultPipelineStages[sector].map((s) => s.name);
    expect(stageNames).toEqual(expect.arrayContaining(rows.deals.map((d) => d.stage)));
    for (const deal of rows.deals) {
      const stage = defaultPipelineStages[sector].find((s) => s.name === deal.stage);
      expect(deal.closeProbability).toBe(stage?.probability);
      expect(deal.closedAt !== null).toBe(deal.stage === stageNames.at(-1));
    }

    // The converted lead and its client point at each other.
    const convertedLead = rows.leads.find((l) => l.leadStatus === 'Converted');
    const client = rows.clients.find((c) => c.id === convertedLead?.convertedClientId);
    expect(client?.leadId).toBe(convertedLead?.id);
    expect(convertedLead?.conversionDate).toBeInstanceOf(Date);

    // The owner sees the records through the API, with an open task due soon.
    const list = await call('GET', '/api/leads?limit=200', owner.cookie);
    expect(list.json().total).toBe(set.leads.length);
    expect(list.json().items.every((l: { isSampleData: boolean }) => l.isSampleData)).toBe(true);
    const tasks = await call('GET', '/api/tasks/mine', owner.cookie);
    expect(tasks.statusCode).toBe(200);
    const soon = Date.now() + 4 * 86_400_000;
    expect(
      tasks
        .json()
        .items.some(
          (task: { status: string; dueDate: string }) =>
            task.status === 'pending' && Date.parse(task.dueDate) < soon,
        ),
    ).toBe(true);
  });

  it('surplus deals carry the case and its computed surplus and fee; each deal is worth its fee', async () => {
    const owner = await withSample('Surplus Funds Locator');
    const rows = await rowsOf(owner.user.organizationId);
    for (const deal of rows.deals) {
      const fields = deal.customFields;
      const surplus = computeSurplus({
        winningBid: fields[k.winningBid] as number,
        totalDebt: fields[k.totalDebt] as number,
        seniorLiens: fields[k.seniorLiens] as number,
      });
      expect(surplus).toBeGreaterThan(0);
      expect(fields[k.surplusAmount]).toBe(surplus);
      const fee = computeExpectedFee(surplus, fields[k.locatorFeePercent] as number);
      expect(fields[k.expectedFee]).toBe(fee);
      expect(Number(deal.dealValue)).toBe(fee);
      expect(fields[k.county]).toEqual(expect.any(String));
      expect(fields[k.caseNumber]).toMatch(/^\d{4}-[A-Z]{2}-\d{6}$/);
      expect(fields[k.saleDate]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const magnolia = rows.deals.find((d) => d.dealName === 'Vanterpool — 1418 Magnolia Ct');
    expect(magnolia?.customFields).toMatchObject({
      [k.saleType]: 'Mortgage foreclosure',
      [k.winningBid]: 286_500,
      [k.totalDebt]: 201_340.17,
      [k.surplusAmount]: 85_159.83,
      [k.locatorFeePercent]: 25,
      [k.expectedFee]: 21_289.96,
    });
    expect(magnolia?.dealValue).toBe('21289.96');

    // The surplus view computes the same figures; the case near its deadline is flagged.
    const view = await call('GET', `/api/deals/${magnolia?.id}/surplus`, owner.cookie);
    expect(view.json().values).toMatchObject({ surplusAmount: 85_159.83, expectedFee: 21_289.96 });
    const urgent = rows.deals.find((d) => d.tags.includes('Deadline soon'));
    const urgentView = await call('GET', `/api/deals/${urgent?.id}/surplus`, owner.cookie);
    expect(urgentView.json().warnings).toEqual(['The claim deadline is in 9 days']);

    // The dashboard has an open pipeline, expected fees and this month's win to show.
    const summary = (await call('GET', '/api/dashboard/summary', owner.cookie)).json();
    expect(summary.openPipeline.count).toBe(4);
    expect(summary.expectedFees).toBeCloseTo(12_560.87 + 12_081.22 + 6_631.85 + 21_289.96, 2);
    expect(summary.dealsWonThisMonth.count).toBe(1);
  });

  it('seeding an unknown sector uses the Small Business set', async () => {
    const owner = await registerOrganizationOwner(t.app);
    await t.db.transaction((tx) =>
      seedSampleData(tx, owner.user.organizationId, owner.user.id, 'Crypto Mining'),
    );
    expect(await statusOf(owner)).toEqual(countsOf(sampleSets['Small Business']));
  });
});

describe('DELETE /api/sample-data', () => {
  it('removes exactly the sample rows and what hangs off them; real rows stay, unlinked', async () => {
    const owner = await withSample('Surplus Funds Locator');
    const orgId = owner.user.organizationId;
    const before = await rowsOf(orgId);
    const sampleClient = before.clients.find((c) => c.displayName === 'Beatrice Holloway');
    const sampleLead = before.leads.find((l) => l.fullName === 'Marcus Feldhaus');
    const otherSampleLead = before.leads.find((l) => l.fullName === 'Harold Penwick');

    // Real work that touches the sample: a deal for a sample client, a client made from a sample
    // lead, an activity on both a real deal and a sample client, and one only on a sample client.
    const realLead = await created(t, '/api/leads', owner.cookie, { fullName: 'Real Person' });
    const realCompany = await created(t, '/api/companies', owner.cookie, { companyName: 'Real Co' });
    const realDeal = await created(t, '/api/deals', owner.cookie, {
      dealName: 'Real case',
      stage: 'Research',
      relatedClient: sampleClient?.id,
    });
    const linkedClient = await created(t, '/api/clients', owner.cookie, {
      displayName: 'Real client',
      leadId: otherSampleLead?.id,
    });
    const conversion = await call('POST', `/api/leads/${sampleLead?.id}/convert`, owner.cookie, {
      createDeal: true,
    });
    expect(conversion.statusCode, conversion.body).toBe(200);
    const sharedActivity = await created(t, '/api/activities', owner.cookie, {
      type: 'call',
      subject: 'About both',
      dealId: realDeal.id,
      clientId: sampleClient?.id,
    });
    const onSampleOnly = await created(t, '/api/activities', owner.cookie, {
      type: 'note',
      subject: 'Only about the sample client',
      clientId: sampleClient?.id,
    });
    const realLeadActivity = await created(t, '/api/lead-activities', owner.cookie, {
      type: 'note',
      subject: 'Real note',
      leadId: realLead.id,
    });

    const res = await call('DELETE', '/api/sample-data', owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(countsOf(sampleSets['Surplus Funds Locator']));
    expect(await statusOf(owner)).toEqual(none);

    const after = await rowsOf(orgId);
    expect(after.leads.every((r) => !r.isSampleData)).toBe(true);
    expect(ids(after.leads)).toEqual([realLead.id]);
    expect(ids(after.companies)).toEqual([realCompany.id]);
    expect(ids(after.clients)).toEqual(ids([linkedClient, conversion.json().client]));
    expect(ids(after.deals)).toEqual(ids([realDeal, conversion.json().deal]));
    expect(after.deals.find((d) => d.id === realDeal.id)?.relatedClient).toBeNull();
    expect(after.clients.find((c) => c.id === linkedClient.id)?.leadId).toBeNull();
    expect(after.clients.find((c) => c.id === conversion.json().client.id)?.leadId).toBeNull();

    // The shared activity stays with the real deal; the note on the sample client went with it.
    const shared = after.activities.find((a) => a.id === sharedActivity.id);
    expect(shared).toMatchObject({ dealId: realDeal.id, clientId: null });
    expect(after.activities.find((a) => a.id === onSampleOnly.id)).toBeUndefined();
    const removedIds = [...before.leads, ...before.clients, ...before.deals].map((r) => r.id);
    expect(
      after.activities.filter(
        (a) => removedIds.includes(a.clientId ?? '') || removedIds.includes(a.dealId ?? ''),
      ),
    ).toEqual([]);
    expect(after.leadActivities.map((a) => a.id)).toEqual([realLeadActivity.id]);

    // The lists agree; a second clear finds nothing.
    expect((await call('GET', '/api/leads', owner.cookie)).json().total).toBe(1);
    const again = await call('DELETE', '/api/sample-data', owner.cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(none);
    expect(ids((await rowsOf(orgId)).leads)).toEqual([realLead.id]);
  });

  it('needs settings:update; counting needs settings:view; both need a session', async () => {
    const owner = await withSample('Real Estate Investor');
    const counts = countsOf(sampleSets['Real Estate Investor']);
    const viewer = await memberWith(t, owner, {});
    const denied = await call('DELETE', '/api/sample-data', viewer.cookie);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ message: deniedMessage });
    expect(await statusOf(viewer)).toEqual(counts);

    const blind = await memberWith(t, owner, { settings: { view: false } });
    expect((await call('GET', '/api/sample-data', blind.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/sample-data')).statusCode).toBe(401);
    expect((await call('DELETE', '/api/sample-data')).statusCode).toBe(401);
    expect(await statusOf(owner)).toEqual(counts);

    const manager = await memberWith(t, owner, { settings: { update: true } });
    expect((await call('DELETE', '/api/sample-data', manager.cookie)).json()).toEqual(counts);
  });

  it("clearing in one organization leaves another organization's sample rows alone", async () => {
    const a = await withSample('Surplus Funds Locator');
    const b = await withSample('Surplus Funds Locator');
    const bBefore = await rowsOf(b.user.organizationId);
    expect((await call('DELETE', '/api/sample-data', a.cookie)).json()).toEqual(
      countsOf(sampleSets['Surplus Funds Locator']),
    );
    expect(await statusOf(a)).toEqual(none);
    expect(await statusOf(b)).toEqual(countsOf(sampleSets['Surplus Funds Locator']));
    expect(await rowsOf(b.user.organizationId)).toEqual(bBefore);
    const [{ n }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(leads)
      .where(and(eq(leads.organizationId, b.user.organizationId), eq(leads.isSampleData, true)));
    expect(n).toBe(sampleSets['Surplus Funds Locator'].leads.length);
    expect(
      await t.db
        .select({ id: deals.id })
        .from(deals)
        .where(
          inArray(
            deals.id,
            bBefore.deals.map((d) => d.id),
          ),
        ),
    ).toHaveLength(bBefore.deals.length);
  });
});
