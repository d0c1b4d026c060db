import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deals } from '../../db/schema/crm';
import type { SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  type Caller,
  callerOf,
  created,
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
        'createdAt',
        'updatedAt',
        'client',
      ].toSorted(),
    );
    expect(deal).toMatchObject({
      organizationId: owner.user.organizationId,
      dealValue: 1500,
      closeProbability: 40,
      expectedCloseDate: '2025-06-30',
      stage: 'Research',
      relatedClient: client.id,
      client: { id: client.id, displayName: 'Cleo Client' },
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
      client: null,
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
    expect(await names('?sort=dealValue&limit=3')).toEqual(['Golf claim', 'Charlie flip', 'Alpha claim']);
    expect(await names('?sort=-dealValue&limit=2')).toEqual(['Delta claim', 'Echo claim']);
    expect(fieldErrors(await call('GET', '/api/deals?relatedClient=x', org.cookie))).toEqual([
      { path: 'relatedClient', message: 'Invalid client ID' },
    ]);
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
    await newDeal(org, {
      dealName: 'Export deal',
      dealValue: '2,000.25',
      relatedClient: client.id,
      expectedCloseDate: '2025-09-01',
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
  });
});
