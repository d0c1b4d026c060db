import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, clients, deals } from '../../db/schema/crm';
import { dealReasons } from '../../db/schema/lists';
import { registerOrganizationOwner, type SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { call as callApp, newOrganization, signedInMember } from '../users/test-helpers';
import { unknownStageMessage } from '../deals/deal-stage';
import { reasonRequiredMessage } from './move-deal';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (...args: Parameters<typeof callApp> extends [unknown, ...infer R] ? R : never) =>
  callApp(t.app, ...args);

interface Pipeline {
  id: string;
  stages: { id: string; name: string }[];
}

async function defaultPipelineOf(who: SignedIn): Promise<Pipeline> {
  const res = await call('GET', '/api/pipelines', who.cookie);
  return res.json().items.find((p: { isDefault: boolean }) => p.isDefault);
}

const base = Date.UTC(2025, 0, 1);
let seq = 0;

async function insertDeal(orgId: string, stage: string, extra: Partial<typeof deals.$inferInsert> = {}) {
  seq += 1;
  const [deal] = await t.db
    .insert(deals)
    .values({
      organizationId: orgId,
      dealName: `Deal ${seq}`,
      stage,
      updatedAt: new Date(base + seq * 60_000),
      ...extra,
    })
    .returning();
  return deal;
}

const cents = (values: (string | null)[]) =>
  values.reduce((sum, v) => sum + (v === null ? 0 : Math.round(Number(v) * 100)), 0) / 100;

describe('GET /api/pipelines/:id/board', () => {
  let owner: SignedIn;
  let pipeline: Pipeline;
  const seeded: Record<string, (typeof deals.$inferSelect)[]> = {};
  let clientId: string;

  beforeAll(async () => {
    owner = await registerOrganizationOwner(t.app);
    pipeline = await defaultPipelineOf(owner);
    const orgId = owner.user.organizationId;
    const [client] = await t.db
      .insert(clients)
      .values({ organizationId: orgId, displayName: 'Maria Lopez' })
      .returning();
    clientId = client.id;
    const plan: [string, number][] = [
      ['Research', 12],
      ['Contact', 8],
      ['Documents', 5],
      ['Signed', 3],
      ['Paid', 2],
    ];
    let i = 0;
    for (const [stage, n] of plan) {
      seeded[stage] = [];
      for (let k = 0; k < n; k++) {
        i += 1;
        seeded[stage].push(
          await insertDeal(orgId, stage, {
            dealValue: i % 4 === 0 ? null : (1000 * i + 0.25).toFixed(2),
            relatedClient: i % 3 === 0 ? clientId : null,
            assignedOwner: i % 5 === 0 ? owner.user.id : null,
            closeProbability: 10,
            expectedCloseDate: '2025-06-30',
            customFields:
              i === 1 ? { surplusAmount: 47_500, expectedFee: 14_250, claimDeadline: '2025-05-15' } : {},
          }),
        );
      }
    }
    // Not on this board: a stage of no pipeline, and another organization's deals.
    await insertDeal(orgId, 'proposal', { dealValue: '999.00' });
    const stranger = await registerOrganizationOwner(t.app);
    await insertDeal(stranger.user.organizationId, 'Research', { dealValue: '5000.00' });
  });

  it('answers each active stage in order with count, total (SQL) and the newest cards', async () => {
    const res = await call('GET', `/api/pipelines/${pipeline.id}/board?perColumn=5`, owner.cookie);
    expect(res.statusCode).toBe(200);
    const board = res.json();
    expect(board.pipeline).toEqual({ id: pipeline.id, name: 'Sales Pipeline', isDefault: true });
    expect(
      board.columns.map((c: { stage: { name: string }; count: number }) => [c.stage.name, c.count]),
    ).toEqual([
      ['Research', 12],
      ['Contact', 8],
      ['Documents', 5],
      ['Signed', 3],
      ['Paid', 2],
    ]);
    for (const column of board.columns) {
      const stageDeals = seeded[column.stage.name];
      expect(column.totalValue).toBe(cents(stageDeals.map((d) => d.dealValue)));
      const newest = stageDeals.toSorted((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime()).slice(0, 5);
      expect(column.items.map((c: { id: string }) => c.id)).toEqual(newest.map((d) => d.id));
      expect(column.nextCursor === null).toBe(stageDeals.length <= 5);
    }
    expect(board.columns[4].stage).toMatchObject({ name: 'Paid', closingType: 'won', probability: 100 });

    const first = seeded.Research[0];
    const card = board.columns[0].items.find((c: { id: string }) => c.id === first.id);
    expect(card).toBeUndefined(); // the oldest of 12 is not among the newest 5
    const withClient = board.columns
      .flatMap((c: { items: unknown[] }) => c.items)
      .find((c: { relatedClient: unknown }) => c.relatedClient !== null);
    expect(withClient).toMatchObject({ relatedClient: { id: clientId, displayName: 'Maria Lopez' } });
  });

  it('counts the deals in stages no active pipeline shows, instead of hiding them', async () => {
    const board = (await call('GET', `/api/pipelines/${pipeline.id}/board`, owner.cookie)).json();
    // The 'proposal' deal of this organization; not the other organization's deals.
    expect(board.unplaced).toEqual({ count: 1, stages: [{ name: 'proposal', count: 1 }] });
  });

  it('a stage of another active pipeline is placed; a switched-off pipeline or stage is not', async () => {
    const org = await registerOrganizationOwner(t.app);
    const orgId = org.user.organizationId;
    const main = await defaultPipelineOf(org);
    const made = await call('POST', '/api/pipelines', org.cookie, { name: 'Probate' });
    expect(made.statusCode).toBe(201);
    const probate = made.json();
    for (const name of ['Heirs found', 'Filed']) {
      expect(
        (await call('POST', '/api/stages', org.cookie, { pipelineId: probate.id, name })).statusCode,
      ).toBe(201);
    }
    await insertDeal(orgId, 'Heirs found');
    await insertDeal(orgId, 'proposal');
    await insertDeal(orgId, 'proposal');
    await insertDeal(orgId, 'Imported');
    const unplacedOf = async () =>
      (await call('GET', `/api/pipelines/${main.id}/board`, org.cookie)).json().unplaced;
    expect(await unplacedOf()).toEqual({
      count: 3,
      stages: [
        { name: 'proposal', count: 2 },
        { name: 'Imported', count: 1 },
      ],
    });
    // An empty stage switched off, then the whole pipeline: its deals are no board's any more.
    const filed = (await call('GET', '/api/pipelines', org.cookie))
      .json()
      .items.find((p: { id: string }) => p.id === probate.id)
      .stages.find((s: { name: string }) => s.name === 'Filed');
    expect((await call('PATCH', `/api/stages/${filed.id}`, org.cookie, { isActive: false })).statusCode).toBe(
      200,
    );
    await t.db.execute(sql`update pipelines set is_active = false where id = ${probate.id}`);
    expect((await unplacedOf()).stages).toContainEqual({ name: 'Heirs found', count: 1 });
    expect((await unplacedOf()).count).toBe(4);
  });

  it('pages a column with its cursor until the end, in updatedAt order', async () => {
    const board = (await call('GET', `/api/pipelines/${pipeline.id}/board?perColumn=5`, owner.cookie)).json();
    const research = board.columns[0];
    const seen: string[] = research.items.map((c: { id: string }) => c.id);
    let cursor: string | null = research.nextCursor;
    let pages = 0;
    while (cursor) {
      const res = await call(
        'GET',
        `/api/pipelines/${pipeline.id}/board/Research?limit=5&cursor=${cursor}`,
        owner.cookie,
      );
      expect(res.statusCode).toBe(200);
      const page = res.json();
      expect(page.total).toBe(12);
      seen.push(...page.items.map((c: { id: string }) => c.id));
      cursor = page.nextCursor;
      pages += 1;
    }
    expect(pages).toBe(2);
    const expected = seeded.Research.toSorted((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime()).map(
      (d) => d.id,
    );
    expect(seen).toEqual(expected);

    const oldest = (
      await call(
        'GET',
        `/api/pipelines/${pipeline.id}/board/Research?limit=1&cursor=${research.nextCursor}`,
        owner.cookie,
      )
    ).json();
    expect(oldest.items).toHaveLength(1);
    const full = (await call('GET', `/api/pipelines/${pipeline.id}/board/Research`, owner.cookie)).json();
    expect(full.items).toHaveLength(12);
    const firstCard = full.items.find((c: { id: string }) => c.id === seeded.Research[0].id);
    expect(firstCard).toMatchObject({
      dealName: seeded.Research[0].dealName,
      dealValue: 1000.25,
      closeProbability: 10,
      expectedCloseDate: '2025-06-30',
      stage: 'Research',
      surplus: { surplusAmount: 47_500, expectedFee: 14_250, claimDeadline: '2025-05-15' },
    });
    const owned = full.items.find((c: { assignedOwner: string | null }) => c.assignedOwner);
    expect(owned).toMatchObject({ assignedOwner: owner.user.id, assignedOwnerName: 'Ada Owner' });
  });

  it('finds stage names with spaces, leaves out inactive stages, and 404s unknown ones', async () => {
    const org = await registerOrganizationOwner(t.app);
    const p = await defaultPipelineOf(org);
    await call('POST', '/api/stages', org.cookie, { pipelineId: p.id, name: 'Under review' });
    await insertDeal(org.user.organizationId, 'Under review', { dealValue: '10.10' });
    await call('PATCH', `/api/stages/${p.stages[0].id}`, org.cookie, { isActive: false });
    const board = (await call('GET', `/api/pipelines/${p.id}/board`, org.cookie)).json();
    expect(board.columns.map((c: { stage: { name: string } }) => c.stage.name)).toEqual([
      'Contact',
      'Documents',
      'Signed',
      'Paid',
      'Under review',
    ]);
    expect(board.columns.at(-1)).toMatchObject({ count: 1, totalValue: 10.1 });
    const column = await call(
      'GET',
      `/api/pipelines/${p.id}/board/${encodeURIComponent('Under review')}`,
      org.cookie,
    );
    expect(column.json()).toMatchObject({ total: 1, nextCursor: null });
    expect((await call('GET', `/api/pipelines/${p.id}/board/Research`, org.cookie)).json()).toEqual({
      message: 'Stage not found',
    });
    expect((await call('GET', `/api/pipelines/${p.id}/board/Nowhere`, org.cookie)).statusCode).toBe(404);
  });

  it('validates perColumn and the cursor', async () => {
    expect(
      (await call('GET', `/api/pipelines/${pipeline.id}/board?perColumn=0`, owner.cookie)).json().errors,
    ).toEqual([{ path: 'perColumn', message: 'Per column must be at least 1' }]);
    expect(
      (await call('GET', `/api/pipelines/${pipeline.id}/board?perColumn=abc`, owner.cookie)).statusCode,
    ).toBe(400);
    const capped = await call('GET', `/api/pipelines/${pipeline.id}/board?perColumn=5000`, owner.cookie);
    expect(capped.statusCode).toBe(200);
    expect(capped.json().columns[0].items).toHaveLength(12);
    const bad = await call(
      'GET',
      `/api/pipelines/${pipeline.id}/board/Research?cursor=garbage`,
      owner.cookie,
    );
    expect(bad.json()).toEqual({ message: 'Invalid cursor' });
  });

  it('totals a surplus deal created without a value at its expected fee, and its card shows both', async () => {
    const org = await registerOrganizationOwner(t.app);
    const mine = await defaultPipelineOf(org);
    const typed = { dealName: 'Typed value', stage: 'Research', dealValue: '1000' };
    const res = await call('POST', '/api/deals', org.cookie, {
      dealName: 'Palm Way surplus',
      stage: 'Research',
      customFields: { winningBid: 150_000, totalDebt: 90_000, seniorLiens: 10_000, locatorFeePercent: 30 },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await call('POST', '/api/deals', org.cookie, typed)).statusCode).toBe(201);
    const board = (await call('GET', `/api/pipelines/${mine.id}/board`, org.cookie)).json();
    const research = board.columns.find((c: { stage: { name: string } }) => c.stage.name === 'Research');
    expect(research).toMatchObject({ count: 2, totalValue: 16_000 });
    expect(research.items.find((c: { id: string }) => c.id === res.json().id)).toMatchObject({
      dealValue: 15_000,
      surplus: { surplusAmount: 50_000, expectedFee: 15_000 },
    });
  });

  it("404 for another organization's pipeline; 403 without deals:read", async () => {
    const org = await newOrganization(t.app, t.db);
    expect((await call('GET', `/api/pipelines/${pipeline.id}/board`, org.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/pipelines/${pipeline.id}/board/Research`, org.cookie)).statusCode).toBe(
      404,
    );
    const mine = await defaultPipelineOf(org);
    const blind = await signedInMember(t.app, org, { permissions: { deals: { read: false } } });
    expect((await call('GET', `/api/pipelines/${mine.id}/board`, blind.cookie)).statusCode).toBe(403);
    expect((await call('GET', `/api/pipelines/${mine.id}/board/Research`, blind.cookie)).statusCode).toBe(
      403,
    );
  });
});

async function activitiesOf(dealId: string) {
  return t.db.select().from(activities).where(eq(activities.dealId, dealId));
}

async function reasonsOf(who: SignedIn, type: 'won' | 'loss') {
  const res = await call('GET', `/api/deal-reasons?type=${type}`, who.cookie);
  return res.json().items as { id: string; name: string }[];
}

describe('POST /api/deals/:id/move', () => {
  it('moves to a working stage, writes a note on the deal and answers the deal as GET does', async () => {
    const owner = await registerOrganizationOwner(t.app);
    const [client] = await t.db
      .insert(clients)
      .values({ organizationId: owner.user.organizationId, displayName: 'Rosa Diaz' })
      .returning();
    const deal = await insertDeal(owner.user.organizationId, 'Research', {
      dealValue: '1500.50',
      relatedClient: client.id,
    });
    const res = await call('POST', `/api/deals/${deal.id}/move`, owner.cookie, { stage: 'Contact' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: deal.id,
      stage: 'Contact',
      dealValue: 1500.5,
      relatedClientName: 'Rosa Diaz',
    });
    expect(res.json()).toEqual((await call('GET', `/api/deals/${deal.id}`, owner.cookie)).json());
    expect(new Date(res.json().updatedAt).getTime()).toBeGreaterThan(deal.updatedAt.getTime());
    const [note] = await activitiesOf(deal.id);
    expect(note).toMatchObject({
      organizationId: owner.user.organizationId,
      dealId: deal.id,
      userId: owner.user.id,
      type: 'note',
      subject: 'Moved to Contact',
      description: 'Moved from Research to Contact.',
      status: 'completed',
    });
    // Moving to the stage it is already in changes nothing (and answers the same shape).
    const again = await call('POST', `/api/deals/${deal.id}/move`, owner.cookie, { stage: 'Contact' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());
    expect(await activitiesOf(deal.id)).toHaveLength(1);
  });

  it('refuses an unknown or inactive stage (400 "Unknown stage")', async () => {
    const owner = await registerOrganizationOwner(t.app);
    const deal = await insertDeal(owner.user.organizationId, 'Research');
    const res = await call('POST', `/api/deals/${deal.id}/move`, owner.cookie, { stage: 'Nowhere' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Validation failed',
      errors: [{ path: 'stage', message: unknownStageMessage }],
    });
    const pipeline = await defaultPipelineOf(owner);
    await call('PATCH', `/api/stages/${pipeline.stages[1].id}`, owner.cookie, { isActive: false });
    expect(
      (await call('POST', `/api/deals/${deal.id}/move`, owner.cookie, { stage: 'Contact' })).json().errors,
    ).toEqual([{ path: 'stage', message: 'Unknown stage' }]);
    // Another organization's stage names are not ours either.
    const other = await registerOrganizationOwner(t.app, { industrySector: 'Wholesaler' });
    await call('POST', '/api/stages', other.cookie, {
      pipelineId: (await defaultPipelineOf(other)).id,
      name: 'Secret',
    });
    expect(
      (await call('POST', `/api/deals/${deal.id}/move`, owner.cookie, { stage: 'Secret' })).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', `/api/deals/${deal.id}/move`, owner.cookie, { stage: '' })).json().errors,
    ).toEqual([{ path: 'stage', message: 'Stage is required' }]);
    const [row] = await t.db.select().from(deals).where(eq(deals.id, deal.id));
    expect(row.stage).toBe('Research');
    expect(await activitiesOf(deal.id)).toEqual([]);
  });

  it('a won stage needs a won reason when the dialog offers some', async () => {
    const owner = await registerOrganizationOwner(t.app);
    const stranger = await registerOrganizationOwner(t.app);
    const deal = await insertDeal(owner.user.organizationId, 'Signed');
    const missing = await call('POST', `/api/deals/${deal.id}/move`, owner.cookie, { stage: 'Paid' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      message: 'Validation failed',
      errors: [{ path: 'reasonId', message: reasonRequiredMessage }],
    });
    const [loss] = await reasonsOf(owner, 'loss');
    const wrongType = await call('POST', `/api/deals/${deal.id}/move`, owner.cookie, {
      stage: 'Paid',
      reasonId: loss.id,
    });
    expect(wrongType.json().errors).toEqual([{ path: 'reasonId', message: 'Please choose a reason' }]);
    const [foreign] = await reasonsOf(stranger, 'won');
    const foreignReason = await call('POST', `/api/deals/${deal.id}/move`, owner.cookie, {
      stage: 'Paid',
      reasonId: foreign.id,
    });
    expect(foreignReason.statusCode).toBe(404);
    expect(foreignReason.json()).toEqual({ message: 'Reason not found' });
    expect((await t.db.select().from(deals).where(eq(deals.id, deal.id)))[0].stage).toBe('Signed');

    const [won] = await reasonsOf(owner, 'won');
    const ok = await call('POST', `/api/deals/${deal.id}/move`, owner.cookie, {
      stage: 'Paid',
      reasonId: won.id,
      reasonNote: 'County cut the check',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().stage).toBe('Paid');
    const [note] = await activitiesOf(deal.id);
    expect(note).toMatchObject({
      subject: 'Moved to Paid',
      description: 'Moved from Signed to Paid. Reason: Claim paid. Note: County cut the check',
    });
  });

  it('a lost stage needs a loss reason; without dialog reasons none is asked', async () => {
    const owner = await registerOrganizationOwner(t.app);
    const pipeline = await defaultPipelineOf(owner);
    await call('POST', '/api/stages', owner.cookie, {
      pipelineId: pipeline.id,
      name: 'Lost',
      closingType: 'lost',
    });
    const deal = await insertDeal(owner.user.organizationId, 'Contact');
    expect(
      (await call('POST', `/api/deals/${deal.id}/move`, owner.cookie, { stage: 'Lost' })).statusCode,
    ).toBe(400);
    const [won] = await reasonsOf(owner, 'won');
    expect(
      (await call('POST', `/api/deals/${deal.id}/move`, owner.cookie, { stage: 'Lost', reasonId: won.id }))
        .statusCode,
    ).toBe(400);
    const loss = (await reasonsOf(owner, 'loss')).find((r) => r.name === 'Owner declined')!;
    const ok = await call('POST', `/api/deals/${deal.id}/move`, owner.cookie, {
      stage: 'Lost',
      reasonId: loss.id,
    });
    expect(ok.json().stage).toBe('Lost');
    expect((await activitiesOf(deal.id))[0].description).toBe(
      'Moved from Contact to Lost. Reason: Owner declined.',
    );

    await t.db
      .update(dealReasons)
      .set({ showInDialog: false })
      .where(and(eq(dealReasons.organizationId, owner.user.organizationId), eq(dealReasons.type, 'won')));
    const other = await insertDeal(owner.user.organizationId, 'Signed');
    expect(
      (await call('POST', `/api/deals/${other.id}/move`, owner.cookie, { stage: 'Paid' })).statusCode,
    ).toBe(200);
  });

  it('dates the close when a move enters a won or lost stage; edits keep it; a move back clears it', async () => {
    const owner = await registerOrganizationOwner(t.app);
    const pipeline = await defaultPipelineOf(owner);
    await call('POST', '/api/stages', owner.cookie, {
      pipelineId: pipeline.id,
      name: 'Lost',
      closingType: 'lost',
    });
    const deal = await insertDeal(owner.user.organizationId, 'Signed');
    const closedAtOf = async () =>
      (await t.db.select({ closedAt: deals.closedAt }).from(deals).where(eq(deals.id, deal.id)))[0].closedAt;
    const [won] = await reasonsOf(owner, 'won');
    const paid = await call('POST', `/api/deals/${deal.id}/move`, owner.cookie, {
      stage: 'Paid',
      reasonId: won.id,
    });
    expect(paid.statusCode).toBe(200);
    const closedAt = await closedAtOf();
    expect(closedAt).toBeInstanceOf(Date);
    expect(new Date(paid.json().closedAt)).toEqual(closedAt);

    const edit = await call('PATCH', `/api/deals/${deal.id}`, owner.cookie, { notes: 'Paid in full' });
    expect(edit.statusCode).toBe(200);
    expect(await closedAtOf()).toEqual(closedAt);
    // Dropped back on its own column: still the same close.
    await call('POST', `/api/deals/${deal.id}/move`, owner.cookie, { stage: 'Paid' });
    expect(await closedAtOf()).toEqual(closedAt);

    const [loss] = await reasonsOf(owner, 'loss');
    await call('POST', `/api/deals/${deal.id}/move`, owner.cookie, { stage: 'Lost', reasonId: loss.id });
    expect((await closedAtOf())!.getTime()).toBeGreaterThan(closedAt!.getTime());

    const reopened = await call('POST', `/api/deals/${deal.id}/move`, owner.cookie, { stage: 'Contact' });
    expect(reopened.json()).toMatchObject({ stage: 'Contact', closedAt: null });
    expect(await closedAtOf()).toBeNull();
  });

  it('rolls the stage back when the note cannot be written', async () => {
    const owner = await registerOrganizationOwner(t.app);
    const pipeline = await defaultPipelineOf(owner);
    await call('POST', '/api/stages', owner.cookie, { pipelineId: pipeline.id, name: 'Boom' });
    const deal = await insertDeal(owner.user.organizationId, 'Research');
    await t.db.execute(sql`
      create or replace function refuse_boom() returns trigger language plpgsql as $$
      begin
        if new.subject = 'Moved to Boom' then raise exception 'activity refused'; end if;
        return new;
      end $$`);
    await t.db.execute(sql`
      create trigger refuse_boom before insert on activities for each row execute function refuse_boom()`);
    try {
      const res = await call('POST', `/api/deals/${deal.id}/move`, owner.cookie, { stage: 'Boom' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Internal server error' });
    } finally {
      await t.db.execute(sql`drop trigger refuse_boom on activities`);
      await t.db.execute(sql`drop function refuse_boom()`);
    }
    const [row] = await t.db.select().from(deals).where(eq(deals.id, deal.id));
    expect(row.stage).toBe('Research');
    expect(row.updatedAt).toEqual(deal.updatedAt);
    expect(await activitiesOf(deal.id)).toEqual([]);
  });

  it("404 for another organization's deal (unchanged); 403 without deals:update", async () => {
    const owner = await newOrganization(t.app, t.db);
    const stranger = await registerOrganizationOwner(t.app);
    const theirs = await insertDeal(stranger.user.organizationId, 'Research');
    const res = await call('POST', `/api/deals/${theirs.id}/move`, owner.cookie, { stage: 'Contact' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Deal not found' });
    expect((await t.db.select().from(deals).where(eq(deals.id, theirs.id)))[0].stage).toBe('Research');
    const mine = await insertDeal(owner.user.organizationId, 'Research');
    const reader = await signedInMember(t.app, owner, { permissions: { deals: { update: false } } });
    expect(
      (await call('POST', `/api/deals/${mine.id}/move`, reader.cookie, { stage: 'Contact' })).statusCode,
    ).toBe(403);
    expect(await activitiesOf(mine.id)).toEqual([]);
  });
});
