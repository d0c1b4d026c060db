import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../db/schema/crm';
import type { SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  type Caller,
  callerOf,
  created,
  expectSharedListFilters,
  fieldErrors,
  foreignUuid,
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

type Client = Record<string, unknown> & { id: string };
const newClient = (org: SignedIn, body: Record<string, unknown> = {}) =>
  created<Client>(t, '/api/clients', org.cookie, { displayName: 'Cleo Client', ...body });

async function storedClient(id: string) {
  const [row] = await t.db.select().from(clients).where(eq(clients.id, id));
  return row;
}

describe('clients CRUD', () => {
  it('creates (201), reads, patches and deletes (204) a client', async () => {
    const res = await call('POST', '/api/clients', owner.cookie, {
      displayName: 'Cleo Client',
      tags: ['estate'],
      lastContactDate: '2025-02-03T10:00:00Z',
      organizationId: other.user.organizationId,
    });
    expect(res.statusCode).toBe(201);
    const client = res.json();
    expect(Object.keys(client).toSorted()).toEqual(
      [
        'id',
        'organizationId',
        'displayName',
        'email',
        'phone',
        'phoneType',
        'addressLine1',
        'addressLine2',
        'city',
        'state',
        'zip',
        'notes',
        'status',
        'assignedTo',
        'tags',
        'leadId',
        'lastContactDate',
        'customFields',
        'isSampleData',
        'createdAt',
        'updatedAt',
      ].toSorted(),
    );
    expect(client).toMatchObject({
      organizationId: owner.user.organizationId,
      status: 'active',
      assignedTo: null,
      leadId: null,
      customFields: {},
      tags: ['estate'],
      lastContactDate: '2025-02-03T10:00:00.000Z',
    });

    const detail = await call('GET', `/api/clients/${client.id}`, owner.cookie);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toEqual({ ...client, deals: [], documentsCount: 0, lead: null });

    const patch = await call('PATCH', `/api/clients/${client.id}`, owner.cookie, { status: 'inactive' });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({ status: 'inactive', displayName: 'Cleo Client', tags: ['estate'] });

    expect((await call('DELETE', `/api/clients/${client.id}`, owner.cookie)).statusCode).toBe(204);
    const gone = await call('GET', `/api/clients/${client.id}`, owner.cookie);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'Client not found' });
  });

  it('shows its deals, documents count and originating lead in the detail', async () => {
    const lead = await created(t, '/api/leads', owner.cookie, { fullName: 'Lee Origin' });
    const client = await newClient(owner, { leadId: lead.id });
    const first = await created(t, '/api/deals', owner.cookie, {
      dealName: 'First claim',
      stage: 'Research',
      relatedClient: client.id,
      dealValue: '1500',
    });
    const second = await created(t, '/api/deals', owner.cookie, {
      dealName: 'Second claim',
      stage: 'Signed',
      relatedClient: client.id,
      dealValue: 2500.5,
    });
    await t.db.execute(sql`
      insert into document_instances (organization_id, client_id, name, content)
      values (${owner.user.organizationId}, ${client.id}, 'Agreement', 'Text'),
             (${owner.user.organizationId}, ${client.id}, 'Notice', 'Text')`);
    const detail = (await call('GET', `/api/clients/${client.id}`, owner.cookie)).json();
    expect(detail.lead).toEqual({ id: lead.id, fullName: 'Lee Origin' });
    expect(detail.documentsCount).toBe(2);
    expect(detail.deals).toEqual([
      { id: second.id, dealName: 'Second claim', stage: 'Signed', dealValue: 2500.5 },
      { id: first.id, dealName: 'First claim', stage: 'Research', dealValue: 1500 },
    ]);
  });

  it('links only an owner and a lead of the caller’s organization (404 otherwise)', async () => {
    const foreignLead = await created(t, '/api/leads', other.cookie, { fullName: 'Other Lead' });
    const lead = await call('POST', '/api/clients', owner.cookie, {
      displayName: 'Cleo',
      leadId: foreignLead.id,
    });
    expect(lead.statusCode).toBe(404);
    expect(lead.json()).toEqual({ message: 'Lead not found' });
    const user = await call('POST', '/api/clients', owner.cookie, {
      displayName: 'Cleo',
      assignedTo: other.user.id,
    });
    expect(user.statusCode).toBe(404);
    expect(user.json()).toEqual({ message: 'User not found' });
    const client = await newClient(owner);
    const patch = await call('PATCH', `/api/clients/${client.id}`, owner.cookie, { leadId: foreignLead.id });
    expect(patch.statusCode).toBe(404);
    expect((await storedClient(client.id)).leadId).toBeNull();
  });

  it('answers every message of the client schema', async () => {
    const res = await call('POST', '/api/clients', owner.cookie, {
      displayName: 'C',
      status: 'gone',
      assignedTo: 'me',
      leadId: 'lead',
      lastContactDate: 'soon',
      tags: [''],
    });
    expect(fieldErrors(res)).toEqual(
      expect.arrayContaining([
        { path: 'displayName', message: 'Display name must be at least 2 characters' },
        { path: 'status', message: 'Invalid status' },
        { path: 'assignedTo', message: 'Invalid user ID' },
        { path: 'leadId', message: 'Invalid lead ID' },
        { path: 'lastContactDate', message: 'Last contact date must be a valid date' },
        { path: 'tags.0', message: 'Tags cannot be empty' },
      ]),
    );
    expect(res.json().errors).toHaveLength(6);
    const client = await newClient(owner);
    expect(
      fieldErrors(await call('PATCH', `/api/clients/${client.id}`, owner.cookie, { status: 'Active' })),
    ).toEqual([{ path: 'status', message: 'Invalid status' }]);
    expect(fieldErrors(await call('GET', '/api/clients?status=gone', owner.cookie))).toEqual([
      { path: 'status', message: 'Invalid status' },
    ]);
  });

  it('stores the contact details, reads them back, patches and clears them', async () => {
    const contact = {
      email: 'cleo@example.com',
      phone: '(813) 555-0142',
      phoneType: 'Mobile',
      addressLine1: '12 Palm Way',
      addressLine2: 'Apt 4',
      city: 'Tampa',
      state: 'florida',
      zip: '33602',
      notes: 'Prefers calls after 5pm',
    };
    const client = await newClient(owner, contact);
    const stored = { ...contact, state: 'FL' };
    expect(client).toMatchObject(stored);
    expect((await call('GET', `/api/clients/${client.id}`, owner.cookie)).json()).toMatchObject(stored);
    const listed = (await call('GET', '/api/clients?search=cleo%40example', owner.cookie)).json();
    expect(listed.items).toEqual([expect.objectContaining({ id: client.id, ...stored })]);
    const patch = await call('PATCH', `/api/clients/${client.id}`, owner.cookie, {
      city: 'Orlando',
      state: 'DC',
      addressLine2: '',
    });
    expect(patch.json()).toMatchObject({ ...stored, city: 'Orlando', state: 'DC', addressLine2: null });
    expect(await storedClient(client.id)).toMatchObject({ city: 'Orlando', state: 'DC', addressLine2: null });
    const bad = await call('PATCH', `/api/clients/${client.id}`, owner.cookie, {
      email: 'nope',
      phoneType: 'Pager',
      state: 'XX',
      zip: '123',
      phone: '5'.repeat(300),
    });
    expect(fieldErrors(bad)).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'Please enter a valid email address' },
        { path: 'phoneType', message: 'Invalid phone type' },
        { path: 'state', message: 'State must be a 2-letter US state code' },
        { path: 'zip', message: 'ZIP code must be 5 digits or ZIP+4 (12345-6789)' },
        { path: 'phone', message: 'Phone must be at most 40 characters' },
      ]),
    );
    expect(await storedClient(client.id)).toMatchObject({ city: 'Orlando', email: 'cleo@example.com' });
  });

  it('bounds the display name at 255 characters', async () => {
    expect(
      fieldErrors(await call('POST', '/api/clients', owner.cookie, { displayName: 'C'.repeat(20_000) })),
    ).toEqual([{ path: 'displayName', message: 'Display name must be at most 255 characters' }]);
  });
});

describe('GET /api/clients', () => {
  let org: SignedIn;
  let agent: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    org = await organization(t);
    agent = (await memberWith(t, org, {})).id;
    const rows = [
      { displayName: 'Alpha Estate', tags: ['estate'] },
      { displayName: 'Bravo Trust', status: 'prospect' },
      { displayName: 'Charlie Estate', status: 'inactive', tags: ['estate', 'vip'] },
      { displayName: 'Delta LLC', assignedTo: agent },
      { displayName: 'Echo Partners', status: 'prospect', assignedTo: agent },
      { displayName: 'Foxtrot Heirs' },
      { displayName: 'Golf Family', email: 'GOLF@Family.example', phone: '+1 (727) 555-0199' },
    ];
    for (const row of rows) ids[row.displayName] = (await newClient(org, row)).id;
  });

  const names = async (query: string) => {
    const res = await call('GET', `/api/clients${query}`, org.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().items as { displayName: string }[]).map((c) => c.displayName);
  };

  it('pages with limit 3 without duplicates or gaps', async () => {
    for (const sort of ['', '&sort=displayName', '&sort=-status']) {
      const seen = await walkPages(t, org.cookie, `/api/clients?x=1${sort}`, 3);
      expect(new Set(seen)).toEqual(new Set(Object.values(ids)));
    }
  });

  it('filters, searches and sorts', async () => {
    expect(await names('?sort=displayName&limit=2')).toEqual(['Alpha Estate', 'Bravo Trust']);
    expect(await names('?sort=-displayName&limit=1')).toEqual(['Golf Family']);
    expect(await names('?status=prospect&sort=displayName')).toEqual(['Bravo Trust', 'Echo Partners']);
    expect(await names(`?assignedTo=${agent}&sort=displayName`)).toEqual(['Delta LLC', 'Echo Partners']);
    expect(await names('?tag=estate&sort=displayName')).toEqual(['Alpha Estate', 'Charlie Estate']);
    expect(await names('?search=ESTATE&sort=displayName')).toEqual(['Alpha Estate', 'Charlie Estate']);
    expect(await names('?search=estate&status=inactive')).toEqual(['Charlie Estate']);
    // The e-mail (any case) and the phone by its digits, however the term is punctuated.
    expect(await names('?search=golf%40family')).toEqual(['Golf Family']);
    expect(await names('?search=727-555-0199')).toEqual(['Golf Family']);
    expect(await names('?search=(727)%20555')).toEqual(['Golf Family']);
    expect(await names('?search=5550199')).toEqual(['Golf Family']);
    const res = await call('GET', '/api/clients?limit=2', org.cookie);
    expect(res.json()).toMatchObject({ total: 7, nextCursor: expect.any(String) });
  });

  it('filters by tags (all given, also as ?tag=) and the created range, in the export too', () =>
    expectSharedListFilters(t, {
      path: '/api/clients',
      table: clients,
      nameField: 'displayName',
      body: (displayName, tags) => ({ displayName, tags }),
    }));
});

describe('client permissions, tenancy, bulk and export', () => {
  it('403 without the permission; 404 and unchanged for another organization’s client', async () => {
    const client = await newClient(owner);
    const reader = await memberWith(t, owner, { clients: { create: false, update: false } });
    expect((await call('POST', '/api/clients', reader.cookie, { displayName: 'Nope' })).statusCode).toBe(403);
    expect(
      (await call('PATCH', `/api/clients/${client.id}`, reader.cookie, { status: 'inactive' })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/clients/${client.id}`, reader.cookie)).statusCode).toBe(403);
    expect((await call('GET', `/api/clients/${client.id}`, reader.cookie)).statusCode).toBe(200);

    const foreign = await newClient(other, { displayName: 'Foreign Client' });
    expect((await call('GET', `/api/clients/${foreign.id}`, owner.cookie)).statusCode).toBe(404);
    expect(
      (await call('PATCH', `/api/clients/${foreign.id}`, owner.cookie, { status: 'inactive' })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/clients/${foreign.id}`, owner.cookie)).statusCode).toBe(404);
    expect(await storedClient(foreign.id)).toMatchObject({ displayName: 'Foreign Client', status: 'active' });
  });

  it('bulk-updates, tags and deletes only the caller’s clients', async () => {
    const org = await organization(t);
    const a = await newClient(org, { displayName: 'Bulk A' });
    const b = await newClient(org, { displayName: 'Bulk B' });
    const foreign = await newClient(other, { displayName: 'Bulk Foreign' });
    const ids = [a.id, b.id, foreign.id, foreignUuid];
    const update = await call('POST', '/api/clients/bulk', org.cookie, {
      ids,
      action: 'update',
      changes: { status: 'prospect' },
    });
    expect(update.json()).toEqual({ affected: 2 });
    expect(
      (await call('POST', '/api/clients/bulk', org.cookie, { ids, action: 'addTag', tag: 'q1' })).json(),
    ).toEqual({
      affected: 2,
    });
    expect(await storedClient(a.id)).toMatchObject({ status: 'prospect', tags: ['q1'] });
    expect(
      (await call('POST', '/api/clients/bulk', org.cookie, { ids, action: 'removeTag', tag: 'q1' })).json(),
    ).toEqual({
      affected: 2,
    });
    expect(
      fieldErrors(
        await call('POST', '/api/clients/bulk', org.cookie, {
          ids,
          action: 'update',
          changes: { status: 'x' },
        }),
      ),
    ).toEqual([{ path: 'changes.status', message: 'Invalid status' }]);
    expect((await call('POST', '/api/clients/bulk', org.cookie, { ids, action: 'delete' })).json()).toEqual({
      affected: 2,
    });
    expect(await storedClient(foreign.id)).toMatchObject({ status: 'active', tags: [] });
    const plain = await memberWith(t, org, {});
    expect(
      (await call('POST', '/api/clients/bulk', plain.cookie, { ids, action: 'delete' })).statusCode,
    ).toBe(403);
  });

  it('exports the filtered list as CSV', async () => {
    const org = await organization(t);
    const agent = await memberWith(t, org, {});
    await newClient(org, {
      displayName: '@Risky, Inc.',
      status: 'prospect',
      assignedTo: agent.id,
      tags: ['a', 'b'],
      email: 'risky@example.com',
      phone: '813-555-0100',
      phoneType: 'Work',
      addressLine1: '1 Main St',
      city: 'Tampa',
      state: 'FL',
      zip: '33602',
      notes: '=1+1',
    });
    await newClient(org, { displayName: 'Plain Client' });
    const res = await call('GET', '/api/clients/export.csv?status=prospect', org.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="clients-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual([
      'id',
      'displayName',
      'email',
      'phone',
      'phoneType',
      'addressLine1',
      'addressLine2',
      'city',
      'state',
      'zip',
      'status',
      'assignedTo',
      'tags',
      'notes',
      'leadId',
      'lastContactDate',
      'createdAt',
      'updatedAt',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1].slice(1, 14)).toEqual([
      "'@Risky, Inc.",
      'risky@example.com',
      '813-555-0100',
      'Work',
      '1 Main St',
      '',
      'Tampa',
      'FL',
      '33602',
      'prospect',
      'Mia Member',
      'a; b',
      "'=1+1",
    ]);
  });
});
