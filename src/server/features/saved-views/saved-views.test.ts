import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unknownListMessage } from '../../../common/validation/preferences';
import {
  duplicateViewNameMessage,
  filterValueMessage,
  filtersInvalidMessage,
  invalidFilterNameMessage,
  invalidSortMessage,
  maxViewsPerList,
  tooManyFiltersMessage,
  tooManyViewsMessage,
  viewNameRequiredMessage,
  viewNotFoundMessage,
} from '../../../common/validation/saved-views';
import { entityDefinitions } from '../../db/schema/custom-fields';
import { savedViews } from '../../db/schema/preferences';
import { deniedMessage } from '../../plugins/access-guard';
import type { SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Caller, callerOf, fieldErrors, memberWith, organization } from '../leads/test-kit';
import { objectNotFoundMessage } from './list-access';

let t: TestApp;
let call: Caller;

beforeAll(async () => {
  t = await createTestApp();
  call = callerOf(t);
});
afterAll(() => t.close());

const hotLeads = {
  listKey: 'leads',
  name: 'Hot leads',
  search: 'smith',
  filters: { interestLevel: 'Hot', leadStatus: 'New' },
  sort: '-createdAt',
  columns: ['email', '-phone'],
  isShared: true,
};

async function createView(who: SignedIn, body: Record<string, unknown>) {
  const res = await call('POST', '/api/saved-views', who.cookie, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; name: string; ownerName: string; updatedAt: string };
}

async function viewsOf(who: SignedIn, listKey: string) {
  const res = await call('GET', `/api/saved-views?listKey=${encodeURIComponent(listKey)}`, who.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as { id: string; name: string; isMine: boolean; ownerName: string }[];
}

const rowOf = async (id: string) => (await t.db.select().from(savedViews).where(eq(savedViews.id, id)))[0];

async function defineObject(org: SignedIn, entityType: string, permissionCategory: string) {
  await t.db.insert(entityDefinitions).values({
    organizationId: org.user.organizationId,
    entityType,
    displayName: entityType,
    pluralName: entityType,
    permissionCategory,
  });
}

describe('/api/saved-views', () => {
  it('saves a view, answers it in the list, changes and deletes it', async () => {
    const org = await organization(t);
    const created = await createView(org, hotLeads);
    const me = (await call('GET', '/api/user', org.cookie)).json();
    expect(created).toMatchObject({
      ...hotLeads,
      userId: org.user.id,
      ownerName: `${me.firstName} ${me.lastName}`,
      isMine: true,
    });

    // Defaults: no search, filters, sort or columns; private.
    const plain = await createView(org, { listKey: 'leads', name: '  All mine  ' });
    expect(plain).toMatchObject({
      name: 'All mine',
      search: '',
      filters: {},
      sort: null,
      columns: null,
      isShared: false,
    });
    expect((await viewsOf(org, 'leads')).map((view) => view.name)).toEqual(['All mine', 'Hot leads']);
    expect(await viewsOf(org, 'clients')).toEqual([]);

    const renamed = await call('PATCH', `/api/saved-views/${created.id}`, org.cookie, {
      name: 'Hottest',
      isShared: false,
      filters: { interestLevel: 'Hot', leadSource: '' },
      sort: '',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.headers.etag).toMatch(/^W\/"\d+"$/);
    expect(renamed.json()).toMatchObject({
      name: 'Hottest',
      isShared: false,
      filters: { interestLevel: 'Hot' },
      sort: null,
      search: 'smith',
      columns: ['email', '-phone'],
    });

    // An empty change changes nothing.
    const unchanged = await call('PATCH', `/api/saved-views/${created.id}`, org.cookie, {});
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(unchanged.json()).toMatchObject({ name: 'Hottest', search: 'smith' });

    expect((await call('DELETE', `/api/saved-views/${created.id}`, org.cookie)).statusCode).toBe(204);
    expect((await viewsOf(org, 'leads')).map((view) => view.name)).toEqual(['All mine']);
    expect((await call('DELETE', `/api/saved-views/${created.id}`, org.cookie)).statusCode).toBe(404);
  });

  it('keeps names unique per user and list, ignoring case, and at most 50 views per list', async () => {
    const org = await organization(t);
    const member = await memberWith(t, org, {});
    await createView(org, { listKey: 'deals', name: 'Closing' });
    for (const name of ['Closing', 'closing ']) {
      const res = await call('POST', '/api/saved-views', org.cookie, { listKey: 'deals', name });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(duplicateViewNameMessage);
    }
    // Another list, or another user, may use the name.
    await createView(org, { listKey: 'clients', name: 'Closing' });
    await createView(member, { listKey: 'deals', name: 'Closing', isShared: true });

    const other = await createView(org, { listKey: 'deals', name: 'Other' });
    const clash = await call('PATCH', `/api/saved-views/${other.id}`, org.cookie, { name: 'CLOSING' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(duplicateViewNameMessage);
    expect((await rowOf(other.id)).name).toBe('Other');
    // Renaming a view to its own name (another case) is no clash.
    expect(
      (await call('PATCH', `/api/saved-views/${other.id}`, org.cookie, { name: 'OTHER' })).statusCode,
    ).toBe(200);

    for (let i = 2; i < maxViewsPerList; i++) await createView(org, { listKey: 'deals', name: `View ${i}` });
    const over = await call('POST', '/api/saved-views', org.cookie, {
      listKey: 'deals',
      name: 'One too many',
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(tooManyViewsMessage);
    // The limit is per user and list.
    await createView(org, { listKey: 'companies', name: 'One too many' });
    await createView(member, { listKey: 'deals', name: 'One too many' });
  });

  it('refuses invalid input with each field’s message, saving nothing', async () => {
    const org = await organization(t);
    const post = (body: Record<string, unknown>) =>
      call('POST', '/api/saved-views', org.cookie, { listKey: 'leads', name: 'View', ...body });
    expect(fieldErrors(await post({ listKey: 'invoices', name: ' ' }))).toEqual([
      { path: 'listKey', message: unknownListMessage },
      { path: 'name', message: viewNameRequiredMessage },
    ]);
    expect(fieldErrors(await post({ listKey: undefined, name: undefined }))).toEqual([
      { path: 'listKey', message: unknownListMessage },
      { path: 'name', message: viewNameRequiredMessage },
    ]);
    expect(fieldErrors(await post({ name: 'x'.repeat(101), search: 's'.repeat(201) }))).toEqual([
      { path: 'name', message: 'View name must be at most 100 characters' },
      { path: 'search', message: 'Search must be at most 200 characters' },
    ]);
    expect(fieldErrors(await post({ filters: 'hot' }))).toEqual([
      { path: 'filters', message: filtersInvalidMessage },
    ]);
    expect(
      fieldErrors(
        await post({ filters: { 'two words': 'a', [`k${'x'.repeat(64)}`]: 'b', ok: 'v'.repeat(201), n: 1 } }),
      ),
    ).toEqual([
      { path: 'filters.two words', message: invalidFilterNameMessage },
      { path: `filters.k${'x'.repeat(64)}`, message: invalidFilterNameMessage },
      { path: 'filters.ok', message: 'Filter must be at most 200 characters' },
      { path: 'filters.n', message: filterValueMessage },
    ]);
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`f${i}`, 'x']));
    expect(fieldErrors(await post({ filters: many }))).toEqual([
      { path: 'filters', message: tooManyFiltersMessage },
    ]);
    expect(fieldErrors(await post({ sort: 'name; drop table' }))).toEqual([
      { path: 'sort', message: invalidSortMessage },
    ]);
    expect(fieldErrors(await post({ columns: ['ok', 'two words'], isShared: 'yes' }))).toEqual([
      { path: 'columns.1', message: 'Invalid column id' },
      { path: 'isShared', message: 'Shared must be true or false' },
    ]);
    expect(await viewsOf(org, 'leads')).toEqual([]);

    const view = await createView(org, { listKey: 'leads', name: 'View' });
    expect(
      fieldErrors(await call('PATCH', `/api/saved-views/${view.id}`, org.cookie, { name: '', sort: '--x' })),
    ).toEqual([
      { path: 'name', message: viewNameRequiredMessage },
      { path: 'sort', message: invalidSortMessage },
    ]);
    expect((await rowOf(view.id)).name).toBe('View');
  });

  it('shows shared views to the organization, marked with the owner; only the owner changes them', async () => {
    const org = await organization(t);
    const member = await memberWith(t, org, {});
    const shared = await createView(org, hotLeads);
    const mine = await createView(org, { listKey: 'leads', name: 'Private' });
    const own = await createView(member, { listKey: 'leads', name: 'Zed' });

    const seen = await viewsOf(member, 'leads');
    // The caller's own views first, then the shared ones.
    expect(seen.map((view) => [view.name, view.isMine])).toEqual([
      ['Zed', true],
      ['Hot leads', false],
    ]);
    expect(seen[1].ownerName).toBe(shared.ownerName);
    expect((await viewsOf(org, 'leads')).map((view) => view.id)).toEqual([shared.id, mine.id]);

    for (const id of [shared.id, mine.id]) {
      const before = await rowOf(id);
      const patch = await call('PATCH', `/api/saved-views/${id}`, member.cookie, {
        name: 'Mine now',
        isShared: false,
      });
      expect(patch.statusCode).toBe(404);
      expect(patch.json()).toEqual({ message: viewNotFoundMessage });
      expect((await call('DELETE', `/api/saved-views/${id}`, member.cookie)).statusCode).toBe(404);
      expect(await rowOf(id)).toEqual(before);
    }
    // Unshared, it is gone from the others' lists.
    await call('PATCH', `/api/saved-views/${shared.id}`, org.cookie, { isShared: false });
    expect((await viewsOf(member, 'leads')).map((view) => view.id)).toEqual([own.id]);
  });

  it("answers 404 for another organization's view and changes nothing; lists hold only the caller's", async () => {
    const org = await organization(t);
    const stranger = await organization(t);
    const theirs = await createView(stranger, hotLeads);
    const before = await rowOf(theirs.id);
    for (const [method, body] of [
      ['PATCH', { name: 'Hijacked' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, `/api/saved-views/${theirs.id}`, org.cookie, body);
      expect(res.statusCode).toBe(404);
    }
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      expect((await call('PATCH', `/api/saved-views/${id}`, org.cookie, { name: 'x' })).statusCode).toBe(404);
    }
    expect(await rowOf(theirs.id)).toEqual(before);
    expect(await viewsOf(org, 'leads')).toEqual([]);
  });

  it('refuses a stale version of the view with 409', async () => {
    const org = await organization(t);
    const view = await createView(org, { listKey: 'leads', name: 'Versioned' });
    const first = await call('PATCH', `/api/saved-views/${view.id}`, org.cookie, { search: 'a' });
    const stale = await t.app.inject({
      method: 'PATCH',
      url: `/api/saved-views/${view.id}`,
      headers: { cookie: org.cookie, 'if-match': `W/"${new Date(view.updatedAt).getTime()}"` },
      payload: { search: 'b' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current.search).toBe('a');
    const fresh = await t.app.inject({
      method: 'PATCH',
      url: `/api/saved-views/${view.id}`,
      headers: { cookie: org.cookie, 'if-match': first.headers.etag as string },
      payload: { search: 'b' },
    });
    expect(fresh.statusCode).toBe(200);
  });

  it("needs read of the list's category (403), on every route", async () => {
    const org = await organization(t);
    const view = await createView(org, { listKey: 'leads', name: 'Leads view' });
    const noLeads = await memberWith(t, org, {
      leads: { read: false, create: false, update: false, delete: false },
    });
    const ownView = await createView(noLeads, { listKey: 'clients', name: 'Clients view' });
    for (const res of [
      await call('GET', '/api/saved-views?listKey=leads', noLeads.cookie),
      await call('POST', '/api/saved-views', noLeads.cookie, { listKey: 'leads', name: 'Mine' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(deniedMessage);
    }
    // Their own leads view, saved while they could read leads, is out of reach too.
    await t.db.insert(savedViews).values({
      organizationId: org.user.organizationId,
      userId: noLeads.id,
      listKey: 'leads',
      name: 'Old',
    });
    const [old] = await t.db.select().from(savedViews).where(eq(savedViews.name, 'Old'));
    expect(
      (await call('PATCH', `/api/saved-views/${old.id}`, noLeads.cookie, { name: 'New' })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/saved-views/${old.id}`, noLeads.cookie)).statusCode).toBe(403);
    expect((await rowOf(old.id)).name).toBe('Old');
    expect(
      (await call('PATCH', `/api/saved-views/${ownView.id}`, noLeads.cookie, { name: 'Renamed' })).statusCode,
    ).toBe(200);
    expect(await rowOf(view.id)).toBeDefined();
  });

  it('keeps views of custom object lists under the category the object borrows', async () => {
    const org = await organization(t);
    const stranger = await organization(t);
    await defineObject(org, 'heirs', 'deals');
    await defineObject(stranger, 'filings', 'deals');
    const heirs = await createView(org, {
      listKey: 'objects:heirs',
      name: 'Heirs to call',
      filters: { sharePercentFrom: '10' },
    });
    expect(heirs).toMatchObject({ listKey: 'objects:heirs', filters: { sharePercentFrom: '10' } });
    expect((await viewsOf(org, 'objects:heirs')).map((view) => view.id)).toEqual([heirs.id]);
    expect(await viewsOf(org, 'deals')).toEqual([]);

    // An object the organization does not define (or another organization's) is not found.
    for (const listKey of ['objects:properties', 'objects:filings']) {
      for (const res of [
        await call('GET', `/api/saved-views?listKey=${listKey}`, org.cookie),
        await call('POST', '/api/saved-views', org.cookie, { listKey, name: 'Nope' }),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(objectNotFoundMessage);
      }
    }

    const noDeals = await memberWith(t, org, {
      deals: { read: false, create: false, update: false, delete: false },
    });
    expect((await call('GET', '/api/saved-views?listKey=objects:heirs', noDeals.cookie)).statusCode).toBe(
      403,
    );
    expect(
      (await call('POST', '/api/saved-views', noDeals.cookie, { listKey: 'objects:heirs', name: 'Mine' }))
        .statusCode,
    ).toBe(403);
    // The object borrows leads instead: now the leads reader sees its views.
    await t.db
      .update(entityDefinitions)
      .set({ permissionCategory: 'leads' })
      .where(eq(entityDefinitions.organizationId, org.user.organizationId));
    expect((await call('GET', '/api/saved-views?listKey=objects:heirs', noDeals.cookie)).statusCode).toBe(
      200,
    );
    expect(fieldErrors(await call('GET', '/api/saved-views?listKey=objects:Heirs', org.cookie))).toEqual([
      { path: 'listKey', message: unknownListMessage },
    ]);
  });

  it('goes with its owner when the user is deleted', async () => {
    const org = await organization(t);
    const member = await memberWith(t, org, {});
    const view = await createView(member, { ...hotLeads, name: 'Leaving' });
    expect((await call('DELETE', `/api/users/${member.id}`, org.cookie)).statusCode).toBe(204);
    expect(await rowOf(view.id)).toBeUndefined();
    expect(await viewsOf(org, 'leads')).toEqual([]);
  });
});
