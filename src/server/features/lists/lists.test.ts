import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionActions, permissionCategories } from '../../../common/permissions';
import { clients, companies, deals, leads } from '../../db/schema/crm';
import { dealReasons, dealStatuses, pipelines, stages } from '../../db/schema/lists';
import { registerOrganizationOwner, type SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { call as callApp, newOrganization, signedInMember } from '../users/test-helpers';
import { systemStatusMessage } from './list-entries';
import {
  defaultInactiveMessage,
  defaultRequiredMessage,
  lastPipelineMessage,
  pipelineDeactivationMessage,
  pipelineHasDealsMessage,
} from './pipelines';
import { stageDeactivationMessage, stageHasDealsMessage } from './stages';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOrganizationOwner(t.app);
});
afterAll(() => t.close());

const call = (...args: Parameters<typeof callApp> extends [unknown, ...infer R] ? R : never) =>
  callApp(t.app, ...args);

async function created(res: { statusCode: number; body: string; json(): Record<string, unknown> }) {
  if (res.statusCode !== 201) throw new Error(`create failed ${res.statusCode}: ${res.body}`);
  return res.json() as Record<string, unknown> & { id: string };
}

const names = (res: { json(): { items: { name: string }[] } }) => res.json().items.map((i) => i.name);

async function defaultPipelineOf(who: SignedIn) {
  const res = await call('GET', '/api/pipelines', who.cookie);
  return res.json().items.find((p: { isDefault: boolean }) => p.isDefault) as {
    id: string;
    name: string;
    stages: { id: string; name: string; closingType: string | null }[];
  };
}

async function insertDeal(orgId: string, stage: string, dealName = 'Deal') {
  const [deal] = await t.db.insert(deals).values({ organizationId: orgId, dealName, stage }).returning();
  return deal;
}

describe('seeded lists of a Surplus Funds Locator organization', () => {
  it('has deal reasons, lead sources, revenue types, statuses and tags', async () => {
    const won = await call('GET', '/api/deal-reasons?type=won', owner.cookie);
    expect(won.statusCode).toBe(200);
    expect(won.json()).toMatchObject({ nextCursor: null, total: 3 });
    expect(names(won)).toEqual(['Claim paid', 'Client signed', 'Court approved the claim']);
    const loss = await call('GET', '/api/deal-reasons?type=loss', owner.cookie);
    expect(names(loss)).toEqual([
      'Could not locate owner',
      'Owner declined',
      'Claim deadline passed',
      'Funds already claimed',
      'Competitor signed first',
    ]);
    expect(loss.json().items[0]).toMatchObject({
      type: 'loss',
      showInDialog: true,
      showInDetails: true,
      isActive: true,
    });

    expect(names(await call('GET', '/api/lead-sources', owner.cookie))).toEqual([
      'County surplus list',
      'Tax sale results',
      'Foreclosure auction',
      'Skip trace',
      'Referral',
      'Website',
      'Direct mail',
      'Cold call',
    ]);
    expect(names(await call('GET', '/api/revenue-types', owner.cookie))).toContain('Recovery fee');
    const statuses = (await call('GET', '/api/deal-statuses', owner.cookie)).json().items;
    expect(statuses.map((s: Record<string, unknown>) => [s.name, s.color, s.isSystem])).toEqual([
      ['Open', '#3b82f6', true],
      ['Won', '#16a34a', true],
      ['Lost', '#dc2626', true],
    ]);
    expect(names(await call('GET', '/api/person-statuses', owner.cookie))).toEqual([
      'Active',
      'Prospect',
      'Inactive',
      'Do not contact',
    ]);
    expect((await call('GET', '/api/tags', owner.cookie)).json().total).toBeGreaterThanOrEqual(3);
  });

  it('has one default pipeline whose stages are ordered and whose last stage wins the deal', async () => {
    const res = await call('GET', '/api/pipelines', owner.cookie);
    expect(res.json()).toMatchObject({ total: 1, nextCursor: null });
    const pipeline = await defaultPipelineOf(owner);
    expect(pipeline.stages.map((s) => [s.name, s.closingType])).toEqual([
      ['Research', null],
      ['Contact', null],
      ['Documents', null],
      ['Signed', null],
      ['Paid', 'won'],
    ]);
    expect((await call('GET', `/api/pipelines/${pipeline.id}`, owner.cookie)).json()).toEqual(pipeline);
  });

  it('seeds generic reasons and sources for other sectors, and no surplus fields', async () => {
    const other = await registerOrganizationOwner(t.app, { industrySector: 'Small Business' });
    expect(names(await call('GET', '/api/deal-reasons?type=loss', other.cookie))).toContain(
      'Chose a competitor',
    );
    expect(names(await call('GET', '/api/lead-sources', other.cookie))).not.toContain('County surplus list');
    const pipeline = await defaultPipelineOf(other);
    expect(pipeline.stages.at(-1)).toMatchObject({ name: 'Closed Won', closingType: 'won' });
    expect((await call('GET', '/api/custom-fields?entityType=deal', other.cookie)).json().total).toBe(0);
  });
});

const simpleLists = [
  { path: 'deal-reasons', body: { name: 'Too slow', type: 'loss' } },
  { path: 'revenue-types', body: { name: 'Consulting' } },
  { path: 'lead-sources', body: { name: 'Billboard' } },
  { path: 'deal-statuses', body: { name: 'On hold', color: '#f59e0b' } },
  { path: 'person-statuses', body: { name: 'Deceased', color: '#111827' } },
];

describe.each(simpleLists)('/api/$path', ({ path, body }) => {
  it('creates (201) at the end, reads, renames, deactivates, filters by active and deletes (204)', async () => {
    const org = await registerOrganizationOwner(t.app);
    const before = (await call('GET', `/api/${path}`, org.cookie)).json();
    const sameKind = before.items.filter(
      (i: { type?: string }) => i.type === (body as { type?: string }).type,
    );
    const entry = await created(await call('POST', `/api/${path}`, org.cookie, body));
    expect(entry).toMatchObject({
      ...body,
      isActive: true,
      orderIndex: sameKind.length,
      organizationId: org.user.organizationId,
    });
    expect((await call('GET', `/api/${path}/${entry.id}`, org.cookie)).json()).toEqual(entry);

    const renamed = await call('PATCH', `/api/${path}/${entry.id}`, org.cookie, { name: '  Renamed  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Renamed', isActive: true });
    const off = await call('PATCH', `/api/${path}/${entry.id}`, org.cookie, { isActive: false });
    expect(off.json()).toMatchObject({ name: 'Renamed', isActive: false });

    const active = (await call('GET', `/api/${path}?active=true`, org.cookie)).json();
    expect(active.items.map((i: { id: string }) => i.id)).not.toContain(entry.id);
    expect(active.total).toBe(before.total);
    const inactive = (await call('GET', `/api/${path}?active=false`, org.cookie)).json();
    expect(inactive.items.map((i: { id: string }) => i.id)).toEqual([entry.id]);
    // The field's own name filters too.
    const byField = (await call('GET', `/api/${path}?isActive=false`, org.cookie)).json();
    expect(byField.items.map((i: { id: string }) => i.id)).toEqual([entry.id]);
    expect((await call('GET', `/api/${path}`, org.cookie)).json().total).toBe(before.total + 1);

    expect((await call('DELETE', `/api/${path}/${entry.id}`, org.cookie)).statusCode).toBe(204);
    const gone = await call('GET', `/api/${path}/${entry.id}`, org.cookie);
    expect(gone.statusCode).toBe(404);
    expect((await call('DELETE', `/api/${path}/${entry.id}`, org.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/${path}/not-a-uuid`, org.cookie)).statusCode).toBe(404);
  });

  it('answers the catalogue messages', async () => {
    const short = await call('POST', `/api/${path}`, owner.cookie, { ...body, name: 'X' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      message: 'Validation failed',
      errors: [{ path: 'name', message: 'Name must be at least 2 characters' }],
    });
    const patch = await call('PATCH', `/api/${path}/00000000-0000-4000-8000-000000000000`, owner.cookie, {
      name: '',
    });
    expect(patch.json().errors).toEqual([{ path: 'name', message: 'Name must be at least 2 characters' }]);
    expect((await call('GET', `/api/${path}?active=maybe`, owner.cookie)).json().errors).toEqual([
      { path: 'active', message: 'Active must be true or false' },
    ]);
  });
});

describe('lead source renames', () => {
  it('follow onto the leads and deals that name the source, in this organization only', async () => {
    const org = await newOrganization(t.app, t.db);
    const other = await newOrganization(t.app, t.db);
    const source = (await call('POST', '/api/lead-sources', org.cookie, { name: 'Cold call' })).json();
    const lead = (
      await call('POST', '/api/leads', org.cookie, { fullName: 'Cal Cold', leadSource: 'Cold call' })
    ).json();
    const deal = (
      await call('POST', '/api/deals', org.cookie, {
        dealName: 'Cold deal',
        stage: 'Research',
        leadSource: 'Cold call',
      })
    ).json();
    const theirs = (
      await call('POST', '/api/leads', other.cookie, { fullName: 'Their Lead', leadSource: 'Cold call' })
    ).json();

    const renamed = await call('PATCH', `/api/lead-sources/${source.id}`, org.cookie, {
      name: 'Cold calling',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const [leadRow] = await t.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(leadRow.leadSource).toBe('Cold calling');
    // Following the rename is not an edit of the record.
    expect(leadRow.updatedAt).toEqual(new Date(lead.updatedAt));
    const [dealRow] = await t.db.select().from(deals).where(eq(deals.id, deal.id));
    expect(dealRow.leadSource).toBe('Cold calling');
    const [theirRow] = await t.db.select().from(leads).where(eq(leads.id, theirs.id));
    expect(theirRow.leadSource).toBe('Cold call');
  });
});

describe('revenue type renames', () => {
  it('follow onto the deals whose type names it, in this organization only', async () => {
    const org = await newOrganization(t.app, t.db);
    const other = await newOrganization(t.app, t.db);
    const type = (await call('POST', '/api/revenue-types', org.cookie, { name: 'Flat fee' })).json();
    const deal = (
      await call('POST', '/api/deals', org.cookie, {
        dealName: 'Flat',
        stage: 'Research',
        dealType: 'Flat fee',
      })
    ).json();
    const untyped = (
      await call('POST', '/api/deals', org.cookie, {
        dealName: 'Other',
        stage: 'Research',
        dealType: 'Resale',
      })
    ).json();
    const theirs = (
      await call('POST', '/api/deals', other.cookie, {
        dealName: 'Theirs',
        stage: 'Research',
        dealType: 'Flat fee',
      })
    ).json();

    const renamed = await call('PATCH', `/api/revenue-types/${type.id}`, org.cookie, { name: 'Fixed fee' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const typeOf = async (id: string) => (await t.db.select().from(deals).where(eq(deals.id, id)))[0];
    const row = await typeOf(deal.id);
    expect(row.dealType).toBe('Fixed fee');
    // Following the rename is not an edit of the deal.
    expect(row.updatedAt).toEqual(new Date(deal.updatedAt));
    expect((await typeOf(untyped.id)).dealType).toBe('Resale');
    expect((await typeOf(theirs.id)).dealType).toBe('Flat fee');
    const filtered = await call('GET', '/api/deals?dealType=Fixed%20fee', org.cookie);
    expect(filtered.json().items.map((d: { id: string }) => d.id)).toEqual([deal.id]);
  });
});

describe('list validation messages', () => {
  it.each([
    ['deal-statuses', { name: 'Hot', color: 'red' }, 'color', 'Color must be a valid hex code'],
    ['deal-statuses', { name: 'Hot', color: '#fff' }, 'color', 'Color must be a valid hex code'],
    ['deal-statuses', { name: 'Hot' }, 'color', 'Color must be a valid hex code'],
    ['person-statuses', { name: 'Hot', color: '#12345g' }, 'color', 'Color must be a valid hex code'],
    ['deal-reasons', { name: 'Price', type: 'lost' }, 'type', 'Invalid reason type'],
    [
      'deal-reasons',
      { name: 'Price', type: 'won', showInDialog: 'yes' },
      'showInDialog',
      'showInDialog must be true or false',
    ],
    ['revenue-types', { name: 'Consulting', orderIndex: -1 }, 'orderIndex', 'Order index must be at least 0'],
    ['pipelines', { name: 'P' }, 'name', 'Name must be at least 2 characters'],
    ['stages', { name: 'Review' }, 'pipelineId', 'Pipeline ID is required'],
    ['stages', { name: 'Review', pipelineId: '' }, 'pipelineId', 'Pipeline ID is required'],
    ['tags', { name: '' }, 'name', 'Tag name is required'],
    ['tags', {}, 'name', 'Tag name is required'],
    ['tags', { name: 'Hot', color: 'blue' }, 'color', 'Color must be a valid hex code'],
  ])('POST /api/%s %j → %s: %s', async (path, body, field, message) => {
    const res = await call('POST', `/api/${path}`, owner.cookie, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Validation failed');
    expect(res.json().errors).toContainEqual({ path: field, message });
  });

  it('checks the stage probability range (0 to 100)', async () => {
    const pipeline = await defaultPipelineOf(owner);
    for (const probability of [-1, 101]) {
      const res = await call('POST', '/api/stages', owner.cookie, {
        pipelineId: pipeline.id,
        name: 'Review',
        probability,
      });
      expect(res.json().errors).toEqual([
        { path: 'probability', message: 'Probability must be between 0 and 100' },
      ]);
    }
    const ok = await created(
      await call('POST', '/api/stages', owner.cookie, {
        pipelineId: pipeline.id,
        name: 'Edge',
        probability: 100,
      }),
    );
    expect(ok).toMatchObject({ probability: 100, closingType: null });
    const defaulted = await created(
      await call('POST', '/api/stages', owner.cookie, { pipelineId: pipeline.id, name: 'Zero' }),
    );
    expect(defaulted.probability).toBe(0);
    const patch = await call('PATCH', `/api/stages/${ok.id}`, owner.cookie, { probability: 150 });
    expect(patch.json().errors).toEqual([
      { path: 'probability', message: 'Probability must be between 0 and 100' },
    ]);
    const closing = await call('PATCH', `/api/stages/${ok.id}`, owner.cookie, { closingType: 'maybe' });
    expect(closing.json().errors).toEqual([
      { path: 'closingType', message: 'Closing type must be won or lost' },
    ]);
    await call('DELETE', `/api/stages/${ok.id}`, owner.cookie);
    await call('DELETE', `/api/stages/${defaulted.id}`, owner.cookie);
  });

  it('refuses to delete a system deal status (409)', async () => {
    const [open] = (await call('GET', '/api/deal-statuses', owner.cookie)).json().items;
    const res = await call('DELETE', `/api/deal-statuses/${open.id}`, owner.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: systemStatusMessage });
    const [row] = await t.db.select().from(dealStatuses).where(eq(dealStatuses.id, open.id));
    expect(row.name).toBe('Open');
  });
});

describe('reorder', () => {
  it('sets orderIndex in the given order, for the caller’s rows only', async () => {
    const org = await registerOrganizationOwner(t.app);
    const sources = (await call('GET', '/api/lead-sources', org.cookie)).json().items as {
      id: string;
      name: string;
    }[];
    const reversed = sources.map((s) => s.id).toReversed();
    const res = await call('POST', '/api/lead-sources/reorder', org.cookie, { ids: reversed });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((i: { id: string; orderIndex: number }) => [i.id, i.orderIndex])).toEqual(
      reversed.map((id, index) => [id, index]),
    );
    expect(
      (await call('GET', '/api/lead-sources', org.cookie)).json().items.map((i: { id: string }) => i.id),
    ).toEqual(reversed);

    // A foreign id: 404 and nothing changes, in either organization.
    const stranger = await registerOrganizationOwner(t.app);
    const theirs = (await call('GET', '/api/lead-sources', stranger.cookie)).json().items as { id: string }[];
    const mixed = await call('POST', '/api/lead-sources/reorder', org.cookie, {
      ids: [theirs[0].id, ...sources.map((s) => s.id)],
    });
    expect(mixed.statusCode).toBe(404);
    expect(
      (await call('GET', '/api/lead-sources', org.cookie)).json().items.map((i: { id: string }) => i.id),
    ).toEqual(reversed);
    expect((await call('GET', '/api/lead-sources', stranger.cookie)).json().items).toEqual(
      (await call('GET', '/api/lead-sources', stranger.cookie)).json().items,
    );
    const strangerOrder = (await call('GET', '/api/lead-sources', stranger.cookie))
      .json()
      .items.map((i: { id: string; orderIndex: number }) => [i.id, i.orderIndex]);
    expect(strangerOrder).toEqual(theirs.map((s, index) => [s.id, index]));

    // An id of another list of the caller's own is not this list's either.
    const [reason] = (await call('GET', '/api/deal-reasons', org.cookie)).json().items;
    expect(
      (await call('POST', '/api/lead-sources/reorder', org.cookie, { ids: [reason.id] })).statusCode,
    ).toBe(404);
  });

  it('validates the ids', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect(
      (await call('POST', '/api/deal-reasons/reorder', owner.cookie, { ids: [] })).json().errors,
    ).toEqual([{ path: 'ids', message: 'Choose at least one item to reorder' }]);
    expect(
      (await call('POST', '/api/deal-reasons/reorder', owner.cookie, { ids: [id, id] })).json().errors,
    ).toEqual([{ path: 'ids', message: 'Each ID may appear only once' }]);
    expect(
      (await call('POST', '/api/deal-reasons/reorder', owner.cookie, { ids: ['x'] })).json().errors,
    ).toEqual([{ path: 'ids.0', message: 'Invalid ID' }]);
    expect((await call('POST', '/api/deal-reasons/reorder', owner.cookie, {})).json().errors).toEqual([
      { path: 'ids', message: 'IDs must be a list' },
    ]);
  });

  it('reorders stages and pipelines', async () => {
    const org = await registerOrganizationOwner(t.app);
    const pipeline = await defaultPipelineOf(org);
    const ids = pipeline.stages.map((s) => s.id);
    const order = [ids[1], ids[0], ...ids.slice(2)];
    expect((await call('POST', '/api/stages/reorder', org.cookie, { ids: order })).statusCode).toBe(200);
    expect((await defaultPipelineOf(org)).stages.map((s) => s.id)).toEqual(order);
    const second = await created(await call('POST', '/api/pipelines', org.cookie, { name: 'Heirs' }));
    const res = await call('POST', '/api/pipelines/reorder', org.cookie, { ids: [second.id, pipeline.id] });
    expect(res.json().items.map((p: { id: string }) => p.id)).toEqual([second.id, pipeline.id]);
  });
});

describe('pipelines', () => {
  it('keeps exactly one default pipeline', async () => {
    const org = await registerOrganizationOwner(t.app);
    const first = await defaultPipelineOf(org);
    const second = await created(await call('POST', '/api/pipelines', org.cookie, { name: 'Probate' }));
    expect(second).toMatchObject({ name: 'Probate', isDefault: false, isActive: true, stages: [] });

    const third = await created(
      await call('POST', '/api/pipelines', org.cookie, { name: 'Heirs', isDefault: true }),
    );
    expect(third.isDefault).toBe(true);
    const defaults = async () =>
      (
        await t.db
          .select({ id: pipelines.id })
          .from(pipelines)
          .where(and(eq(pipelines.organizationId, org.user.organizationId), eq(pipelines.isDefault, true)))
      ).map((p) => p.id);
    expect(await defaults()).toEqual([third.id]);

    const patched = await call('PATCH', `/api/pipelines/${second.id}`, org.cookie, { isDefault: true });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ isDefault: true, stages: [] });
    expect(await defaults()).toEqual([second.id]);

    const unset = await call('PATCH', `/api/pipelines/${second.id}`, org.cookie, { isDefault: false });
    expect(unset.statusCode).toBe(400);
    expect(unset.json().errors).toEqual([{ path: 'isDefault', message: defaultRequiredMessage }]);
    const deactivate = await call('PATCH', `/api/pipelines/${second.id}`, org.cookie, { isActive: false });
    expect(deactivate.json().errors).toEqual([{ path: 'isActive', message: defaultInactiveMessage }]);

    // Deleting the default hands the role to the next pipeline.
    expect((await call('DELETE', `/api/pipelines/${second.id}`, org.cookie)).statusCode).toBe(204);
    expect(await defaults()).toEqual([first.id]);
    expect((await call('DELETE', `/api/pipelines/${third.id}`, org.cookie)).statusCode).toBe(204);
    const last = await call('DELETE', `/api/pipelines/${first.id}`, org.cookie);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({ message: lastPipelineMessage });
    expect(await defaults()).toEqual([first.id]);
  });

  it('a pipeline whose stages hold deals cannot be deleted (409, nothing removed)', async () => {
    const org = await registerOrganizationOwner(t.app);
    const orgId = org.user.organizationId;
    const probate = await created(await call('POST', '/api/pipelines', org.cookie, { name: 'Probate' }));
    for (const name of ['Heir search', 'Research']) {
      await created(await call('POST', '/api/stages', org.cookie, { pipelineId: probate.id, name }));
    }
    const stagesOfProbate = () => t.db.select().from(stages).where(eq(stages.pipelineId, probate.id));
    const held = await insertDeal(orgId, 'Heir search');
    // The default pipeline has a Research stage too, which keeps holding this deal.
    await insertDeal(orgId, 'Research');
    // Another organization's deal in a stage of the same name is not ours.
    const stranger = await registerOrganizationOwner(t.app);
    await insertDeal(stranger.user.organizationId, 'Heir search');

    const blocked = await call('DELETE', `/api/pipelines/${probate.id}`, org.cookie);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toEqual({ message: pipelineHasDealsMessage });
    expect(await stagesOfProbate()).toHaveLength(2);
    expect((await call('GET', `/api/pipelines/${probate.id}`, org.cookie)).statusCode).toBe(200);

    await t.db.update(deals).set({ stage: 'Contact' }).where(eq(deals.id, held.id));
    expect((await call('DELETE', `/api/pipelines/${probate.id}`, org.cookie)).statusCode).toBe(204);
    expect(await stagesOfProbate()).toEqual([]);
  });

  it('answers 409 for a duplicate name', async () => {
    const org = await registerOrganizationOwner(t.app);
    const res = await call('POST', '/api/pipelines', org.cookie, { name: 'Sales Pipeline' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'A pipeline with this name already exists' });
  });

  it('lists only active stages under ?active=true', async () => {
    const org = await registerOrganizationOwner(t.app);
    const pipeline = await defaultPipelineOf(org);
    await call('PATCH', `/api/stages/${pipeline.stages[1].id}`, org.cookie, { isActive: false });
    const all = (await call('GET', '/api/pipelines', org.cookie)).json().items[0];
    expect(all.stages).toHaveLength(5);
    const active = (await call('GET', '/api/pipelines?active=true', org.cookie)).json().items[0];
    expect(active.stages.map((s: { name: string }) => s.name)).toEqual([
      'Research',
      'Documents',
      'Signed',
      'Paid',
    ]);
  });
});

describe('stages', () => {
  it("must belong to one of the caller's pipelines (404 otherwise)", async () => {
    const org = await registerOrganizationOwner(t.app);
    const stranger = await registerOrganizationOwner(t.app);
    const theirs = await defaultPipelineOf(stranger);
    const res = await call('POST', '/api/stages', org.cookie, { pipelineId: theirs.id, name: 'Sneaky' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Pipeline not found' });
    expect((await defaultPipelineOf(stranger)).stages).toHaveLength(5);
    const mine = await defaultPipelineOf(org);
    const move = await call('PATCH', `/api/stages/${mine.stages[0].id}`, org.cookie, {
      pipelineId: theirs.id,
    });
    expect(move.statusCode).toBe(404);
    expect((await call('GET', `/api/stages?pipelineId=${theirs.id}`, org.cookie)).statusCode).toBe(404);
  });

  it('lists by pipeline, refuses duplicate names, and appends new stages', async () => {
    const org = await registerOrganizationOwner(t.app);
    const pipeline = await defaultPipelineOf(org);
    const listed = await call('GET', `/api/stages?pipelineId=${pipeline.id}`, org.cookie);
    expect(names(listed)).toEqual(['Research', 'Contact', 'Documents', 'Signed', 'Paid']);
    const dup = await call('POST', '/api/stages', org.cookie, { pipelineId: pipeline.id, name: 'paid' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ message: 'A stage with this name already exists in this pipeline' });
    const lost = await created(
      await call('POST', '/api/stages', org.cookie, {
        pipelineId: pipeline.id,
        name: 'Lost',
        closingType: 'lost',
      }),
    );
    expect(lost).toMatchObject({ orderIndex: 5, closingType: 'lost', probability: 0 });
  });

  it('a rename carries the stage’s deals along; a stage with deals cannot be deleted', async () => {
    const org = await registerOrganizationOwner(t.app);
    const orgId = org.user.organizationId;
    const pipeline = await defaultPipelineOf(org);
    const contact = pipeline.stages[1];
    const deal = await insertDeal(orgId, 'Contact');
    const other = await insertDeal(orgId, 'Research');

    const renamed = await call('PATCH', `/api/stages/${contact.id}`, org.cookie, { name: 'Outreach' });
    expect(renamed.json()).toMatchObject({ name: 'Outreach' });
    const [row] = await t.db.select().from(deals).where(eq(deals.id, deal.id));
    expect(row.stage).toBe('Outreach');
    expect(row.updatedAt).toEqual(deal.updatedAt);
    expect((await t.db.select().from(deals).where(eq(deals.id, other.id)))[0].stage).toBe('Research');

    const blocked = await call('DELETE', `/api/stages/${contact.id}`, org.cookie);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toEqual({ message: stageHasDealsMessage });
    await t.db.delete(deals).where(eq(deals.id, deal.id));
    expect((await call('DELETE', `/api/stages/${contact.id}`, org.cookie)).statusCode).toBe(204);
    expect(await t.db.select().from(stages).where(eq(stages.id, contact.id))).toEqual([]);
  });
});

const stageRow = async (id: string) => (await t.db.select().from(stages).where(eq(stages.id, id)))[0];
const pipelineRow = async (id: string) =>
  (await t.db.select().from(pipelines).where(eq(pipelines.id, id)))[0];

describe('switching off a stage or a pipeline', () => {
  it('is refused (409, naming how many deals) while the board shows deals only in that column', async () => {
    const org = await registerOrganizationOwner(t.app);
    const orgId = org.user.organizationId;
    const pipeline = await defaultPipelineOf(org);
    const contact = pipeline.stages[1];
    const first = await insertDeal(orgId, 'Contact', 'First');
    await insertDeal(orgId, 'Contact', 'Second');
    await insertDeal(orgId, 'Research');
    // Another organization's deals in a stage of the same name are not ours.
    const stranger = await registerOrganizationOwner(t.app);
    await insertDeal(stranger.user.organizationId, 'Documents');

    const blocked = await call('PATCH', `/api/stages/${contact.id}`, org.cookie, {
      isActive: false,
      name: 'Outreach',
    });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toEqual({
      message: "Move this stage's 2 deals to another stage before deactivating it",
    });
    // Nothing of the request was applied.
    expect(await stageRow(contact.id)).toMatchObject({ name: 'Contact', isActive: true });
    const board = (await call('GET', `/api/pipelines/${pipeline.id}/board`, org.cookie)).json();
    expect(board.columns[1]).toMatchObject({ stage: { name: 'Contact' }, count: 2 });

    await t.db.update(deals).set({ stage: 'Research' }).where(eq(deals.id, first.id));
    const one = await call('PATCH', `/api/stages/${contact.id}`, org.cookie, { isActive: false });
    expect(one.json()).toEqual({ message: stageDeactivationMessage(1) });
    expect(stageDeactivationMessage(1)).toBe(
      "Move this stage's 1 deal to another stage before deactivating it",
    );

    // An empty column goes; renaming or reactivating a stage with deals is not refused.
    const documents = (await defaultPipelineOf(org)).stages[2];
    const off = await call('PATCH', `/api/stages/${documents.id}`, org.cookie, { isActive: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ name: 'Documents', isActive: false });
    const on = await call('PATCH', `/api/stages/${documents.id}`, org.cookie, { isActive: true });
    expect(on.json()).toMatchObject({ isActive: true });
    const renamed = await call('PATCH', `/api/stages/${contact.id}`, org.cookie, { name: 'Outreach' });
    expect(renamed.json()).toMatchObject({ name: 'Outreach', isActive: true });
    const invalid = await call('PATCH', `/api/stages/${contact.id}`, org.cookie, { isActive: 'no' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual([{ path: 'isActive', message: 'isActive must be true or false' }]);
  });

  it('is allowed while another pipeline’s column shows the same deals; that pipeline then keeps them', async () => {
    const org = await registerOrganizationOwner(t.app);
    const orgId = org.user.organizationId;
    const contact = (await defaultPipelineOf(org)).stages[1];
    for (const name of ['One', 'Two', 'Three']) await insertDeal(orgId, 'Contact', name);
    const probate = await created(await call('POST', '/api/pipelines', org.cookie, { name: 'Probate' }));
    const probateContact = await created(
      await call('POST', '/api/stages', org.cookie, { pipelineId: probate.id, name: 'Contact' }),
    );

    const off = await call('PATCH', `/api/stages/${contact.id}`, org.cookie, { isActive: false });
    expect(off.statusCode).toBe(200);
    // Probate's Contact column is now the only one showing them.
    const stageOff = await call('PATCH', `/api/stages/${probateContact.id}`, org.cookie, { isActive: false });
    expect(stageOff.statusCode).toBe(409);
    expect(stageOff.json()).toEqual({ message: stageDeactivationMessage(3) });
    const pipelineOff = await call('PATCH', `/api/pipelines/${probate.id}`, org.cookie, { isActive: false });
    expect(pipelineOff.statusCode).toBe(409);
    expect(pipelineOff.json()).toEqual({
      message: "Move this pipeline's 3 deals to another pipeline before deactivating it",
    });
    expect(pipelineDeactivationMessage(1)).toBe(
      "Move this pipeline's 1 deal to another pipeline before deactivating it",
    );
    expect(await pipelineRow(probate.id)).toMatchObject({ isActive: true });
    expect(await stageRow(probateContact.id)).toMatchObject({ isActive: true });

    // Moving a stage into a switched-off pipeline takes it off the board too.
    const archive = await created(await call('POST', '/api/pipelines', org.cookie, { name: 'Archive' }));
    expect(
      (await call('PATCH', `/api/pipelines/${archive.id}`, org.cookie, { isActive: false })).statusCode,
    ).toBe(200);
    const moved = await call('PATCH', `/api/stages/${probateContact.id}`, org.cookie, {
      pipelineId: archive.id,
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toEqual({ message: stageDeactivationMessage(3) });
    expect(await stageRow(probateContact.id)).toMatchObject({ pipelineId: probate.id });

    // Back on the default pipeline's board, Probate may go.
    await call('PATCH', `/api/stages/${contact.id}`, org.cookie, { isActive: true });
    const now = await call('PATCH', `/api/pipelines/${probate.id}`, org.cookie, { isActive: false });
    expect(now.statusCode).toBe(200);
    expect(now.json()).toMatchObject({ isActive: false });
  });

  it("answers 404 for another organization's stage or pipeline and 403 without settings:update", async () => {
    const org = await newOrganization(t.app, t.db);
    const stranger = await registerOrganizationOwner(t.app);
    const theirs = await defaultPipelineOf(stranger);
    const theirStage = theirs.stages[4];
    for (const url of [`/api/stages/${theirStage.id}`, `/api/pipelines/${theirs.id}`]) {
      const res = await call('PATCH', url, org.cookie, { isActive: false });
      expect(res.statusCode, url).toBe(404);
    }
    expect(await stageRow(theirStage.id)).toMatchObject({ isActive: true });
    expect(await pipelineRow(theirs.id)).toMatchObject({ isActive: true });

    const mine = (await defaultPipelineOf(org)).stages[0];
    const member = await signedInMember(t.app, org);
    const denied = await call('PATCH', `/api/stages/${mine.id}`, member.cookie, { isActive: false });
    expect(denied.statusCode).toBe(403);
    expect(await stageRow(mine.id)).toMatchObject({ isActive: true });
  });
});

describe('tags', () => {
  it('creates with the default colour, renames, and refuses duplicates (409)', async () => {
    const org = await registerOrganizationOwner(t.app);
    const tag = await created(await call('POST', '/api/tags', org.cookie, { name: 'Probate' }));
    expect(tag).toMatchObject({ name: 'Probate', color: '#3b82f6', description: null });
    const dup = await call('POST', '/api/tags', org.cookie, { name: 'probate', color: '#000000' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ message: 'A tag with this name already exists' });
    const other = await created(
      await call('POST', '/api/tags', org.cookie, { name: 'Heirs', color: '#16a34a' }),
    );
    const rename = await call('PATCH', `/api/tags/${other.id}`, org.cookie, { name: 'Probate' });
    expect(rename.statusCode).toBe(409);
    const ok = await call('PATCH', `/api/tags/${other.id}`, org.cookie, {
      name: 'Heir search 2',
      color: '#000000',
    });
    expect(ok.json()).toMatchObject({ name: 'Heir search 2', color: '#000000' });
    const search = await call('GET', '/api/tags?search=probat', org.cookie);
    expect(names(search)).toEqual(['Probate']);
    // Another organization may use the same name.
    const stranger = await registerOrganizationOwner(t.app);
    expect((await call('POST', '/api/tags', stranger.cookie, { name: 'Probate' })).statusCode).toBe(201);
    expect((await call('DELETE', `/api/tags/${tag.id}`, org.cookie)).statusCode).toBe(204);
    expect((await call('GET', `/api/tags/${tag.id}`, org.cookie)).statusCode).toBe(404);
    const empty = await call('POST', '/api/tags', org.cookie, { name: 'Blank colour', color: '' });
    expect(empty.json().errors).toEqual([{ path: 'color', message: 'Color is required' }]);
  });
});

describe('tags on records', () => {
  it("a rename or a delete follows the name on the organization's leads, clients, companies and deals", async () => {
    const org = await registerOrganizationOwner(t.app);
    const stranger = await registerOrganizationOwner(t.app);
    const tag = await created(await call('POST', '/api/tags', org.cookie, { name: 'Quiet title' }));
    const post = async (who: SignedIn, url: string, body: Record<string, unknown>) =>
      created(await call('POST', url, who.cookie, body));
    const lead = await post(org, '/api/leads', { fullName: 'Lena Lead', tags: ['Quiet title', 'Hot'] });
    const client = await post(org, '/api/clients', { displayName: 'Cleo Client', tags: ['Quiet title'] });
    const company = await post(org, '/api/companies', {
      companyName: 'Acme Co',
      customTags: ['Quiet title'],
    });
    const deal = await post(org, '/api/deals', {
      dealName: 'Title deal',
      stage: 'Research',
      tags: ['Quiet title'],
    });
    const theirs = await post(stranger, '/api/leads', { fullName: 'Their Lead', tags: ['Quiet title'] });

    const tagsNow = async () => ({
      lead: (await t.db.select().from(leads).where(eq(leads.id, lead.id)))[0],
      client: (await t.db.select().from(clients).where(eq(clients.id, client.id)))[0].tags,
      company: (await t.db.select().from(companies).where(eq(companies.id, company.id)))[0].customTags,
      deal: (await t.db.select().from(deals).where(eq(deals.id, deal.id)))[0].tags,
      theirs: (await t.db.select().from(leads).where(eq(leads.id, theirs.id)))[0].tags,
    });

    // "Hot" joined the catalogue when the lead was saved with it: renaming onto it is a conflict.
    expect((await call('PATCH', `/api/tags/${tag.id}`, org.cookie, { name: 'hot' })).statusCode).toBe(409);
    const renamed = await call('PATCH', `/api/tags/${tag.id}`, org.cookie, { name: 'Title work' });
    expect(renamed.statusCode).toBe(200);
    const afterRename = await tagsNow();
    expect(afterRename).toMatchObject({
      lead: { tags: ['Title work', 'Hot'] },
      client: ['Title work'],
      company: ['Title work'],
      deal: ['Title work'],
      theirs: ['Quiet title'],
    });
    // Following a rename is not an edit of the record.
    expect(afterRename.lead.updatedAt).toEqual(new Date(lead.updatedAt as string));

    expect((await call('DELETE', `/api/tags/${tag.id}`, org.cookie)).statusCode).toBe(204);
    expect(await tagsNow()).toMatchObject({
      lead: { tags: ['Hot'] },
      client: [],
      company: [],
      deal: [],
      theirs: ['Quiet title'],
    });
  });
});

describe('permissions', () => {
  it('every member reads the lists; writes need settings:update (403)', async () => {
    const org = await newOrganization(t.app, t.db);
    const pipeline = await defaultPipelineOf(org);
    const member = await signedInMember(t.app, org);
    // Role user: views settings, reads the lists, but cannot change them.
    expect((await call('GET', '/api/deal-reasons', member.cookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/tags', member.cookie)).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['POST', '/api/deal-reasons', { name: 'Nope', type: 'won' }],
      ['POST', '/api/pipelines', { name: 'Nope' }],
      ['PATCH', `/api/pipelines/${pipeline.id}`, { name: 'Nope' }],
      ['DELETE', `/api/stages/${pipeline.stages[0].id}`, undefined],
      ['POST', '/api/stages/reorder', { ids: [pipeline.stages[0].id] }],
      ['POST', '/api/tags', { name: 'Nope' }],
    ] as const) {
      const res = await call(method, url, member.cookie, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await defaultPipelineOf(org)).name).toBe('Sales Pipeline');

    const manager = await signedInMember(t.app, org, { role: 'manager' });
    expect(
      (await call('POST', '/api/lead-sources', manager.cookie, { name: 'Manager source' })).statusCode,
    ).toBe(201);
    expect((await call('GET', '/api/lead-sources')).statusCode).toBe(401);
  });

  it("a member who may only read deals reads the options of deal forms and filters, only their organization's", async () => {
    const org = await newOrganization(t.app, t.db);
    const stranger = await registerOrganizationOwner(t.app);
    const pipeline = await defaultPipelineOf(org);
    const theirs = await defaultPipelineOf(stranger);
    const tag = await created(await call('POST', '/api/tags', org.cookie, { name: 'Reader tag' }));
    const nothing = Object.fromEntries(
      permissionCategories.map((category) => [
        category,
        Object.fromEntries(permissionActions[category].map((action) => [action, false])),
      ]),
    );
    const reader = await signedInMember(t.app, org, {
      role: 'user',
      permissions: { ...nothing, deals: { ...nothing.deals, read: true } },
    });
    const me = (await call('GET', '/api/user', reader.cookie)).json();
    expect(me.permissions.settings).toEqual({ view: false, update: false, manage: false });

    for (const url of [
      '/api/pipelines?active=true',
      `/api/pipelines/${pipeline.id}`,
      `/api/stages?pipelineId=${pipeline.id}`,
      `/api/stages/${pipeline.stages[0].id}`,
      '/api/deal-reasons?active=true',
      '/api/lead-sources',
      '/api/revenue-types',
      '/api/deal-statuses',
      '/api/person-statuses',
      '/api/tags',
      `/api/tags/${tag.id}`,
      '/api/custom-fields?entityType=deal',
      '/api/field-sections?entityType=deal',
      '/api/state-rules',
    ]) {
      expect((await call('GET', url, reader.cookie)).statusCode, url).toBe(200);
    }
    const pipelineIds = (await call('GET', '/api/pipelines', reader.cookie))
      .json()
      .items.map((p: { id: string }) => p.id);
    expect(pipelineIds).toEqual([pipeline.id]);
    expect((await call('GET', `/api/pipelines/${theirs.id}`, reader.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/stages/${theirs.stages[0].id}`, reader.cookie)).statusCode).toBe(404);

    for (const [method, url, body] of [
      ['POST', '/api/tags', { name: 'Nope' }],
      ['PATCH', `/api/tags/${tag.id}`, { name: 'Nope' }],
      ['DELETE', `/api/pipelines/${pipeline.id}`, undefined],
      ['POST', '/api/lead-sources', { name: 'Nope' }],
      ['POST', '/api/state-rules', { state: 'FL' }],
      ['POST', '/api/custom-fields', { name: 'Nope', fieldType: 'text', entityType: 'deal' }],
    ] as const) {
      expect((await call(method, url, reader.cookie, body)).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('database checks', () => {
  it('at most one default pipeline per organization, even written directly', async () => {
    const org = await registerOrganizationOwner(t.app);
    await expect(
      t.db
        .insert(pipelines)
        .values({ organizationId: org.user.organizationId, name: 'Second default', isDefault: true }),
    ).rejects.toThrow();
    await expect(
      t.db
        .insert(dealReasons)
        .values({ organizationId: org.user.organizationId, name: 'Bad', type: 'lost' as 'loss' }),
    ).rejects.toThrow();
  });
});
