import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { created, organization } from '../features/leads/test-kit';
import { call } from '../features/users/test-helpers';
import type { SignedIn } from '../test/sessions';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let org: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  org = await organization(t);
});
afterAll(() => t.close());

/** The `field` of every row a list answers for `query`, and its total. */
async function listed(url: string, field: string) {
  const res = await call(t.app, 'GET', url, org.cookie);
  expect(res.statusCode, res.body).toBe(200);
  const page = res.json() as { items: Record<string, unknown>[]; total: number };
  expect(page.total).toBe(page.items.length);
  return page.items.map((item) => item[field]);
}

describe('filters by any field name', () => {
  it('filter leads by their other fields, e-mail whatever its case, and the CSV export alike', async () => {
    await created(t, '/api/leads', org.cookie, {
      fullName: 'Fay Filter',
      email: 'Fay@Filter.test',
      phoneType: 'Work',
      businessName: 'Filter Farms',
      industry: 'Farming',
      location: 'Filterville',
    });
    await created(t, '/api/leads', org.cookie, { fullName: 'Gus Other', phoneType: 'Mobile' });
    expect(await listed('/api/leads?phoneType=Work', 'fullName')).toEqual(['Fay Filter']);
    expect(await listed('/api/leads?email=fay@filter.TEST', 'fullName')).toEqual(['Fay Filter']);
    expect(await listed('/api/leads?businessName=Filter%20Farms', 'fullName')).toEqual(['Fay Filter']);
    expect(await listed('/api/leads?location=Filterville&industry=Farming', 'fullName')).toEqual([
      'Fay Filter',
    ]);
    expect(await listed('/api/leads?fullName=Gus%20Other', 'fullName')).toEqual(['Gus Other']);
    expect(await listed('/api/leads?isSampleData=false', 'fullName')).toEqual(['Gus Other', 'Fay Filter']);
    expect(await listed('/api/leads?location=Nowhere', 'fullName')).toEqual([]);

    const csv = await call(t.app, 'GET', '/api/leads/export.csv?phoneType=Work', org.cookie);
    expect(csv.body.trim().split('\n')).toHaveLength(2);
    expect(csv.body).toContain('Fay Filter');
  });

  it('find the client a lead became, and filter clients, companies and deals by their fields', async () => {
    const lead = await created(t, '/api/leads', org.cookie, { fullName: 'Hal Convert' });
    const converted = await call(t.app, 'POST', `/api/leads/${lead.id}/convert`, org.cookie, {
      createDeal: true,
    });
    const { client, deal } = converted.json();
    expect(await listed(`/api/clients?leadId=${lead.id}`, 'id')).toEqual([client.id]);
    expect(await listed(`/api/leads?convertedClientId=${client.id}`, 'id')).toEqual([lead.id]);
    expect(await listed('/api/clients?displayName=Hal%20Convert', 'id')).toEqual([client.id]);

    await created(t, '/api/companies', org.cookie, { companyName: 'Filter LLC', companyType: 'LLC' });
    expect(await listed('/api/companies?companyType=LLC', 'companyName')).toEqual(['Filter LLC']);

    await created(t, '/api/deals', org.cookie, {
      dealName: 'Mailer deal',
      stage: 'Research',
      leadSource: 'Mailer',
    });
    expect(await listed('/api/deals?leadSource=Mailer', 'dealName')).toEqual(['Mailer deal']);
    expect(await listed(`/api/deals?dealName=${encodeURIComponent(deal.dealName)}`, 'id')).toEqual([deal.id]);
  });

  it('filter activities by subject, user and due day', async () => {
    const client = await created(t, '/api/clients', org.cookie, { displayName: 'Ida Activity' });
    const base = { clientId: client.id, type: 'task', status: 'pending' };
    await created(t, '/api/activities', org.cookie, {
      ...base,
      subject: 'Call county',
      dueDate: '2031-01-11T15:00:00Z',
    });
    await created(t, '/api/activities', org.cookie, {
      ...base,
      subject: 'Mail forms',
      dueDate: '2031-01-12T15:00:00Z',
    });
    const url = `/api/activities?clientId=${client.id}`;
    expect(await listed(`${url}&subject=Call%20county`, 'subject')).toEqual(['Call county']);
    expect(await listed(`${url}&dueDate=2031-01-12`, 'subject')).toEqual(['Mail forms']);
    expect(await listed(`${url}&userId=${org.user.id}`, 'subject')).toHaveLength(2);
  });

  it('refuses a malformed id or flag with the field’s message', async () => {
    const res = await call(t.app, 'GET', '/api/clients?leadId=abc&isSampleData=maybe', org.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'leadId', message: 'Lead ID must be a valid ID' },
      { path: 'isSampleData', message: 'Is sample data must be true or false' },
    ]);
  });
});
