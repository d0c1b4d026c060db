import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads } from '../../db/schema/crm';
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
} from './test-kit';

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

type Lead = Record<string, unknown> & { id: string };
const newLead = (cookie: string, body: Record<string, unknown>) =>
  created<Lead>(t, '/api/leads', cookie, { fullName: 'Ann Lee', ...body });

async function storedLead(id: string) {
  const [row] = await t.db.select().from(leads).where(eq(leads.id, id));
  return row;
}

describe('leads CRUD', () => {
  it('creates a lead (201) with the data model fields and defaults, in the caller’s organization', async () => {
    const res = await call('POST', '/api/leads', owner.cookie, {
      fullName: '  Ann Lee ',
      email: 'ann@example.com',
      phone: '(555) 010-0100',
      phoneType: 'Mobile',
      businessName: 'Lee Holdings',
      tags: ['vip', 'vip', 'cook'],
      lastContactDate: '2025-01-31',
      organizationId: other.user.organizationId,
    });
    expect(res.statusCode).toBe(201);
    const lead = res.json();
    expect(Object.keys(lead).toSorted()).toEqual(
      [
        'id',
        'organizationId',
        'fullName',
        'email',
        'phone',
        'phoneType',
        'businessName',
        'industry',
        'location',
        'leadSource',
        'leadStatus',
        'interestLevel',
        'assignedOwner',
        'notes',
        'customFields',
        'tags',
        'lastContactDate',
        'conversionDate',
        'convertedClientId',
        'isSampleData',
        'createdAt',
        'updatedAt',
      ].toSorted(),
    );
    expect(lead).toMatchObject({
      organizationId: owner.user.organizationId,
      fullName: 'Ann Lee',
      email: 'ann@example.com',
      leadStatus: 'New',
      interestLevel: null,
      customFields: {},
      tags: ['vip', 'cook'],
      lastContactDate: '2025-01-31T00:00:00.000Z',
      conversionDate: null,
      convertedClientId: null,
      isSampleData: false,
    });
    expect((await storedLead(lead.id)).organizationId).toBe(owner.user.organizationId);

    const got = await call('GET', `/api/leads/${lead.id}`, owner.cookie);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(lead);
  });

  it('patches only the fields sent (no defaults re-applied) and clears with an empty value', async () => {
    const lead = await newLead(owner.cookie, {
      email: 'patch@example.com',
      leadStatus: 'Qualified',
      tags: ['keep'],
      customFields: { county: 'Cook' },
    });
    const res = await call('PATCH', `/api/leads/${lead.id}`, owner.cookie, {
      interestLevel: 'Hot',
      email: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      interestLevel: 'Hot',
      email: null,
      leadStatus: 'Qualified',
      tags: ['keep'],
      customFields: { county: 'Cook' },
      fullName: 'Ann Lee',
    });
    const empty = await call('PATCH', `/api/leads/${lead.id}`, owner.cookie, {});
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ leadStatus: 'Qualified', interestLevel: 'Hot' });
  });

  it('deletes a lead (204), then it is not found (404)', async () => {
    const lead = await newLead(owner.cookie, {});
    const res = await call('DELETE', `/api/leads/${lead.id}`, owner.cookie);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const again = await call(
        method,
        `/api/leads/${lead.id}`,
        owner.cookie,
        method === 'PATCH' ? {} : undefined,
      );
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ message: 'Lead not found' });
    }
    expect((await call('GET', '/api/leads/not-a-uuid', owner.cookie)).statusCode).toBe(404);
  });

  it('assigns an owner of the same organization; another organization’s user is "User not found"', async () => {
    const member = await memberWith(t, owner, {});
    const lead = await newLead(owner.cookie, { assignedOwner: member.id });
    expect(lead.assignedOwner).toBe(member.id);

    const foreign = await call('POST', '/api/leads', owner.cookie, {
      fullName: 'Ann',
      assignedOwner: other.user.id,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'User not found' });
    const patch = await call('PATCH', `/api/leads/${lead.id}`, owner.cookie, {
      assignedOwner: other.user.id,
    });
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toEqual({ message: 'User not found' });
    expect((await storedLead(lead.id)).assignedOwner).toBe(member.id);
  });
});

describe('lead validation', () => {
  it('answers every message of the lead schema', async () => {
    const res = await call('POST', '/api/leads', owner.cookie, {
      fullName: 'A',
      email: 'ann@',
      phoneType: 'Fax',
      leadStatus: 'Won',
      interestLevel: 'Lukewarm',
      assignedOwner: 'Ann',
      lastContactDate: '31/01/2025',
      tags: 'vip',
    });
    expect(fieldErrors(res)).toEqual(
      expect.arrayContaining([
        { path: 'fullName', message: 'Full name must be at least 2 characters' },
        { path: 'email', message: 'Please enter a valid email address' },
        { path: 'phoneType', message: 'Invalid phone type' },
        { path: 'leadStatus', message: 'Invalid lead status' },
        { path: 'interestLevel', message: 'Invalid interest level' },
        { path: 'assignedOwner', message: 'Invalid user ID' },
        { path: 'lastContactDate', message: 'Last contact date must be a valid date' },
        { path: 'tags', message: 'Tags must be a list' },
      ]),
    );
    expect(res.json().errors).toHaveLength(8);

    expect(fieldErrors(await call('POST', '/api/leads', owner.cookie, {}))).toEqual([
      { path: 'fullName', message: 'Full name must be at least 2 characters' },
    ]);
    expect(
      fieldErrors(await call('POST', '/api/leads', owner.cookie, { fullName: 'Ann', tags: [' '] })),
    ).toEqual([{ path: 'tags.0', message: 'Tags cannot be empty' }]);
    const manyTags = Array.from({ length: 101 }, (_, i) => `tag ${i}`);
    expect(
      fieldErrors(await call('POST', '/api/leads', owner.cookie, { fullName: 'Ann', tags: manyTags })),
    ).toEqual([{ path: 'tags', message: 'A record can have at most 100 tags' }]);
  });

  it('bounds single-line text at 255 characters, so a sort cursor carrying it stays small', async () => {
    const res = await call('POST', '/api/leads', owner.cookie, {
      fullName: 'A'.repeat(20_000),
      leadSource: 'S'.repeat(256),
      notes: 'N'.repeat(20_000),
    });
    expect(fieldErrors(res)).toEqual([
      { path: 'fullName', message: 'Full name must be at most 255 characters' },
      { path: 'leadSource', message: 'Lead source must be at most 255 characters' },
    ]);
    const lead = await newLead(owner.cookie, { fullName: 'A'.repeat(255) });
    expect(
      fieldErrors(
        await call('PATCH', `/api/leads/${lead.id}`, owner.cookie, { businessName: 'B'.repeat(256) }),
      ),
    ).toEqual([{ path: 'businessName', message: 'Business name must be at most 255 characters' }]);
  });

  it('checks a patch’s fields too', async () => {
    const lead = await newLead(owner.cookie, {});
    expect(
      fieldErrors(await call('PATCH', `/api/leads/${lead.id}`, owner.cookie, { fullName: ' B ' })),
    ).toEqual([{ path: 'fullName', message: 'Full name must be at least 2 characters' }]);
    expect(
      fieldErrors(await call('PATCH', `/api/leads/${lead.id}`, owner.cookie, { leadStatus: 'new' })),
    ).toEqual([{ path: 'leadStatus', message: 'Invalid lead status' }]);
  });

  it('checks list filters and the sort', async () => {
    expect(fieldErrors(await call('GET', '/api/leads?leadStatus=Won', owner.cookie))).toEqual([
      { path: 'leadStatus', message: 'Invalid lead status' },
    ]);
    expect(fieldErrors(await call('GET', '/api/leads?createdFrom=yesterday', owner.cookie))).toEqual([
      { path: 'createdFrom', message: 'Created from must be a valid date' },
    ]);
    const sort = await call('GET', '/api/leads?sort=password', owner.cookie);
    expect(fieldErrors(sort)[0].path).toBe('sort');
    expect((await call('GET', '/api/leads?cursor=garbage!', owner.cookie)).statusCode).toBe(400);
  });
});

describe('GET /api/leads', () => {
  let org: SignedIn;
  let ownerId: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    org = await organization(t);
    const member = await memberWith(t, org, {});
    ownerId = member.id;
    const rows = [
      {
        fullName: 'Alice Adams',
        email: 'alice@adams.test',
        phone: '555-010-0001',
        leadStatus: 'New',
        tags: ['vip'],
      },
      {
        fullName: 'Bob Brown',
        email: 'bob@brown.test',
        phone: '(555) 010-0002',
        leadStatus: 'Contacted',
        interestLevel: 'Hot',
      },
      {
        fullName: 'Carol Clark',
        businessName: 'Clark 100% Holdings',
        leadStatus: 'Qualified',
        interestLevel: 'Warm',
      },
      { fullName: 'Dan Davis', leadSource: 'Mailer', assignedOwner: ownerId, tags: ['vip', 'cook'] },
      { fullName: 'Eve Evans', leadSource: 'Mailer', interestLevel: 'Hot' },
      { fullName: 'Fay Fox', email: 'FAY@FOX.TEST', leadStatus: 'Disqualified' },
      { fullName: 'Gus Gray', phone: '+1 555 010 0007', assignedOwner: ownerId },
    ];
    for (const row of rows) ids[row.fullName.split(' ')[0]] = (await newLead(org.cookie, row)).id;
  });

  const names = async (query: string) => {
    const res = await call('GET', `/api/leads${query}`, org.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().items as { fullName: string }[]).map((l) => l.fullName.split(' ')[0]);
  };

  it('answers { items, nextCursor, total }, newest first by default, only the caller’s organization', async () => {
    const res = await call('GET', '/api/leads', org.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).toSorted()).toEqual(['items', 'nextCursor', 'total']);
    expect(body.total).toBe(7);
    expect(body.nextCursor).toBeNull();
    expect(body.items.map((l: Lead) => l.fullName)).toEqual([
      'Gus Gray',
      'Fay Fox',
      'Eve Evans',
      'Dan Davis',
      'Carol Clark',
      'Bob Brown',
      'Alice Adams',
    ]);
  });

  it('pages with limit 3: no duplicates, no gaps, nextCursor null at the end (any sort)', async () => {
    for (const sort of ['', '&sort=fullName', '&sort=-fullName', '&sort=interestLevel', '&sort=-email']) {
      const seen = await walkPages(t, org.cookie, `/api/leads?x=1${sort}`, 3);
      expect(new Set(seen)).toEqual(new Set(Object.values(ids)));
    }
    const filtered = await walkPages(t, org.cookie, '/api/leads?leadSource=Mailer', 1);
    expect(new Set(filtered)).toEqual(new Set([ids.Dan, ids.Eve]));
  });

  it('sorts by an allowed field, ascending or descending', async () => {
    expect(await names('?sort=fullName')).toEqual(['Alice', 'Bob', 'Carol', 'Dan', 'Eve', 'Fay', 'Gus']);
    expect(await names('?sort=-fullName&limit=2')).toEqual(['Gus', 'Fay']);
  });

  it('filters by field name', async () => {
    expect(await names('?leadStatus=Contacted')).toEqual(['Bob']);
    expect(await names('?interestLevel=Hot&sort=fullName')).toEqual(['Bob', 'Eve']);
    expect(await names('?leadSource=Mailer&sort=fullName')).toEqual(['Dan', 'Eve']);
    expect(await names(`?assignedOwner=${ownerId}&sort=fullName`)).toEqual(['Dan', 'Gus']);
    expect(await names('?tag=vip&sort=fullName')).toEqual(['Alice', 'Dan']);
    expect(await names('?tag=cook')).toEqual(['Dan']);
    expect(await names('?leadStatus=')).toHaveLength(7);
    const today = new Date().toISOString().slice(0, 10);
    expect(await names(`?createdFrom=${today}&createdTo=${today}`)).toHaveLength(7);
    expect(await names('?createdTo=2000-01-01')).toEqual([]);
    expect(await names(`?createdFrom=${new Date(Date.now() + 3_600_000).toISOString()}`)).toEqual([]);
  });

  it('filters by tags (all given, also as ?tag=) and the created range, in the export too', () =>
    expectSharedListFilters(t, {
      path: '/api/leads',
      table: leads,
      nameField: 'fullName',
      body: (fullName, tags) => ({ fullName, tags }),
    }));

  it('searches names, e-mails, business names and phones (by digits)', async () => {
    expect(await names('?search=carol')).toEqual(['Carol']);
    expect(await names('?search=BROWN.TEST')).toEqual(['Bob']);
    expect(await names('?search=fay@fox')).toEqual(['Fay']);
    expect(await names('?search=clark%20100%25')).toEqual(['Carol']);
    // % and _ are literal characters, not wildcards.
    expect(await names('?search=%25')).toEqual(['Carol']);
    expect(await names('?search=_')).toEqual([]);
    expect(await names('?search=5550100002')).toEqual(['Bob']);
    expect(await names('?search=010-0007')).toEqual(['Gus']);
    expect(await names('?search=nobody')).toEqual([]);
    expect(await names('?search=v&leadStatus=New&sort=fullName')).toEqual(['Dan', 'Eve']);
    expect(await names('?search=adams&leadStatus=Contacted')).toEqual([]);
  });
});

describe('lead permissions and tenancy', () => {
  it('refuses a user without the permission (403) and anonymous calls (401)', async () => {
    const lead = await newLead(owner.cookie, {});
    const readOnly = await memberWith(t, owner, { leads: { create: false, update: false, delete: false } });
    expect((await call('GET', '/api/leads', readOnly.cookie)).statusCode).toBe(200);
    expect((await call('POST', '/api/leads', readOnly.cookie, { fullName: 'Ann' })).statusCode).toBe(403);
    expect((await call('PATCH', `/api/leads/${lead.id}`, readOnly.cookie, { notes: 'x' })).statusCode).toBe(
      403,
    );
    // Plain users cannot delete by default.
    const plain = await memberWith(t, owner, {});
    const del = await call('DELETE', `/api/leads/${lead.id}`, plain.cookie);
    expect(del.statusCode).toBe(403);
    expect(del.json()).toEqual({ message: "You don't have permission to access this feature." });
    const noRead = await memberWith(t, owner, { leads: { read: false } });
    for (const url of [
      '/api/leads',
      `/api/leads/${lead.id}`,
      '/api/leads/export.csv',
      '/api/leads/duplicates',
    ]) {
      expect((await call('GET', url, noRead.cookie)).statusCode).toBe(403);
    }
    expect((await call('GET', '/api/leads')).statusCode).toBe(401);
    expect(await storedLead(lead.id)).toMatchObject({ notes: null });
  });

  it('answers 404 for another organization’s lead and changes nothing', async () => {
    const lead = await newLead(other.cookie, { fullName: 'Other Org Lead' });
    expect((await call('GET', `/api/leads/${lead.id}`, owner.cookie)).statusCode).toBe(404);
    expect(
      (await call('PATCH', `/api/leads/${lead.id}`, owner.cookie, { fullName: 'Hijacked' })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/leads/${lead.id}`, owner.cookie)).statusCode).toBe(404);
    expect((await call('POST', `/api/leads/${lead.id}/convert`, owner.cookie, {})).statusCode).toBe(404);
    const list = await call('GET', '/api/leads?search=Other%20Org', owner.cookie);
    expect(list.json().items).toEqual([]);
    expect(await storedLead(lead.id)).toMatchObject({ fullName: 'Other Org Lead', leadStatus: 'New' });
  });
});

describe('GET /api/leads/duplicates', () => {
  let org: SignedIn;
  let ann: Lead;
  let bob: Lead;

  beforeAll(async () => {
    org = await organization(t);
    ann = await newLead(org.cookie, {
      fullName: 'Ann Lee',
      email: 'Ann.Lee@Example.com',
      phone: '(555) 123-4567',
    });
    bob = await newLead(org.cookie, {
      fullName: 'Bob Stone',
      email: 'bob@example.com',
      phone: '555.987.6543',
    });
    await newLead(other.cookie, {
      fullName: 'Ann Elsewhere',
      email: 'ann.lee@example.com',
      phone: '5551234567',
    });
  });

  const duplicates = async (query: string) => {
    const res = await call('GET', `/api/leads/duplicates${query}`, org.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items as {
      kind: string;
      id: string;
      name: string;
      email: string | null;
      phone: string | null;
    }[];
  };

  it('matches e-mails case-insensitively and phones by digits, within the organization', async () => {
    expect(await duplicates('?email=ANN.LEE@EXAMPLE.COM')).toEqual([
      { kind: 'lead', id: ann.id, name: 'Ann Lee', email: 'Ann.Lee@Example.com', phone: '(555) 123-4567' },
    ]);
    expect((await duplicates('?phone=555-123-4567')).map((d) => d.id)).toEqual([ann.id]);
    expect((await duplicates('?phone=5559876543&email=nobody@example.com')).map((d) => d.id)).toEqual([
      bob.id,
    ]);
    expect(await duplicates('?email=new@example.com&phone=555-000-0000')).toEqual([]);
    expect(await duplicates('')).toEqual([]);
    // Too few digits to mean anything.
    expect(await duplicates('?phone=4567')).toEqual([]);
  });

  it('leaves out the lead being edited', async () => {
    expect(await duplicates(`?email=ann.lee@example.com&excludeId=${ann.id}`)).toEqual([]);
    expect(fieldErrors(await call('GET', '/api/leads/duplicates?excludeId=42', org.cookie))).toEqual([
      { path: 'excludeId', message: 'Invalid lead ID' },
    ]);
  });

  it('finds clients through their originating lead', async () => {
    const lead = await newLead(org.cookie, {
      fullName: 'Cleo Client',
      email: 'cleo@example.com',
      phone: '555 222 3333',
    });
    const converted = await call('POST', `/api/leads/${lead.id}/convert`, org.cookie, {});
    expect(converted.statusCode).toBe(200);
    const client = converted.json().client;
    const items = await duplicates('?phone=5552223333');
    expect(items).toEqual(
      expect.arrayContaining([
        { kind: 'lead', id: lead.id, name: 'Cleo Client', email: 'cleo@example.com', phone: '555 222 3333' },
        {
          kind: 'client',
          id: client.id,
          name: 'Cleo Client',
          email: 'cleo@example.com',
          phone: '555 222 3333',
        },
      ]),
    );
    expect(items).toHaveLength(2);
    expect(await duplicates(`?email=cleo@example.com&excludeId=${lead.id}`)).toEqual([]);
  });

  it('finds clients by their own e-mail and phone', async () => {
    const own = await created<{ id: string }>(t, '/api/clients', org.cookie, {
      displayName: 'Dora Direct',
      email: 'Dora@Example.com',
      phone: '(555) 444-7777',
    });
    await created(t, '/api/clients', other.cookie, {
      displayName: 'Dora Elsewhere',
      email: 'dora@example.com',
      phone: '5554447777',
    });
    const match = {
      kind: 'client',
      id: own.id,
      name: 'Dora Direct',
      email: 'Dora@Example.com',
      phone: '(555) 444-7777',
    };
    expect(await duplicates('?email=dora@EXAMPLE.com')).toEqual([match]);
    expect(await duplicates('?phone=555.444.7777')).toEqual([match]);
    expect(await duplicates(`?phone=5554447777&excludeId=${own.id}`)).toEqual([]);
  });
});

describe('POST /api/leads/bulk', () => {
  it('updates, tags, untags and deletes only the caller’s rows, answering how many', async () => {
    const org = await organization(t);
    const mine = await Promise.all(
      ['One', 'Two', 'Three'].map((n) => newLead(org.cookie, { fullName: `Lead ${n}`, tags: ['a'] })),
    );
    const foreign = await newLead(other.cookie, { fullName: 'Foreign Lead', tags: ['a'] });
    const ids = [...mine.map((l) => l.id), foreign.id];
    const member = await memberWith(t, org, {});

    const update = await call('POST', '/api/leads/bulk', org.cookie, {
      ids,
      action: 'update',
      changes: { leadStatus: 'Contacted', assignedOwner: member.id },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json()).toEqual({ affected: 3 });
    for (const lead of mine)
      expect(await storedLead(lead.id)).toMatchObject({ leadStatus: 'Contacted', assignedOwner: member.id });

    const add = await call('POST', '/api/leads/bulk', org.cookie, { ids, action: 'addTag', tag: ' b ' });
    expect(add.json()).toEqual({ affected: 3 });
    const again = await call('POST', '/api/leads/bulk', org.cookie, { ids, action: 'addTag', tag: 'b' });
    expect(again.json()).toEqual({ affected: 3 });
    expect((await storedLead(mine[0].id)).tags).toEqual(['a', 'b']);
    const remove = await call('POST', '/api/leads/bulk', org.cookie, { ids, action: 'removeTag', tag: 'a' });
    expect(remove.json()).toEqual({ affected: 3 });
    expect((await storedLead(mine[0].id)).tags).toEqual(['b']);

    const del = await call('POST', '/api/leads/bulk', org.cookie, {
      ids: [mine[0].id, foreign.id],
      action: 'delete',
    });
    expect(del.json()).toEqual({ affected: 1 });
    expect(await storedLead(mine[0].id)).toBeUndefined();
    expect(await storedLead(foreign.id)).toMatchObject({
      leadStatus: 'New',
      tags: ['a'],
      assignedOwner: null,
    });
  });

  it('validates the body and the owner', async () => {
    const org = await organization(t);
    expect(
      fieldErrors(await call('POST', '/api/leads/bulk', org.cookie, { ids: [], action: 'explode' })),
    ).toEqual([
      { path: 'ids', message: 'Select at least one record' },
      { path: 'action', message: 'Invalid action' },
    ]);
    const tooMany = Array.from({ length: 501 }, () => foreignUuid);
    expect(
      fieldErrors(await call('POST', '/api/leads/bulk', org.cookie, { ids: tooMany, action: 'delete' })),
    ).toEqual([{ path: 'ids', message: 'At most 500 records can be changed at once' }]);
    expect(
      fieldErrors(
        await call('POST', '/api/leads/bulk', org.cookie, { ids: [foreignUuid], action: 'addTag' }),
      ),
    ).toEqual([{ path: 'tag', message: 'Tag is required' }]);
    expect(
      fieldErrors(
        await call('POST', '/api/leads/bulk', org.cookie, { ids: [foreignUuid], action: 'update' }),
      ),
    ).toEqual([{ path: 'changes', message: 'Choose at least one change' }]);
    expect(
      fieldErrors(
        await call('POST', '/api/leads/bulk', org.cookie, {
          ids: ['x'],
          action: 'update',
          changes: { leadStatus: 'Won' },
        }),
      ),
    ).toEqual([
      { path: 'ids.0', message: 'Invalid ID' },
      { path: 'changes.leadStatus', message: 'Invalid lead status' },
    ]);
    const foreignOwner = await call('POST', '/api/leads/bulk', org.cookie, {
      ids: [foreignUuid],
      action: 'update',
      changes: { assignedOwner: other.user.id },
    });
    expect(foreignOwner.statusCode).toBe(404);
    expect(foreignOwner.json()).toEqual({ message: 'User not found' });
  });

  it('needs leads:update for changes and tags, leads:delete for deletion', async () => {
    const org = await organization(t);
    const lead = await newLead(org.cookie, {});
    const plain = await memberWith(t, org, {});
    expect(
      (await call('POST', '/api/leads/bulk', plain.cookie, { ids: [lead.id], action: 'delete' })).statusCode,
    ).toBe(403);
    const tag = await call('POST', '/api/leads/bulk', plain.cookie, {
      ids: [lead.id],
      action: 'addTag',
      tag: 'x',
    });
    expect(tag.json()).toEqual({ affected: 1 });
    const deleter = await memberWith(t, org, { leads: { update: false, delete: true } });
    expect(
      (await call('POST', '/api/leads/bulk', deleter.cookie, { ids: [lead.id], action: 'addTag', tag: 'y' }))
        .statusCode,
    ).toBe(403);
    const none = await memberWith(t, org, { leads: { update: false } });
    expect(
      (await call('POST', '/api/leads/bulk', none.cookie, { ids: [lead.id], action: 'delete' })).statusCode,
    ).toBe(403);
    expect((await storedLead(lead.id)).tags).toEqual(['x']);
  });
});

describe('GET /api/leads/export.csv', () => {
  it('streams the filtered, sorted list as an attachment with RFC 4180 quoting and formula guards', async () => {
    const org = await organization(t);
    await newLead(org.cookie, {
      fullName: 'Zed "Z" Zimmer',
      notes: 'line one\nline two',
      tags: ['vip', 'cook'],
    });
    await newLead(org.cookie, {
      fullName: 'Amy, Esq.',
      businessName: '=HYPERLINK("http://evil")',
      leadStatus: 'Qualified',
    });
    await newLead(org.cookie, { fullName: 'Max Minus', phone: '+1 555 010 0100', leadStatus: 'Qualified' });
    await newLead(other.cookie, { fullName: 'Not Mine', leadStatus: 'Qualified' });

    const res = await call('GET', '/api/leads/export.csv?sort=fullName', org.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="leads-${today}.csv"`);
    const rows = parseCsv(res.body);
    const header = rows[0];
    expect(header.slice(0, 3)).toEqual(['id', 'fullName', 'email']);
    const col = (name: string) => header.indexOf(name);
    expect(rows.slice(1).map((r) => r[col('fullName')])).toEqual([
      'Amy, Esq.',
      'Max Minus',
      'Zed "Z" Zimmer',
    ]);
    expect(rows[1][col('businessName')]).toBe('\'=HYPERLINK("http://evil")');
    expect(rows[2][col('phone')]).toBe("'+1 555 010 0100");
    expect(rows[3][col('notes')]).toBe('line one\nline two');
    expect(rows[3][col('tags')]).toBe('vip; cook');
    expect(res.body).toContain('"Amy, Esq."');
    expect(res.body).toContain('"Zed ""Z"" Zimmer"');

    const filtered = parseCsv(
      (await call('GET', '/api/leads/export.csv?leadStatus=Qualified&search=max', org.cookie)).body,
    );
    expect(filtered).toHaveLength(2);
    expect(filtered[1][col('fullName')]).toBe('Max Minus');
    expect((await call('GET', '/api/leads/export.csv?sort=nope', org.cookie)).statusCode).toBe(400);
  });

  it('pages through more rows than one batch, in order, without repeats', async () => {
    const org = await organization(t);
    const [{ organizationId }] = await t.db
      .select({ organizationId: leads.organizationId })
      .from(leads)
      .where(eq(leads.id, (await newLead(org.cookie, { fullName: 'Seed Lead' })).id));
    const rows = Array.from({ length: 1100 }, (_, i) => ({
      organizationId,
      fullName: `Bulk ${String(i).padStart(4, '0')}`,
    }));
    for (let i = 0; i < rows.length; i += 250) await t.db.insert(leads).values(rows.slice(i, i + 250));
    const res = await call('GET', '/api/leads/export.csv?sort=fullName', org.cookie);
    const names = parseCsv(res.body)
      .slice(1)
      .map((r) => r[1]);
    expect(names).toHaveLength(1101);
    expect(names[0]).toBe('Bulk 0000');
    expect(names[1099]).toBe('Bulk 1099');
    expect(names[1100]).toBe('Seed Lead');
    expect(new Set(names).size).toBe(1101);
  });
});
