import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { created, organization } from '../features/leads/test-kit';
import { call } from '../features/users/test-helpers';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function catalogue(cookie: string) {
  const res = await call(t.app, 'GET', '/api/tags?limit=200', cookie);
  return (res.json().items as { name: string }[]).map((tag) => tag.name);
}

/** The names `cookie`'s organization has now that it did not have in `before` (new ones come with defaults). */
async function addedSince(before: string[], cookie: string) {
  return (await catalogue(cookie)).filter((name) => !before.includes(name)).toSorted();
}

describe('tags typed on records join Settings › Tags', () => {
  it('on create, edit and bulk add, once per name whatever its case, in the own organization only', async () => {
    const org = await organization(t);
    const other = await organization(t);
    const [before, otherBefore] = [await catalogue(org.cookie), await catalogue(other.cookie)];
    await created(t, '/api/tags', org.cookie, { name: 'Probate' });
    const lead = await created(t, '/api/leads', org.cookie, {
      fullName: 'Ann Lee',
      tags: ['Hot list', 'probate'],
    });
    expect(await addedSince(before, org.cookie)).toEqual(['Hot list', 'Probate']);
    // The record keeps the name as typed.
    expect((await call(t.app, 'GET', `/api/leads/${lead.id}`, org.cookie)).json().tags).toEqual([
      'Hot list',
      'probate',
    ]);

    await call(t.app, 'PATCH', `/api/leads/${lead.id}`, org.cookie, { tags: ['Callback'] });
    await created(t, '/api/companies', org.cookie, { companyName: 'Acme Title', customTags: ['Title co'] });
    const deal = await created(t, '/api/deals', org.cookie, { dealName: 'Palm Way', stage: 'Research' });
    const bulk = await call(t.app, 'POST', '/api/deals/bulk', org.cookie, {
      ids: [deal.id],
      action: 'addTag',
      tag: 'Trustee sale',
    });
    expect(bulk.json()).toEqual({ affected: 1 });
    expect(await addedSince(before, org.cookie)).toEqual([
      'Callback',
      'Hot list',
      'Probate',
      'Title co',
      'Trustee sale',
    ]);
    const [hot] = (await call(t.app, 'GET', '/api/tags?search=Hot', org.cookie)).json().items;
    expect(hot.color).toBe('#3b82f6');
    expect(await addedSince(otherBefore, other.cookie)).toEqual([]);
  });

  it('a bulk add that matched no record of the organization adds nothing', async () => {
    const org = await organization(t);
    const other = await organization(t);
    const [before, otherBefore] = [await catalogue(org.cookie), await catalogue(other.cookie)];
    const theirs = await created(t, '/api/deals', other.cookie, {
      dealName: 'Their deal',
      stage: 'Research',
    });
    await call(t.app, 'POST', '/api/deals/bulk', org.cookie, {
      ids: [theirs.id],
      action: 'addTag',
      tag: 'Sneaky',
    });
    expect(await addedSince(before, org.cookie)).toEqual([]);
    expect(await addedSince(otherBefore, other.cookie)).toEqual([]);
  });
});
