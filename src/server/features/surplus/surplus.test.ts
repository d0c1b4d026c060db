import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deals } from '../../db/schema/crm';
import { stateRules } from '../../db/schema/surplus';
import { registerOrganizationOwner, type SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { call as callApp, newOrganization, signedInMember } from '../users/test-helpers';
import { getDealSurplus, prepareDealCustomFields } from './deal-surplus';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOrganizationOwner(t.app);
});
afterAll(() => t.close());

const call = (...args: Parameters<typeof callApp> extends [unknown, ...infer R] ? R : never) =>
  callApp(t.app, ...args);

async function insertDeal(
  orgId: string,
  customFields: Record<string, unknown>,
  dealName = 'Palm Way surplus',
) {
  const [deal] = await t.db
    .insert(deals)
    .values({ organizationId: orgId, dealName, stage: 'Research', customFields })
    .returning();
  return deal;
}

const ctxOf = (who: SignedIn) => ({
  db: t.db,
  orgId: who.user.organizationId,
  actor: {
    id: who.user.id,
    role: 'admin' as const,
    isOwner: true,
    isSuperAdmin: false,
    permissions: {} as never,
    sessionId: 'test',
  },
});

describe('/api/state-rules', () => {
  it('starts empty, then creates (201), lists by state, updates and deletes (204)', async () => {
    const org = await registerOrganizationOwner(t.app);
    expect((await call('GET', '/api/state-rules', org.cookie)).json()).toEqual({
      items: [],
      nextCursor: null,
      total: 0,
    });
    const res = await call('POST', '/api/state-rules', org.cookie, {
      state: 'fl',
      claimWindowDays: 120,
      feeCapPercent: 12.5,
      assignmentAllowed: false,
      attorneyRequired: true,
      notes: 'Verify with the clerk',
    });
    expect(res.statusCode).toBe(201);
    const rule = res.json();
    expect(rule).toMatchObject({
      state: 'FL',
      claimWindowDays: 120,
      feeCapPercent: 12.5,
      assignmentAllowed: false,
      attorneyRequired: true,
      notes: 'Verify with the clerk',
    });
    await call('POST', '/api/state-rules', org.cookie, { state: 'GA' });
    const list = (await call('GET', '/api/state-rules', org.cookie)).json();
    expect(list.items.map((r: { state: string }) => r.state)).toEqual(['FL', 'GA']);
    expect(list.items[1]).toMatchObject({
      claimWindowDays: null,
      feeCapPercent: null,
      assignmentAllowed: null,
    });

    const patched = await call('PATCH', `/api/state-rules/${rule.id}`, org.cookie, {
      feeCapPercent: 30,
      notes: '',
    });
    expect(patched.json()).toMatchObject({
      state: 'FL',
      feeCapPercent: 30,
      notes: null,
      claimWindowDays: 120,
    });
    expect((await call('GET', `/api/state-rules/${rule.id}`, org.cookie)).json()).toEqual(patched.json());

    const dup = await call('POST', '/api/state-rules', org.cookie, { state: 'FL' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ message: 'A rule for this state already exists' });
    const renameDup = await call('PATCH', `/api/state-rules/${rule.id}`, org.cookie, { state: 'ga' });
    expect(renameDup.statusCode).toBe(409);

    expect((await call('DELETE', `/api/state-rules/${rule.id}`, org.cookie)).statusCode).toBe(204);
    expect((await call('GET', `/api/state-rules/${rule.id}`, org.cookie)).statusCode).toBe(404);
  });

  it.each([
    [{ state: 'Floridaa' }, 'state', 'State must be a 2-letter US state code'],
    [{}, 'state', 'State is required'],
    [{ state: 'FL', claimWindowDays: 0 }, 'claimWindowDays', 'Claim window must be between 1 and 3650 days'],
    [
      { state: 'FL', claimWindowDays: 4000 },
      'claimWindowDays',
      'Claim window must be between 1 and 3650 days',
    ],
    [{ state: 'FL', feeCapPercent: 101 }, 'feeCapPercent', 'Fee cap must be between 0 and 100'],
    [{ state: 'FL', feeCapPercent: -5 }, 'feeCapPercent', 'Fee cap must be between 0 and 100'],
  ])('POST %j → %s: %s', async (body, path, message) => {
    const res = await call('POST', '/api/state-rules', owner.cookie, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Validation failed', errors: [{ path, message }] });
  });

  it('every member reads, writes need settings:update (403)', async () => {
    const org = await newOrganization(t.app, t.db);
    const rule = (await call('POST', '/api/state-rules', org.cookie, { state: 'TX' })).json();
    const member = await signedInMember(t.app, org);
    expect((await call('GET', '/api/state-rules', member.cookie)).statusCode).toBe(200);
    expect((await call('POST', '/api/state-rules', member.cookie, { state: 'OH' })).statusCode).toBe(403);
    expect(
      (await call('PATCH', `/api/state-rules/${rule.id}`, member.cookie, { claimWindowDays: 5 })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/state-rules/${rule.id}`, member.cookie)).statusCode).toBe(403);
    const [row] = await t.db.select().from(stateRules).where(eq(stateRules.id, rule.id));
    expect(row.claimWindowDays).toBeNull();
  });
});

async function createDeal(who: SignedIn, customFields: Record<string, unknown>) {
  const res = await call('POST', '/api/deals', who.cookie, {
    dealName: 'Palm Way surplus',
    stage: 'Research',
    customFields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; updatedAt: string; customFields: Record<string, unknown> };
}

const storedValueOf = async (dealId: string) =>
  (await t.db.select().from(deals).where(eq(deals.id, dealId)))[0].dealValue;

const deadlineOf = async (dealId: string) =>
  (await t.db.select().from(deals).where(eq(deals.id, dealId)))[0].customFields.claimDeadline;

describe('a derived claim deadline stays in step', () => {
  it('with the sale date and state of a deal edit; a typed deadline stays', async () => {
    const org = await registerOrganizationOwner(t.app);
    await call('POST', '/api/state-rules', org.cookie, { state: 'FL', claimWindowDays: 365 });
    await call('POST', '/api/state-rules', org.cookie, { state: 'GA', claimWindowDays: 30 });
    const deal = await createDeal(org, { state: 'FL', saleDate: '2025-11-13' });
    expect(deal.customFields.claimDeadline).toBe('2026-11-13');
    const patch = async (customFields: Record<string, unknown>) => {
      const res = await call('PATCH', `/api/deals/${deal.id}`, org.cookie, { customFields });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().customFields.claimDeadline;
    };

    expect(await patch({ saleDate: '2026-11-13' })).toBe('2027-11-13');
    expect(await patch({ state: 'GA' })).toBe('2026-12-13');
    // The edit form resends every field, the old deadline included.
    expect(await patch({ state: 'GA', saleDate: '2026-01-01', claimDeadline: '2026-12-13' })).toBe(
      '2026-01-31',
    );
    // A state without a rule derives nothing: the derived deadline goes.
    expect(await patch({ state: 'TX' })).toBeUndefined();

    const typed = await createDeal(org, { state: 'FL', saleDate: '2025-01-01', claimDeadline: '2025-06-30' });
    expect(typed.customFields.claimDeadline).toBe('2025-06-30');
    const res = await call('PATCH', `/api/deals/${typed.id}`, org.cookie, {
      customFields: { saleDate: '2025-02-01' },
    });
    expect(res.json().customFields.claimDeadline).toBe('2025-06-30');
  });

  it("with the state rule's claim window: created, edited, moved to another state, and kept when it is deleted", async () => {
    const org = await registerOrganizationOwner(t.app);
    const stranger = await registerOrganizationOwner(t.app);
    const derived = await createDeal(org, { state: 'FL', saleDate: '2025-01-01' });
    const typed = await createDeal(org, { state: 'fl', saleDate: '2025-01-01', claimDeadline: '2025-03-01' });
    const georgia = await createDeal(org, { state: 'GA', saleDate: '2025-01-01' });
    const theirs = await createDeal(stranger, { state: 'FL', saleDate: '2025-01-01' });
    const deadlines = async () =>
      Promise.all([derived, typed, georgia, theirs].map((deal) => deadlineOf(deal.id)));
    expect(await deadlines()).toEqual([undefined, '2025-03-01', undefined, undefined]);

    const rule = (
      await call('POST', '/api/state-rules', org.cookie, { state: 'FL', claimWindowDays: 365 })
    ).json();
    expect(await deadlines()).toEqual(['2026-01-01', '2025-03-01', undefined, undefined]);

    const edit = (body: Record<string, unknown>) =>
      call('PATCH', `/api/state-rules/${rule.id}`, org.cookie, body);
    expect((await edit({ claimWindowDays: 120 })).statusCode).toBe(200);
    expect(await deadlines()).toEqual(['2025-05-01', '2025-03-01', undefined, undefined]);
    // Following the rule is not an edit of the deal.
    const [row] = await t.db.select().from(deals).where(eq(deals.id, derived.id));
    expect(row.updatedAt).toEqual(new Date(derived.updatedAt));

    await edit({ state: 'GA' });
    expect(await deadlines()).toEqual([undefined, '2025-03-01', '2025-05-01', undefined]);
    await edit({ claimWindowDays: null });
    expect(await deadlines()).toEqual([undefined, '2025-03-01', undefined, undefined]);
    await edit({ claimWindowDays: 10 });
    expect(await deadlines()).toEqual([undefined, '2025-03-01', '2025-01-11', undefined]);
    // Deleting the rule keeps the deadlines already saved.
    expect((await call('DELETE', `/api/state-rules/${rule.id}`, org.cookie)).statusCode).toBe(204);
    expect(await deadlines()).toEqual([undefined, '2025-03-01', '2025-01-11', undefined]);
  });
});

describe('GET /api/deals/:id/surplus', () => {
  it('computes the case with the state rule: values, deadline, days left and warnings', async () => {
    const org = await registerOrganizationOwner(t.app);
    await call('POST', '/api/state-rules', org.cookie, {
      state: 'FL',
      claimWindowDays: 365,
      feeCapPercent: 30,
    });
    const saleDate = new Date(Date.now() - 100 * 86_400_000).toISOString().slice(0, 10);
    const deal = await insertDeal(org.user.organizationId, {
      propertyAddress: '12 Palm Way, Tampa',
      state: 'fl',
      saleDate,
      winningBid: 150_000,
      totalDebt: 90_000,
      seniorLiens: 12_500,
      locatorFeePercent: 40,
    });
    const res = await call('GET', `/api/deals/${deal.id}/surplus`, org.cookie);
    expect(res.statusCode).toBe(200);
    const view = res.json();
    expect(view).toMatchObject({
      dealId: deal.id,
      dealName: 'Palm Way surplus',
      values: {
        propertyAddress: '12 Palm Way, Tampa',
        state: 'FL',
        winningBid: 150_000,
        surplusAmount: 47_500,
        expectedFee: 19_000,
        saleDate,
        county: null,
      },
      stateRule: { state: 'FL', claimWindowDays: 365, feeCapPercent: 30 },
      daysUntilDeadline: 265,
      warnings: ['Locator fee of 40% exceeds the 30% cap recorded for FL'],
    });
    const expectedDeadline = new Date(Date.parse(saleDate) + 365 * 86_400_000).toISOString().slice(0, 10);
    expect(view.values.claimDeadline).toBe(expectedDeadline);
    // The view computes; it does not write.
    const [row] = await t.db.select().from(deals).where(eq(deals.id, deal.id));
    expect(row.customFields.surplusAmount).toBeUndefined();
  });

  it('warns when there is no surplus, and works without a state rule', async () => {
    const org = await registerOrganizationOwner(t.app);
    const deal = await insertDeal(org.user.organizationId, {
      state: 'GA',
      winningBid: 50_000,
      totalDebt: 60_000,
    });
    const view = (await call('GET', `/api/deals/${deal.id}/surplus`, org.cookie)).json();
    expect(view).toMatchObject({
      values: { surplusAmount: 0 },
      stateRule: null,
      daysUntilDeadline: null,
      warnings: ['No surplus: debt and liens exceed the winning bid'],
    });
  });

  it("answers 404 for a missing deal or another organization's, and 403 without deals:read", async () => {
    const org = await newOrganization(t.app, t.db);
    const theirs = await insertDeal(owner.user.organizationId, { winningBid: 1 });
    expect((await call('GET', `/api/deals/${theirs.id}/surplus`, org.cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/deals/nope/surplus', org.cookie)).json()).toEqual({
      message: 'Deal not found',
    });
    const mine = await insertDeal(org.user.organizationId, {});
    const blind = await signedInMember(t.app, org, { permissions: { deals: { read: false } } });
    expect((await call('GET', `/api/deals/${mine.id}/surplus`, blind.cookie)).statusCode).toBe(403);
  });

  it('getDealSurplus counts days from the given day', async () => {
    const deal = await insertDeal(owner.user.organizationId, { claimDeadline: '2025-06-30' });
    const view = await getDealSurplus(ctxOf(owner), deal.id, '2025-06-20');
    expect(view).toMatchObject({ daysUntilDeadline: 10, warnings: ['The claim deadline is in 10 days'] });
  });
});

describe('prepareDealCustomFields (for the deals service)', () => {
  it('validates, then fills in the computed values from the state rule', async () => {
    const org = await registerOrganizationOwner(t.app);
    await call('POST', '/api/state-rules', org.cookie, {
      state: 'OH',
      claimWindowDays: 90,
      feeCapPercent: 25,
    });
    const ctx = { db: t.db, orgId: org.user.organizationId };
    const ok = await prepareDealCustomFields(
      ctx,
      {
        state: 'oh',
        saleDate: '2025-01-01',
        winningBid: '100,000',
        totalDebt: '40,000.50',
        locatorFeePercent: 20,
      },
      {},
      '2025-01-10',
    );
    expect(ok).toEqual({
      values: {
        state: 'OH',
        saleDate: '2025-01-01',
        winningBid: 100_000,
        totalDebt: 40_000.5,
        locatorFeePercent: 20,
        surplusAmount: 59_999.5,
        expectedFee: 11_999.9,
        claimDeadline: '2025-04-01',
      },
      errors: [],
      warnings: [],
    });
    const bad = await prepareDealCustomFields(ctx, { winningBid: 'lots' });
    expect(bad.errors).toEqual([
      { path: 'customFields.winningBid', message: 'Winning bid must be a number' },
    ]);
    const plain = await prepareDealCustomFields(ctx, { somethingElse: 1 });
    expect(plain).toEqual({ values: { somethingElse: 1 }, errors: [], warnings: [] });
  });
});

describe("a surplus deal's value is its expected fee unless one was typed", () => {
  const qaCase = { winningBid: 150_000, totalDebt: 90_000, seniorLiens: 10_000, locatorFeePercent: 30 };
  type Saved = { id: string; dealValue: number | null; customFields: Record<string, unknown> };
  const newDeal = async (who: SignedIn, body: Record<string, unknown>) => {
    const res = await call('POST', '/api/deals', who.cookie, {
      dealName: 'Palm Way surplus',
      stage: 'Research',
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Saved;
  };
  const patchOf = (who: SignedIn, id: string) => async (body: Record<string, unknown>) => {
    const res = await call('PATCH', `/api/deals/${id}`, who.cookie, body);
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as Saved;
    return [saved.dealValue, saved.customFields.expectedFee];
  };

  it('is set from the case on create, and follows the fee until a value is typed; cleared, it follows again', async () => {
    const org = await registerOrganizationOwner(t.app);
    const deal = await newDeal(org, { customFields: qaCase });
    expect(deal).toMatchObject({
      dealValue: 15_000,
      customFields: { surplusAmount: 50_000, expectedFee: 15_000 },
    });
    expect(await storedValueOf(deal.id)).toBe('15000.00');
    const patch = patchOf(org, deal.id);

    expect(await patch({ customFields: { locatorFeePercent: 40 } })).toEqual([20_000, 20_000]);
    // The edit form sends the value it showed with the case: still the fee, so it keeps following.
    expect(await patch({ dealValue: '20000', customFields: { ...qaCase, locatorFeePercent: 25 } })).toEqual([
      12_500, 12_500,
    ]);
    expect(await patch({ dealValue: '18,000' })).toEqual([18_000, 12_500]);
    expect(await patch({ customFields: { locatorFeePercent: 35 } })).toEqual([18_000, 17_500]);
    expect(await patch({ dealValue: 18_000, customFields: { winningBid: 160_000 } })).toEqual([
      18_000, 21_000,
    ]);
    expect(await patch({ dealValue: '' })).toEqual([21_000, 21_000]);
    expect(await patch({ customFields: { totalDebt: 100_000 } })).toEqual([17_500, 17_500]);
    // No fee any more (the form sends the computed fields blank): no value either.
    expect(await patch({ customFields: { locatorFeePercent: null, expectedFee: null } })).toEqual([
      null,
      null,
    ]);
    expect(await patch({ customFields: { locatorFeePercent: 10 } })).toEqual([5_000, 5_000]);
  });

  it('keeps a value typed on create, which may equal the fee (then it follows)', async () => {
    const org = await registerOrganizationOwner(t.app);
    const typed = await newDeal(org, { dealValue: '9999.99', customFields: qaCase });
    expect(typed.dealValue).toBe(9_999.99);
    expect(await patchOf(org, typed.id)({ customFields: { locatorFeePercent: 50 } })).toEqual([
      9_999.99, 25_000,
    ]);
    const same = await newDeal(org, { dealValue: 15_000, customFields: qaCase });
    expect(await patchOf(org, same.id)({ customFields: { locatorFeePercent: 20 } })).toEqual([
      10_000, 10_000,
    ]);
  });

  it('fills in a stored deal without a value on its next save, whatever it changes', async () => {
    const org = await registerOrganizationOwner(t.app);
    const deal = await insertDeal(org.user.organizationId, {
      ...qaCase,
      surplusAmount: 50_000,
      expectedFee: 15_000,
    });
    expect(deal.dealValue).toBeNull();
    expect(await patchOf(org, deal.id)({ notes: 'Called the clerk' })).toEqual([15_000, 15_000]);
  });

  it('leaves organizations without the surplus template alone, and deals without a fee', async () => {
    const shop = await registerOrganizationOwner(t.app, { industrySector: 'Small Business' });
    const deal = await newDeal(shop, { customFields: qaCase });
    // The case is computed for any organization; only the template's deals take the fee as their value.
    expect(deal).toMatchObject({ dealValue: null, customFields: { expectedFee: 15_000 } });
    expect(await patchOf(shop, deal.id)({ customFields: { locatorFeePercent: 40 } })).toEqual([null, 20_000]);
    expect(await patchOf(shop, deal.id)({ dealValue: '' })).toEqual([null, 20_000]);

    const org = await registerOrganizationOwner(t.app);
    const plain = await newDeal(org, { dealValue: 700, customFields: { county: 'Marion' } });
    expect(await patchOf(org, plain.id)({ notes: 'x' })).toEqual([700, undefined]);
    expect(await patchOf(org, plain.id)({ dealValue: null })).toEqual([null, undefined]);
  });

  it('refuses money a deal value cannot hold ("$1T bid"), so every fee it computes fits the deal', async () => {
    const org = await registerOrganizationOwner(t.app);
    const dealsOf = async () =>
      (await t.db.select().from(deals).where(eq(deals.organizationId, org.user.organizationId))).length;
    const refused = async (customFields: Record<string, unknown>) => {
      const res = await call('POST', '/api/deals', org.cookie, {
        dealName: 'Palm Way surplus',
        stage: 'Research',
        customFields,
      });
      expect(res.statusCode, res.body).toBe(400);
      return res.json().errors;
    };
    expect(await refused({ winningBid: 1_000_000_000_000, locatorFeePercent: 30 })).toEqual([
      { path: 'customFields.winningBid', message: 'Winning bid must be between 0 and 99,999,999.99' },
    ]);
    expect(
      await refused({ winningBid: '$100,000,000.00', totalDebt: 1e15, seniorLiens: '1,000,000,000' }),
    ).toEqual([
      { path: 'customFields.winningBid', message: 'Winning bid must be between 0 and 99,999,999.99' },
      {
        path: 'customFields.totalDebt',
        message: 'Total debt / judgment must be between 0 and 99,999,999.99',
      },
      { path: 'customFields.seniorLiens', message: 'Senior liens must be between 0 and 99,999,999.99' },
    ]);
    expect(
      await refused({ surplusAmountOverridden: true, surplusAmount: 100_000_000, locatorFeePercent: 30 }),
    ).toEqual([
      { path: 'customFields.surplusAmount', message: 'Surplus amount must be between 0 and 99,999,999.99' },
    ]);
    expect(await dealsOf()).toBe(0);

    // The largest bid at a 100% fee: the fee is the largest deal value, and the deal takes it.
    const largest = await newDeal(org, {
      customFields: { winningBid: 99_999_999.99, locatorFeePercent: 100 },
    });
    expect(largest).toMatchObject({ dealValue: 99_999_999.99, customFields: { expectedFee: 99_999_999.99 } });
    expect(await storedValueOf(largest.id)).toBe('99999999.99');

    // An organization that lifted the fee percentage's limit still cannot store a fee past it.
    const fields = (await call('GET', '/api/custom-fields?entityType=deal', org.cookie)).json().items as {
      id: string;
      fieldKey: string;
    }[];
    const feePercent = fields.find((field) => field.fieldKey === 'locatorFeePercent');
    const lifted = await call('PATCH', `/api/custom-fields/${feePercent?.id}`, org.cookie, {
      validation: { min: 0 },
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    const res = await call('PATCH', `/api/deals/${largest.id}`, org.cookie, {
      customFields: { locatorFeePercent: 200 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'customFields.expectedFee', message: 'Expected fee must be between 0 and 99,999,999.99' },
    ]);
    expect(await storedValueOf(largest.id)).toBe('99999999.99');

    const typed = await call('POST', '/api/deals', org.cookie, {
      dealName: 'Palm Way surplus',
      stage: 'Research',
      dealValue: 'lots',
      customFields: qaCase,
    });
    expect(typed.statusCode).toBe(400);
    expect(typed.json()).toEqual({
      message: 'Validation failed',
      errors: [{ path: 'dealValue', message: 'Deal value must be a number' }],
    });
  });

  it("403 without deals:update and 404 for another organization's deal: the value stays", async () => {
    const org = await newOrganization(t.app, t.db);
    const stranger = await registerOrganizationOwner(t.app);
    const deal = await newDeal(org, { customFields: qaCase });
    const readOnly = await signedInMember(t.app, org, { permissions: { deals: { update: false } } });
    const body = { customFields: { locatorFeePercent: 50 } };
    expect((await call('PATCH', `/api/deals/${deal.id}`, readOnly.cookie, body)).statusCode).toBe(403);
    expect((await call('PATCH', `/api/deals/${deal.id}`, stranger.cookie, body)).statusCode).toBe(404);
    expect(
      (await call('PATCH', `/api/deals/${deal.id}`, stranger.cookie, { dealValue: '' })).statusCode,
    ).toBe(404);
    expect(await storedValueOf(deal.id)).toBe('15000.00');
  });
});
