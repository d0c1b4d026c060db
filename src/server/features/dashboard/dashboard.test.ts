import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, deals, leadActivities, leads } from '../../db/schema/crm';
import { registerOrganizationOwner, type SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { call as callApp, newOrganization, signedInMember } from '../users/test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (...args: Parameters<typeof callApp> extends [unknown, ...infer R] ? R : never) =>
  callApp(t.app, ...args);

const DAY = 86_400_000;
const now = Date.now();
const ago = (days: number) => new Date(now - days * DAY);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const today = isoDay(now);
/** The calendar day `days` from today. */
const at = (days: number) => isoDay(now + days * DAY);
const monthOf = (date: Date) => date.toISOString().slice(0, 7);
const monthStart = (() => {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
})();

async function insertLead(orgId: string, createdAt: Date, extra: Partial<typeof leads.$inferInsert> = {}) {
  const [lead] = await t.db
    .insert(leads)
    .values({ organizationId: orgId, fullName: 'Lee Lead', createdAt, ...extra })
    .returning();
  return lead;
}

async function insertDeal(orgId: string, stage: string, extra: Partial<typeof deals.$inferInsert> = {}) {
  const [deal] = await t.db
    .insert(deals)
    .values({ organizationId: orgId, dealName: 'Case', stage, ...extra })
    .returning();
  return deal;
}

describe('GET /api/dashboard/summary', () => {
  let owner: SignedIn;
  const leadTimes = [ago(1), ago(10), ago(29), ago(40), ago(100)];

  beforeAll(async () => {
    owner = await registerOrganizationOwner(t.app);
    const org = owner.user.organizationId;
    await insertLead(org, leadTimes[0]);
    await insertLead(org, leadTimes[1], { leadStatus: 'Converted' });
    await insertLead(org, leadTimes[2], { leadStatus: 'Contacted' });
    await insertLead(org, leadTimes[3], { leadStatus: 'Converted' });
    await insertLead(org, leadTimes[4], { leadStatus: 'Converted' });

    const d1 = await insertDeal(org, 'Research', {
      dealValue: '1000.10',
      customFields: { expectedFee: 300.03 },
    });
    await insertDeal(org, 'Research', { dealValue: '2000.20', customFields: { expectedFee: '150.5' } });
    await insertDeal(org, 'Contact', { dealValue: null, customFields: { expectedFee: 'unknown' } });
    await insertDeal(org, 'Paid', {
      dealValue: '5000.00',
      customFields: { expectedFee: 1000 },
      closedAt: new Date(now),
    });
    // Won 70 days ago and edited today: the close date counts, not the edit.
    await insertDeal(org, 'Paid', { dealValue: '7000.00', closedAt: ago(70), updatedAt: new Date(now) });
    await insertDeal(org, 'proposal', { dealValue: '10.00' });

    const lead = await insertLead(org, ago(2));
    await t.db.insert(activities).values([
      {
        organizationId: org,
        dealId: d1.id,
        type: 'task',
        subject: 'Overdue',
        status: 'pending',
        dueDate: ago(1),
      },
      {
        organizationId: org,
        dealId: d1.id,
        type: 'task',
        subject: 'Later',
        status: 'pending',
        dueDate: ago(-1),
      },
      {
        organizationId: org,
        dealId: d1.id,
        type: 'task',
        subject: 'Done',
        status: 'completed',
        dueDate: ago(1),
      },
      {
        organizationId: org,
        dealId: d1.id,
        type: 'note',
        subject: 'Note',
        status: 'pending',
        dueDate: ago(1),
      },
    ]);
    await t.db.insert(leadActivities).values([
      {
        organizationId: org,
        leadId: lead.id,
        type: 'task',
        subject: 'Call back',
        status: 'pending',
        dueDate: ago(2),
      },
    ]);

    // Another organization's records never count.
    const stranger = await registerOrganizationOwner(t.app);
    await insertLead(stranger.user.organizationId, ago(1), { leadStatus: 'Converted' });
    await insertDeal(stranger.user.organizationId, 'Research', {
      dealValue: '99999.00',
      customFields: { expectedFee: 5 },
    });
  });

  it('matches the hand-computed figures', async () => {
    const res = await call('GET', '/api/dashboard/summary', owner.cookie);
    expect(res.statusCode).toBe(200);
    // The lead made for the lead task (2 days ago) counts too.
    const created = [...leadTimes, ago(2)];
    const thisMonth = created.filter((d) => d.getTime() >= monthStart).length;
    expect(res.json()).toEqual({
      newLeads: { last30Days: 4, thisMonth },
      leadConversion: { converted: 2, total: 5, rate: 0.4 },
      openPipeline: {
        count: 4,
        totalValue: 3010.3,
        byStage: [
          { stage: 'Research', count: 2, totalValue: 3000.3 },
          { stage: 'Contact', count: 1, totalValue: 0 },
          { stage: 'proposal', count: 1, totalValue: 10 },
        ],
      },
      dealsWonThisMonth: { count: 1, totalValue: 5000 },
      expectedFees: 450.53,
      overdueTasks: 2,
    });
  });

  it('counts a surplus deal created without a value at its expected fee, in the open pipeline and its stage', async () => {
    const org = await registerOrganizationOwner(t.app);
    const res = await call('POST', '/api/deals', org.cookie, {
      dealName: 'Palm Way surplus',
      stage: 'Research',
      customFields: { winningBid: 150_000, totalDebt: 90_000, seniorLiens: 10_000, locatorFeePercent: 30 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const summary = (await call('GET', '/api/dashboard/summary', org.cookie)).json();
    expect(summary).toMatchObject({
      openPipeline: {
        count: 1,
        totalValue: 15_000,
        byStage: [{ stage: 'Research', count: 1, totalValue: 15_000 }],
      },
      expectedFees: 15_000,
    });
  });

  it('is all zeros for a new organization', async () => {
    const fresh = await registerOrganizationOwner(t.app);
    expect((await call('GET', '/api/dashboard/summary', fresh.cookie)).json()).toEqual({
      newLeads: { last30Days: 0, thisMonth: 0 },
      leadConversion: { converted: 0, total: 0, rate: 0 },
      openPipeline: { count: 0, totalValue: 0, byStage: [] },
      dealsWonThisMonth: { count: 0, totalValue: 0 },
      expectedFees: 0,
      overdueTasks: 0,
    });
  });

  it('needs reports:read (403) and a session (401)', async () => {
    const org = await newOrganization(t.app, t.db);
    const member = await signedInMember(t.app, org, { permissions: { reports: { read: false } } });
    expect((await call('GET', '/api/dashboard/summary', member.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/dashboard/trends', member.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/dashboard/summary')).statusCode).toBe(401);
  });
});

describe('GET /api/dashboard/claim-deadlines', () => {
  it('lists open deals whose claim deadline falls in the next N days, soonest first', async () => {
    const owner = await registerOrganizationOwner(t.app);
    const org = owner.user.organizationId;
    const d0 = await insertDeal(org, 'Research', {
      dealName: 'Due today',
      customFields: { claimDeadline: at(0), surplusAmount: 1000, expectedFee: 300 },
    });
    const d10 = await insertDeal(org, 'Contact', {
      dealName: 'In ten',
      customFields: { claimDeadline: at(10) },
    });
    const d30 = await insertDeal(org, 'Documents', {
      dealName: 'In thirty',
      customFields: { claimDeadline: at(30) },
    });
    await insertDeal(org, 'Research', { dealName: 'Too late', customFields: { claimDeadline: at(31) } });
    await insertDeal(org, 'Research', { dealName: 'Passed', customFields: { claimDeadline: at(-1) } });
    await insertDeal(org, 'Paid', { dealName: 'Closed', customFields: { claimDeadline: at(5) } });
    await insertDeal(org, 'Research', { dealName: 'No deadline' });
    const stranger = await registerOrganizationOwner(t.app);
    await insertDeal(stranger.user.organizationId, 'Research', { customFields: { claimDeadline: at(3) } });

    const res = await call('GET', '/api/dashboard/claim-deadlines', owner.cookie);
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ days: 30, from: today, total: 3 });
    expect(
      answer.items.map((i: { dealId: string; daysRemaining: number }) => [i.dealId, i.daysRemaining]),
    ).toEqual([
      [d0.id, 0],
      [d10.id, 10],
      [d30.id, 30],
    ]);
    expect(answer.items[0]).toEqual({
      dealId: d0.id,
      dealName: 'Due today',
      stage: 'Research',
      claimDeadline: at(0),
      daysRemaining: 0,
      surplusAmount: 1000,
      expectedFee: 300,
      relatedClient: null,
    });

    const week = (await call('GET', '/api/dashboard/claim-deadlines?days=5', owner.cookie)).json();
    expect(week.items.map((i: { dealName: string }) => i.dealName)).toEqual(['Due today']);
    for (const days of ['0', '366', 'soon']) {
      const bad = await call('GET', `/api/dashboard/claim-deadlines?days=${days}`, owner.cookie);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual([{ path: 'days', message: 'Days must be between 1 and 365' }]);
    }
    const blind = await signedInMember(t.app, await newOrganization(t.app, t.db), {
      permissions: { deals: { read: false } },
    });
    expect((await call('GET', '/api/dashboard/claim-deadlines', blind.cookie)).statusCode).toBe(403);
  });
});

describe('GET /api/dashboard/trends', () => {
  it('counts leads per week (12) and won deals per month (6), gaps as 0', async () => {
    const owner = await registerOrganizationOwner(t.app);
    const org = owner.user.organizationId;
    const leadDates = [ago(0), ago(3), ago(8), ago(20), ago(60), ago(200)];
    for (const createdAt of leadDates) await insertLead(org, createdAt);
    await insertDeal(org, 'Paid', { dealValue: '100.00', closedAt: new Date(now), updatedAt: ago(200) });
    await insertDeal(org, 'Paid', { dealValue: '250.50', closedAt: ago(45), updatedAt: new Date(now) });
    await insertDeal(org, 'Signed', { dealValue: '999.00' });

    const res = await call('GET', '/api/dashboard/trends', owner.cookie);
    expect(res.statusCode).toBe(200);
    const { leadsPerWeek, dealsWonPerMonth } = res.json();

    const d = new Date(now);
    const thisMonday =
      Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - ((d.getUTCDay() + 6) % 7) * DAY;
    const weeks = Array.from({ length: 12 }, (_, i) => thisMonday - (11 - i) * 7 * DAY);
    expect(leadsPerWeek).toEqual(
      weeks.map((start) => ({
        weekStart: isoDay(start),
        count: leadDates.filter((c) => c.getTime() >= start && c.getTime() < start + 7 * DAY).length,
      })),
    );
    expect(leadsPerWeek.reduce((sum: number, w: { count: number }) => sum + w.count, 0)).toBe(5);

    const months = Array.from({ length: 6 }, (_, i) => {
      const m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - (5 - i), 1));
      return m.toISOString().slice(0, 7);
    });
    const won = [
      { at: new Date(now), value: 100 },
      { at: ago(45), value: 250.5 },
    ];
    expect(dealsWonPerMonth).toEqual(
      months.map((month) => {
        const inMonth = won.filter((w) => monthOf(w.at) === month);
        return { month, count: inMonth.length, totalValue: inMonth.reduce((s, w) => s + w.value, 0) };
      }),
    );
  });
});
