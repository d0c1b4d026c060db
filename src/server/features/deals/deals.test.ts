import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, deals } from '../../db/schema/crm';
import { documentInstances } from '../../db/schema/documents';
import { stages } from '../../db/schema/lists';
import type { SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  type Caller,
  callerOf,
  created,
  expectSharedListFilters,
  fieldErrors,
  memberWith,
  organization,
  parseCsv,
  walkPages,
} from '../leads/test-kit';

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

type Deal = Record<string, unknown> & { id: string };
const newDeal = (org: SignedIn, body: Record<string, unknown> = {}) =>
  created<Deal>(t, '/api/deals', org.cookie, { dealName: 'Cook County surplus', stage: 'proposal', ...body });

async function storedDeal(id: string) {
  const [row] = await t.db.select().from(deals).where(eq(deals.id, id));
  return row;
}

const closedAtOf = async (id: string) => (await storedDeal(id)).closedAt;

describe('deals CRUD', () => {
  it('creates (201), reads, patches and deletes (204) a deal with its client', async () => {
    const client = await created(t, '/api/clients', owner.cookie, { displayName: 'Cleo Client' });
    const res = await call('POST', '/api/deals', owner.cookie, {
      dealName: 'Cook County surplus',
      stage: 'Research',
      relatedClient: client.id,
      dealValue: '1500',
      closeProbability: '40',
      expectedCloseDate: '2025-06-30',
      tags: ['q3'],
      organizationId: other.user.organizationId,
    });
    expect(res.statusCode).toBe(201);
    const deal = res.json();
    expect(Object.keys(deal).toSorted()).toEqual(
      [
        'id',
        'organizationId',
        'dealName',
        'dealType',
        'relatedClient',
        'relatedClientName',
        'leadSource',
        'dealValue',
        'closeProbability',
        'contractDuration',
        'stage',
        'expectedCloseDate',
        'assignedOwner',
        'notes',
        'tags',
        'customFields',
        'isSampleData',
        'closedAt',
        'createdAt',
        'updatedAt',
        'lead',
        'documentsCount',
        'latestDocuments',
      ].toSorted(),
    );
    expect(deal).toMatchObject({
      organizationId: owner.user.organizationId,
      dealValue: 1500,
      closeProbability: 40,
      expectedCloseDate: '2025-06-30',
      stage: 'Research',
      relatedClient: client.id,
      relatedClientName: 'Cleo Client',
      closedAt: null,
    });
    expect((await storedDeal(deal.id)).dealValue).toBe('1500.00');
    expect((await call('GET', `/api/deals/${deal.id}`, owner.cookie)).json()).toEqual(deal);

    const patch = await call('PATCH', `/api/deals/${deal.id}`, owner.cookie, {
      dealValue: '',
      relatedClient: '',
      expectedCloseDate: '2025-07-01T09:00:00-05:00',
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({
      dealValue: null,
      relatedClient: null,
      relatedClientName: null,
      expectedCloseDate: '2025-07-01',
      stage: 'Research',
      closeProbability: 40,
    });

    expect((await call('DELETE', `/api/deals/${deal.id}`, owner.cookie)).statusCode).toBe(204);
    const gone = await call('GET', `/api/deals/${deal.id}`, owner.cookie);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'Deal not found' });
  });

  it.each([
    ['', null],
    ['1500', 1500],
    ['$1,250.50', 1250.5],
    [99.99, 99.99],
    [null, null],
  ])('stores dealValue %j as %j', async (dealValue, expected) => {
    const deal = await newDeal(owner, { dealValue });
    expect(deal.dealValue).toBe(expected);
  });

  it('coerces closeProbability text and blanks', async () => {
    expect((await newDeal(owner, { closeProbability: '' })).closeProbability).toBeNull();
    expect((await newDeal(owner, { closeProbability: '75' })).closeProbability).toBe(75);
  });

  it('answers every message of the deal schema', async () => {
    const res = await call('POST', '/api/deals', owner.cookie, {
      dealName: 'D',
      dealValue: 'abc',
      closeProbability: 'likely',
      relatedClient: 'Ann',
      assignedOwner: 'Bob',
      expectedCloseDate: 'soon',
      tags: 'x',
    });
    expect(fieldErrors(res)).toEqual(
      expect.arrayContaining([
        { path: 'dealName', message: 'Deal name must be at least 2 characters' },
        { path: 'stage', message: 'Stage is required' },
        { path: 'dealValue', message: 'Deal value must be a number' },
        { path: 'closeProbability', message: 'Close probability must be a number' },
        { path: 'relatedClient', message: 'Invalid client ID' },
        { path: 'assignedOwner', message: 'Invalid user ID' },
        { path: 'expectedCloseDate', message: 'Expected close date must be a valid date' },
        { path: 'tags', message: 'Tags must be a list' },
      ]),
    );
    expect(res.json().errors).toHaveLength(8);
    const ranges = await call('POST', '/api/deals', owner.cookie, {
      dealName: 'Big deal',
      stage: '   ',
      dealValue: '100000000',
      closeProbability: 12.5,
    });
    expect(fieldErrors(ranges)).toEqual([
      { path: 'dealValue', message: 'Deal value must be between 0 and 99,999,999.99' },
      { path: 'closeProbability', message: 'Close probability must be a whole number' },
      { path: 'stage', message: 'Stage is required' },
    ]);
    expect(
      fieldErrors(
        await call('POST', '/api/deals', owner.cookie, {
          dealName: 'Ok deal',
          stage: 'x',
          closeProbability: 101,
        }),
      ),
    ).toEqual([{ path: 'closeProbability', message: 'Close probability must be between 0 and 100' }]);
    const deal = await newDeal(owner);
    expect(fieldErrors(await call('PATCH', `/api/deals/${deal.id}`, owner.cookie, { stage: '' }))).toEqual([
      { path: 'stage', message: 'Stage is required' },
    ]);
  });

  it('bounds single-line text at 255 characters', async () => {
    expect(
      fieldErrors(
        await call('POST', '/api/deals', owner.cookie, {
          dealName: 'D'.repeat(20_000),
          stage: 'S'.repeat(256),
          dealType: 'T'.repeat(256),
        }),
      ),
    ).toEqual([
      { path: 'dealName', message: 'Deal name must be at most 255 characters' },
      { path: 'dealType', message: 'Deal type must be at most 255 characters' },
      { path: 'stage', message: 'Stage must be at most 255 characters' },
    ]);
  });

  it('links only a client and an owner of the caller’s organization (404 otherwise)', async () => {
    const foreignClient = await created(t, '/api/clients', other.cookie, { displayName: 'Their Client' });
    const res = await call('POST', '/api/deals', owner.cookie, {
      dealName: 'Steal',
      stage: 'x',
      relatedClient: foreignClient.id,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Client not found' });
    const deal = await newDeal(owner);
    const patch = await call('PATCH', `/api/deals/${deal.id}`, owner.cookie, {
      assignedOwner: other.user.id,
    });
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toEqual({ message: 'User not found' });
    expect(await storedDeal(deal.id)).toMatchObject({ relatedClient: null, assignedOwner: null });
  });
});

describe('GET /api/deals', () => {
  let org: SignedIn;
  let agent: string;
  let clientId: string;
  const ids: string[] = [];

  beforeAll(async () => {
    org = await organization(t);
    agent = (await memberWith(t, org, {})).id;
    clientId = (await created(t, '/api/clients', org.cookie, { displayName: 'Deal Client' })).id;
    const rows = [
      { dealName: 'Alpha claim', stage: 'Research', dealValue: 500, dealType: 'surplus' },
      { dealName: 'Bravo claim', stage: 'Contact', dealValue: 1500, relatedClient: clientId },
      { dealName: 'Charlie flip', stage: 'Research', dealValue: 250, dealType: 'flip', assignedOwner: agent },
      { dealName: 'Delta claim', stage: 'Signed', relatedClient: clientId, assignedOwner: agent },
      { dealName: 'Echo claim', stage: 'Paid', dealValue: 9000, dealType: 'surplus' },
      { dealName: 'Foxtrot flip', stage: 'Contact', dealValue: 1500 },
      { dealName: 'Golf claim', stage: 'Research', dealValue: 50 },
    ];
    for (const row of rows) ids.push((await newDeal(org, row)).id);
  });

  const names = async (query: string) => {
    const res = await call('GET', `/api/deals${query}`, org.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().items as { dealName: string }[]).map((d) => d.dealName);
  };

  it('pages with limit 3 without duplicates or gaps, also over ties and nulls', async () => {
    for (const sort of ['', '&sort=dealName', '&sort=dealValue', '&sort=-dealValue', '&sort=stage']) {
      const seen = await walkPages(t, org.cookie, `/api/deals?x=1${sort}`, 3);
      expect(new Set(seen)).toEqual(new Set(ids));
    }
  });

  it('filters, searches and sorts (numerically by value)', async () => {
    expect(await names('?stage=Research&sort=dealName')).toEqual([
      'Alpha claim',
      'Charlie flip',
      'Golf claim',
    ]);
    expect(await names(`?assignedOwner=${agent}&sort=dealName`)).toEqual(['Charlie flip', 'Delta claim']);
    expect(await names(`?relatedClient=${clientId}&sort=dealName`)).toEqual(['Bravo claim', 'Delta claim']);
    expect(await names('?dealType=surplus&sort=dealName')).toEqual(['Alpha claim', 'Echo claim']);
    expect(await names('?search=FLIP&sort=dealName')).toEqual(['Charlie flip', 'Foxtrot flip']);
    // The search also matches the client's name.
    expect(await names('?search=deal%20CLIENT&sort=dealName')).toEqual(['Bravo claim', 'Delta claim']);
    expect(await names('?sort=dealValue&limit=3')).toEqual(['Golf claim', 'Charlie flip', 'Alpha claim']);
    expect(await names('?sort=-dealValue&limit=2')).toEqual(['Delta claim', 'Echo claim']);
    expect(fieldErrors(await call('GET', '/api/deals?relatedClient=x', org.cookie))).toEqual([
      { path: 'relatedClient', message: 'Invalid client ID' },
    ]);
  });

  it('filters by tags (all given, also as ?tag=) and the created range, in the export too', () =>
    expectSharedListFilters(t, {
      path: '/api/deals',
      table: deals,
      nameField: 'dealName',
      body: (dealName, tags) => ({ dealName, stage: 'proposal', tags }),
    }));

  it('answers each item with its client’s name (one left join, also on later pages)', async () => {
    const page = (await call('GET', '/api/deals?sort=dealName&limit=2', org.cookie)).json();
    expect(page.items.map((d: Deal) => [d.dealName, d.relatedClientName])).toEqual([
      ['Alpha claim', null],
      ['Bravo claim', 'Deal Client'],
    ]);
    const next = (
      await call('GET', `/api/deals?sort=dealName&limit=2&cursor=${page.nextCursor}`, org.cookie)
    ).json();
    expect(next.items.map((d: Deal) => [d.dealName, d.relatedClientName])).toEqual([
      ['Charlie flip', null],
      ['Delta claim', 'Deal Client'],
    ]);
    expect(next.total).toBe(7);
  });

  it('never shows a client of another organization, even one the deal points at', async () => {
    const stranger = await organization(t);
    const foreign = await created(t, '/api/clients', stranger.cookie, { displayName: 'Hidden Heir' });
    // Only a direct write can make this link; the API refuses it (404 Client not found).
    const deal = await newDeal(org, { dealName: 'Crossed wires' });
    await t.db.update(deals).set({ relatedClient: foreign.id }).where(eq(deals.id, deal.id));
    const listed = (await call('GET', '/api/deals?search=crossed', org.cookie)).json().items;
    expect(listed).toMatchObject([{ id: deal.id, relatedClient: foreign.id, relatedClientName: null }]);
    const detail = (await call('GET', `/api/deals/${deal.id}`, org.cookie)).json();
    expect(detail.relatedClientName).toBeNull();
    expect(JSON.stringify(detail)).not.toContain('Hidden Heir');
    expect(await names('?search=hidden')).toEqual([]);
    await call('DELETE', `/api/deals/${deal.id}`, org.cookie);
  });
});

const insertDocument = (orgId: string, dealId: string, name: string, createdAt: string) =>
  t.db.insert(documentInstances).values({
    organizationId: orgId,
    dealId,
    name,
    content: 'x',
    status: 'sent',
    createdAt: new Date(createdAt),
  });

describe('the related records of a deal (GET /api/deals/:id)', () => {
  it('shows the lead a converted client came from, with no documents yet', async () => {
    const lead = await created(t, '/api/leads', owner.cookie, { fullName: 'Lena Lead' });
    const converted = await call('POST', `/api/leads/${lead.id}/convert`, owner.cookie, {
      createDeal: true,
      dealName: 'Lena surplus',
    });
    expect(converted.statusCode, converted.body).toBe(200);
    const dealId = converted.json().deal.id as string;
    const detail = (await call('GET', `/api/deals/${dealId}`, owner.cookie)).json();
    expect(detail).toMatchObject({
      relatedClientName: 'Lena Lead',
      lead: { id: lead.id, fullName: 'Lena Lead' },
      documentsCount: 0,
      latestDocuments: [],
    });
  });

  it('shows no lead for a deal without a client, nor for a client added directly', async () => {
    const alone = await newDeal(owner, { dealName: 'No client' });
    expect(alone).toMatchObject({ relatedClient: null, lead: null, documentsCount: 0 });
    const client = await created(t, '/api/clients', owner.cookie, { displayName: 'Direct Dora' });
    const direct = await newDeal(owner, { relatedClient: client.id });
    expect((await call('GET', `/api/deals/${direct.id}`, owner.cookie)).json()).toMatchObject({
      relatedClientName: 'Direct Dora',
      lead: null,
    });
  });

  it('counts the deal’s documents and names the latest three, of this organization only', async () => {
    const deal = await newDeal(owner, { dealName: 'Paperwork' });
    const sibling = await newDeal(owner, { dealName: 'Sibling' });
    const orgId = owner.user.organizationId;
    await insertDocument(orgId, deal.id, 'Engagement letter', '2025-01-01T10:00:00Z');
    await insertDocument(orgId, deal.id, 'Claim form', '2025-01-02T10:00:00Z');
    await insertDocument(orgId, deal.id, 'Affidavit', '2025-01-03T10:00:00Z');
    await insertDocument(orgId, deal.id, 'Fee agreement', '2025-01-04T10:00:00Z');
    await insertDocument(orgId, sibling.id, 'Not this deal', '2025-01-05T10:00:00Z');
    // Only a direct write can make this link: another organization's row naming this deal.
    await insertDocument(other.user.organizationId, deal.id, 'Foreign paper', '2025-01-06T10:00:00Z');
    const detail = (await call('GET', `/api/deals/${deal.id}`, owner.cookie)).json();
    expect(detail.documentsCount).toBe(4);
    expect(detail.latestDocuments).toMatchObject([
      { name: 'Fee agreement', status: 'sent' },
      { name: 'Affidavit', status: 'sent' },
      { name: 'Claim form', status: 'sent' },
    ]);
    expect(JSON.stringify(detail)).not.toContain('Foreign paper');
  });

  it('never shows the lead of another organization’s client the deal points at', async () => {
    const stranger = await organization(t);
    const theirLead = await created(t, '/api/leads', stranger.cookie, { fullName: 'Secret Sam' });
    const converted = await call('POST', `/api/leads/${theirLead.id}/convert`, stranger.cookie, {});
    const theirClientId = converted.json().client.id as string;
    expect((await t.db.select().from(clients).where(eq(clients.id, theirClientId)))[0].leadId).toBe(
      theirLead.id,
    );
    const deal = await newDeal(owner, { dealName: 'Pointing astray' });
    await t.db.update(deals).set({ relatedClient: theirClientId }).where(eq(deals.id, deal.id));
    const detail = (await call('GET', `/api/deals/${deal.id}`, owner.cookie)).json();
    expect(detail).toMatchObject({ relatedClientName: null, lead: null });
    expect(JSON.stringify(detail)).not.toContain('Secret Sam');
  });

  it('answers the same shape from a board move as from GET; another organization’s deal is 404', async () => {
    const lead = await created(t, '/api/leads', owner.cookie, { fullName: 'Mo Mover' });
    const converted = await call('POST', `/api/leads/${lead.id}/convert`, owner.cookie, { createDeal: true });
    const dealId = converted.json().deal.id as string;
    await insertDocument(owner.user.organizationId, dealId, 'Power of attorney', '2025-02-01T10:00:00Z');
    const moved = await call('POST', `/api/deals/${dealId}/move`, owner.cookie, { stage: 'Contact' });
    expect(moved.statusCode, moved.body).toBe(200);
    const detail = (await call('GET', `/api/deals/${dealId}`, owner.cookie)).json();
    expect(moved.json()).toEqual(detail);
    expect(detail).toMatchObject({
      stage: 'Contact',
      lead: { id: lead.id, fullName: 'Mo Mover' },
      documentsCount: 1,
      latestDocuments: [{ name: 'Power of attorney', status: 'sent' }],
    });
    expect((await call('GET', `/api/deals/${dealId}`, other.cookie)).statusCode).toBe(404);
  });
});

describe('GET /api/deals?state=open|won|lost', () => {
  it('filters by the state the deal’s stage gives it, in the list and the export', async () => {
    const org = await organization(t);
    const stranger = await organization(t);
    const pipelineOf = async (who: SignedIn) =>
      (await call('GET', '/api/pipelines', who.cookie)).json().items[0] as { id: string };
    await created(t, '/api/stages', org.cookie, {
      name: 'Dead end',
      pipelineId: (await pipelineOf(org)).id,
      closingType: 'lost',
    });
    // Another organization's closing stage of the same name as ours says nothing about our deals.
    await created(t, '/api/stages', stranger.cookie, {
      name: 'Limbo',
      pipelineId: (await pipelineOf(stranger)).id,
      closingType: 'won',
    });
    for (const [dealName, stage] of [
      ['Working', 'Research'],
      ['Paid out', 'Paid'],
      ['Gave up', 'Dead end'],
      ['Off the map', 'Limbo'],
    ]) {
      await newDeal(org, { dealName, stage });
    }
    const names = async (query: string) => {
      const res = await call('GET', `/api/deals?sort=dealName${query}`, org.cookie);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().items as { dealName: string }[]).map((d) => d.dealName);
    };
    expect(await names('&state=open')).toEqual(['Off the map', 'Working']);
    expect(await names('&state=won')).toEqual(['Paid out']);
    expect(await names('&state=lost')).toEqual(['Gave up']);
    expect(await names('&state=')).toHaveLength(4);
    const csv = await call('GET', '/api/deals/export.csv?state=won', org.cookie);
    expect(
      parseCsv(csv.body)
        .slice(1)
        .map((row) => row[1]),
    ).toEqual(['Paid out']);
  });

  it('answers 403 without deals:read, and 400 with the message for any other state', async () => {
    const noRead = await memberWith(t, owner, { deals: { read: false } });
    expect((await call('GET', '/api/deals?state=won', noRead.cookie)).statusCode).toBe(403);
    for (const state of ['closed', 'WON', 'true']) {
      expect(fieldErrors(await call('GET', `/api/deals?state=${state}`, owner.cookie))).toEqual([
        { path: 'state', message: 'State must be open, won or lost' },
      ]);
    }
  });
});

describe('deal permissions, tenancy, bulk and export', () => {
  it('403 without the permission; 404 and unchanged for another organization’s deal', async () => {
    const noCreate = await memberWith(t, owner, { deals: { create: false } });
    expect(
      (await call('POST', '/api/deals', noCreate.cookie, { dealName: 'No way', stage: 'x' })).statusCode,
    ).toBe(403);
    const foreign = await newDeal(other, { dealName: 'Foreign deal', dealValue: 10 });
    expect((await call('GET', `/api/deals/${foreign.id}`, owner.cookie)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/deals/${foreign.id}`, owner.cookie, { dealValue: 1 })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/deals/${foreign.id}`, owner.cookie)).statusCode).toBe(404);
    expect(await storedDeal(foreign.id)).toMatchObject({ dealName: 'Foreign deal', dealValue: '10.00' });
  });

  it('bulk-moves stages, tags and deletes only the caller’s deals', async () => {
    const org = await organization(t);
    const a = await newDeal(org, { dealName: 'Bulk one' });
    const b = await newDeal(org, { dealName: 'Bulk two' });
    const foreign = await newDeal(other, { dealName: 'Bulk foreign' });
    const ids = [a.id, b.id, foreign.id];
    expect(
      (
        await call('POST', '/api/deals/bulk', org.cookie, {
          ids,
          action: 'update',
          changes: { stage: 'Signed' },
        })
      ).json(),
    ).toEqual({
      affected: 2,
    });
    expect(
      fieldErrors(
        await call('POST', '/api/deals/bulk', org.cookie, { ids, action: 'update', changes: { stage: '' } }),
      ),
    ).toEqual([{ path: 'changes.stage', message: 'Stage is required' }]);
    expect(
      (await call('POST', '/api/deals/bulk', org.cookie, { ids, action: 'addTag', tag: 'hot' })).json(),
    ).toEqual({ affected: 2 });
    expect(await storedDeal(a.id)).toMatchObject({ stage: 'Signed', tags: ['hot'] });
    expect((await call('POST', '/api/deals/bulk', org.cookie, { ids, action: 'delete' })).json()).toEqual({
      affected: 2,
    });
    expect(await storedDeal(foreign.id)).toMatchObject({ stage: 'proposal', tags: [] });
  });

  it('exports deals as CSV with the client’s name', async () => {
    const org = await organization(t);
    const client = await created(t, '/api/clients', org.cookie, { displayName: 'Export Client' });
    const deal = await newDeal(org, {
      dealName: 'Export deal',
      dealValue: '2,000.25',
      relatedClient: client.id,
      expectedCloseDate: '2025-09-01',
      stage: 'Paid',
    });
    const res = await call('GET', '/api/deals/export.csv?search=export', org.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="deals-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, row, ...rest] = parseCsv(res.body);
    expect(rest).toEqual([]);
    expect(row[header.indexOf('dealName')]).toBe('Export deal');
    expect(row[header.indexOf('dealValue')]).toBe('2000.25');
    expect(row[header.indexOf('relatedClient')]).toBe('Export Client');
    expect(row[header.indexOf('expectedCloseDate')]).toBe('2025-09-01');
    expect(row[header.indexOf('closedAt')]).toBe(deal.closedAt);
  });
});

describe('the stage of a deal', () => {
  it('is free text on the API (the data model has no stage list), so any name is kept as sent', async () => {
    const org = await organization(t);
    // The board's move still takes only active stages (pipeline-board.test.ts).
    for (const stage of ['proposal', 'Negotiation']) {
      const deal = await newDeal(org, { stage });
      expect((await storedDeal(deal.id)).stage).toBe(stage);
      const listed = await call('GET', `/api/deals?stage=${stage}`, org.cookie);
      expect(listed.json().items.map((d: Deal) => d.id)).toEqual([deal.id]);
    }
  });
});

describe('closedAt: when the deal entered a won or lost stage', () => {
  let org: SignedIn;

  beforeAll(async () => {
    org = await organization(t);
    // The default pipeline ends in Paid (won); a lost stage is added beside it.
    const [paid] = await t.db
      .select({ pipelineId: stages.pipelineId })
      .from(stages)
      .where(and(eq(stages.organizationId, org.user.organizationId), eq(stages.name, 'Paid')));
    await created(t, '/api/stages', org.cookie, {
      pipelineId: paid.pipelineId,
      name: 'Lost',
      closingType: 'lost',
    });
  });

  const patch = (id: string, body: Record<string, unknown>) =>
    call('PATCH', `/api/deals/${id}`, org.cookie, body);

  it('is set on create in a closing stage and on entering one; edits keep it; a working stage clears it', async () => {
    expect((await newDeal(org, { stage: 'Research' })).closedAt).toBeNull();
    const won = await newDeal(org, { stage: 'Paid' });
    expect(won.closedAt).toEqual(expect.any(String));
    expect(new Date(won.closedAt as string).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const deal = await newDeal(org, { stage: 'Signed' });
    const entered = (await patch(deal.id, { stage: 'Paid' })).json();
    expect(entered.closedAt).toEqual(expect.any(String));
    const closedAt = await closedAtOf(deal.id);

    // Later edits, also one that resends the same stage, do not date the win again.
    const edited = (await patch(deal.id, { notes: 'Cheque cashed', stage: 'Paid', dealValue: 10 })).json();
    expect(edited.closedAt).toBe(entered.closedAt);
    expect(new Date(edited.updatedAt).getTime()).toBeGreaterThan(new Date(entered.updatedAt).getTime());
    expect(await closedAtOf(deal.id)).toEqual(closedAt);

    // From won to lost is a new close.
    const lost = (await patch(deal.id, { stage: 'Lost' })).json();
    expect(new Date(lost.closedAt).getTime()).toBeGreaterThan(closedAt!.getTime());

    expect((await patch(deal.id, { stage: 'Contact' })).json().closedAt).toBeNull();
    expect(await closedAtOf(deal.id)).toBeNull();
  });

  it('is read-only: a closedAt sent on create or edit is ignored', async () => {
    const deal = await newDeal(org, { stage: 'Research', closedAt: '2020-01-01T00:00:00Z' });
    expect(deal.closedAt).toBeNull();
    const res = await patch(deal.id, { closedAt: '2020-01-01T00:00:00Z', notes: 'x' });
    expect(res.statusCode).toBe(200);
    expect(res.json().closedAt).toBeNull();
    const won = await newDeal(org, { stage: 'Paid' });
    await patch(won.id, { closedAt: null });
    expect(await closedAtOf(won.id)).toEqual(new Date(won.closedAt as string));
  });

  it('follows bulk stage changes', async () => {
    const a = await newDeal(org, { stage: 'Research' });
    const b = await newDeal(org, { stage: 'Paid' });
    const bClosed = await closedAtOf(b.id);
    const bulk = (changes: Record<string, unknown>) =>
      call('POST', '/api/deals/bulk', org.cookie, { ids: [a.id, b.id], action: 'update', changes });
    expect((await bulk({ stage: 'Paid' })).json()).toEqual({ affected: 2 });
    expect(await closedAtOf(a.id)).toBeInstanceOf(Date);
    expect(await closedAtOf(b.id)).toEqual(bClosed);
    await bulk({ dealType: 'surplus' });
    expect(await closedAtOf(b.id)).toEqual(bClosed);
    await bulk({ stage: 'Contact' });
    expect([await closedAtOf(a.id), await closedAtOf(b.id)]).toEqual([null, null]);
  });

  it('follows the stage when its closing type changes: deals already there close, and reopen', async () => {
    const fresh = await organization(t);
    const [contact] = await t.db
      .select({ id: stages.id })
      .from(stages)
      .where(and(eq(stages.organizationId, fresh.user.organizationId), eq(stages.name, 'Contact')));
    const waiting = await newDeal(fresh, { stage: 'Contact' });
    const elsewhere = await newDeal(fresh, { stage: 'Research' });
    const foreign = await newDeal(other, { stage: 'Contact' });
    const setType = (closingType: string | null) =>
      call('PATCH', `/api/stages/${contact.id}`, fresh.cookie, { closingType });
    expect((await setType('won')).statusCode).toBe(200);
    const closedAt = await closedAtOf(waiting.id);
    expect(closedAt).toBeInstanceOf(Date);
    expect(await closedAtOf(elsewhere.id)).toBeNull();
    expect(await closedAtOf(foreign.id)).toBeNull();
    expect((await storedDeal(waiting.id)).updatedAt).toEqual(new Date(waiting.updatedAt as string));
    await setType('lost');
    expect(await closedAtOf(waiting.id)).toEqual(closedAt);
    await setType(null);
    expect(await closedAtOf(waiting.id)).toBeNull();
  });

  it('is set when a lead converts into a deal whose first stage closes it', async () => {
    const fresh = await organization(t);
    await t.db
      .update(stages)
      .set({ closingType: 'won' })
      .where(and(eq(stages.organizationId, fresh.user.organizationId), eq(stages.name, 'Research')));
    const lead = await created(t, '/api/leads', fresh.cookie, { fullName: 'Quick Win' });
    const res = await call('POST', `/api/leads/${lead.id}/convert`, fresh.cookie, { createDeal: true });
    expect(res.statusCode).toBe(200);
    const { deal } = res.json();
    expect(deal).toMatchObject({ stage: 'Research', relatedClientName: 'Quick Win' });
    expect(deal.closedAt).toEqual(expect.any(String));
  });
});
