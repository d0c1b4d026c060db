import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { created, organization, walkPages } from '../features/leads/test-kit';
import { call } from '../features/users/test-helpers';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const names = ['banana Bay', 'Apple Acres', 'delta Downs', 'Cherry Court', 'apple Annex'];

describe.each([
  ['/api/leads', 'fullName', (name: string) => ({ fullName: name })],
  ['/api/clients', 'displayName', (name: string) => ({ displayName: name })],
  ['/api/companies', 'companyName', (name: string) => ({ companyName: name })],
  ['/api/deals', 'dealName', (name: string) => ({ dealName: name, stage: 'Research' })],
] as const)('%s?sort=%s', (url, field, body) => {
  it('sorts names whatever their letter case, both ways, and pages without gaps', async () => {
    const org = await organization(t);
    const ids = new Map<string, string>();
    for (const name of names) ids.set(name, (await created(t, url, org.cookie, body(name))).id);
    const sorted = async (sort: string) =>
      (await call(t.app, 'GET', `${url}?sort=${sort}`, org.cookie))
        .json()
        .items.map((item: Record<string, string>) => item[field]);
    const ascending = await sorted(field);
    expect(ascending.map((name: string) => name.toLowerCase())).toEqual(
      names.map((name) => name.toLowerCase()).toSorted(),
    );
    expect(await sorted(`-${field}`)).toEqual(ascending.toReversed());
    const walked = await walkPages(t, org.cookie, `${url}?sort=${field}`, 2);
    expect(walked).toHaveLength(names.length);
  });
});

describe('/api/leads?sort=businessName (a text field that may be empty)', () => {
  it('ignores letter case, puts empty ones last, and pages through every lead once', async () => {
    const org = await organization(t);
    for (const businessName of ['gamma Gifts', null, 'Acme', 'beta Builders', null]) {
      await created(t, '/api/leads', org.cookie, { fullName: 'Lee Lead', businessName });
    }
    const order = async (sort: string) =>
      (await call(t.app, 'GET', `/api/leads?sort=${sort}`, org.cookie))
        .json()
        .items.map((item: { businessName: string | null }) => item.businessName);
    expect(await order('businessName')).toEqual(['Acme', 'beta Builders', 'gamma Gifts', null, null]);
    expect((await order('-businessName')).slice(-3)).toEqual(['gamma Gifts', 'beta Builders', 'Acme']);
    expect(await walkPages(t, org.cookie, '/api/leads?sort=businessName', 2)).toHaveLength(5);
    expect(await walkPages(t, org.cookie, '/api/leads?sort=-businessName', 2)).toHaveLength(5);
  });
});
