import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PermissionSet,
  permissionActions,
  permissionCategories,
  resolvePermissions,
} from '../../common/permissions';
import { surplusFieldKeys } from '../../common/surplus';
import { call, newOrganization, signedInMember } from '../features/users/test-helpers';
import type { RegisteredRoute } from '../plugins/route-access';
import type { SignedIn } from './sessions';
import { createTestApp, type TestApp } from './test-app';

/*
 * Issue 13, item 2: figures and records obey the read permission of their category. For each
 * record category, a user who holds every permission but that category's read walks every GET
 * route the app serves (read from the route table, so a new endpoint cannot slip past) and no
 * answer may carry an id, a name or an amount of that category. The same walk by the owner must
 * find each of those values somewhere, so the test cannot pass by finding nothing.
 */

let t: TestApp;
let owner: SignedIn;
let routes: RegisteredRoute[];
const idsByResource = new Map<string, string>();
let stageName = '';

/** What would give each category away. */
const markers: Record<string, string[]> = {
  leads: [],
  clients: [],
  deals: [],
  companies: [],
  activities: [],
};

async function post(url: string, body: unknown) {
  const res = await call(t.app, 'POST', url, owner.cookie, body);
  if (res.statusCode !== 201) throw new Error(`POST ${url} ${res.statusCode}: ${res.body}`);
  return res.json() as Record<string, unknown> & { id: string };
}

const money = (value: unknown) => String(value);

beforeAll(async () => {
  t = await createTestApp();
  routes = t.app.routeTable;
  owner = await newOrganization(t.app, t.db);
  const stages = (await call(t.app, 'GET', '/api/stages', owner.cookie)).json().items as {
    name: string;
    closingType?: string | null;
  }[];
  stageName = (stages.find((s) => !s.closingType) ?? stages[0]).name;

  const lead = await post('/api/leads', {
    fullName: 'Zebulon Leakwood',
    email: 'zebulon.leakwood@example.com',
    phone: '555-301-7788',
  });
  markers.leads.push(lead.id, 'Zebulon Leakwood', 'zebulon.leakwood@example.com');
  // A lead a client came from: the duplicate check finds the client through it.
  const origin = await post('/api/leads', {
    fullName: 'Marlowe Pennington',
    email: 'marlowe.pennington@example.com',
  });
  markers.leads.push('Marlowe Pennington');
  await post('/api/lead-activities', {
    leadId: lead.id,
    type: 'task',
    subject: 'Xylophone lead chat',
    status: 'pending',
    dueDate: '2020-01-01',
  });

  const client = await post('/api/clients', { displayName: 'Leakbridge Holdings' });
  const fromLead = await post('/api/clients', { displayName: 'Leakhaven Trust', leadId: origin.id });
  markers.clients.push(client.id, 'Leakbridge Holdings', fromLead.id, 'Leakhaven Trust');

  // A converted lead names its client (convertedClientId); the client shares the lead's name, so
  // only its id marks it.
  const converted = await post('/api/leads', { fullName: 'Osgood Ferncastle' });
  const conversion = await call(t.app, 'POST', `/api/leads/${converted.id}/convert`, owner.cookie, {
    createDeal: false,
  });
  markers.clients.push(conversion.json().client.id);

  const company = await post('/api/companies', { companyName: 'Leakworks Incorporated' });
  markers.companies.push(company.id, 'Leakworks Incorporated');

  const claimDeadline = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const deal = await post('/api/deals', {
    dealName: 'Leakfinder Estate',
    stage: stageName,
    relatedClient: client.id,
    dealValue: 76543.21,
    customFields: {
      [surplusFieldKeys.winningBid]: 512345.67,
      [surplusFieldKeys.totalDebt]: 100000,
      [surplusFieldKeys.locatorFeePercent]: 25,
      [surplusFieldKeys.claimDeadline]: claimDeadline,
    },
  });
  const stored = (await call(t.app, 'GET', `/api/deals/${deal.id}`, owner.cookie)).json();
  markers.deals.push(deal.id, 'Leakfinder Estate');
  for (const amount of [
    stored.dealValue,
    stored.customFields?.[surplusFieldKeys.surplusAmount],
    stored.customFields?.[surplusFieldKeys.expectedFee],
  ]) {
    if (amount !== null && amount !== undefined && Number(amount) > 1000) markers.deals.push(money(amount));
  }

  const onDeal = await post('/api/activities', {
    dealId: deal.id,
    type: 'task',
    subject: 'Quarterly xylophone review',
    status: 'pending',
    dueDate: '2020-01-01',
  });
  const onClient = await post('/api/activities', {
    clientId: client.id,
    type: 'call',
    subject: 'Marimba call with claimant',
  });
  markers.activities.push(onDeal.id, onClient.id, 'Quarterly xylophone review', 'Marimba call with claimant');
  markers.activities.push('Xylophone lead chat');

  // The ids the walk puts into `/api/<resource>/:id`: the first record of each list.
  for (const route of routes) {
    const match = /^\/api\/([a-z-]+)\/:id/.exec(route.url);
    if (!match || idsByResource.has(match[1])) continue;
    const list = await call(t.app, 'GET', `/api/${match[1]}`, owner.cookie);
    const first = list.statusCode === 200 ? (list.json().items?.[0]?.id as string | undefined) : undefined;
    idsByResource.set(match[1], first ?? randomUUID());
  }
  idsByResource.set('leads', lead.id);
  idsByResource.set('clients', client.id);
  idsByResource.set('deals', deal.id);
  idsByResource.set('companies', company.id);
  idsByResource.set('activities', onDeal.id);
});
afterAll(() => t.close());

/** Query strings that make a route answer with the seeded records (search terms, windows). */
const queries: Record<string, string> = {
  '/api/search': '?q=Leak',
  '/api/leads/duplicates': '?email=marlowe.pennington@example.com',
  '/api/dashboard/claim-deadlines': '?days=365',
};

function concrete(url: string) {
  const resource = /^\/api\/([a-z-]+)\//.exec(url)?.[1] ?? '';
  return (
    url
      .replace(':id', idsByResource.get(resource) ?? randomUUID())
      .replace(':stageName', encodeURIComponent(stageName))
      .replace(':listKey', 'deals')
      .replace(':name', 'file.txt') + (queries[url] ?? '')
  );
}

/** Everything true, then the category's read off (which takes create, update and delete with it). */
function allBut(category: string): PermissionSet {
  const set: PermissionSet = Object.fromEntries(
    permissionCategories.map((c) => [c, Object.fromEntries(permissionActions[c].map((a) => [a, true]))]),
  );
  set[category] = { read: false };
  return set;
}

const reads = () => routes.filter((r) => r.method === 'GET' && r.access !== 'public');

async function walk(cookie: string) {
  const bodies: { route: string; status: number; body: string }[] = [];
  for (const route of reads()) {
    const res = await call(t.app, 'GET', concrete(route.url), cookie);
    bodies.push({ route: `${route.method} ${route.url}`, status: res.statusCode, body: res.body });
  }
  return bodies;
}

function found(bodies: { route: string; body: string }[], needles: string[]) {
  return bodies.flatMap(({ route, body }) =>
    needles.filter((needle) => body.includes(needle)).map((needle) => `${route} shows ${needle}`),
  );
}

describe('no figures or records of a category without its read permission', () => {
  it('the owner sees every seeded value somewhere (the walk can find what it looks for)', async () => {
    const bodies = await walk(owner.cookie);
    for (const [category, needles] of Object.entries(markers)) {
      expect(needles.length, category).toBeGreaterThan(1);
      for (const needle of needles) {
        expect(found(bodies, [needle]).length, `${category}: ${needle}`).toBeGreaterThan(0);
      }
    }
    // The dashboard and the search see the seeded records too.
    const shown = (route: string) =>
      found(bodies, Object.values(markers).flat()).some((f) => f.startsWith(route));
    expect(shown('GET /api/search')).toBe(true);
    expect(shown('GET /api/dashboard/claim-deadlines')).toBe(true);
    expect(shown('GET /api/dashboard/summary')).toBe(true);
  });

  it.each(Object.keys(markers))(
    'without %s:read, no GET route shows an id, name or amount of that category',
    async (category) => {
      const member = await signedInMember(t.app, owner, { role: 'manager', permissions: allBut(category) });
      const me = (await call(t.app, 'GET', '/api/user', member.cookie)).json();
      expect(me.permissions[category]).toEqual({ read: false, create: false, update: false, delete: false });
      expect(resolvePermissions('manager', null, allBut(category))[category as 'leads'].read).toBe(false);
      const bodies = await walk(member.cookie);
      expect(bodies.filter((b) => b.status >= 500).map((b) => b.route)).toEqual([]);
      expect(found(bodies, markers[category])).toEqual([]);
    },
  );
});

/** The top-level keys of the summary, the trends and the sample-data counts, as `permissions` gets them. */
async function keys(permissions: PermissionSet) {
  const member = await signedInMember(t.app, owner, { role: 'manager', permissions });
  const summary = (await call(t.app, 'GET', '/api/dashboard/summary', member.cookie)).json();
  const trends = (await call(t.app, 'GET', '/api/dashboard/trends', member.cookie)).json();
  const samples = (await call(t.app, 'GET', '/api/sample-data', member.cookie)).json();
  return [Object.keys(summary).toSorted(), Object.keys(trends).toSorted(), Object.keys(samples).toSorted()];
}

describe('the dashboard answers only the figures the user may read', () => {
  it('leaves out lead, deal and task figures (and sample-data counts) without their read', async () => {
    expect(await keys({})).toEqual([
      ['dealsWonThisMonth', 'expectedFees', 'leadConversion', 'newLeads', 'openPipeline', 'overdueTasks'],
      ['dealsWonPerMonth', 'leadsPerWeek'],
      ['clients', 'companies', 'deals', 'leads'],
    ]);
    expect(await keys({ deals: { read: false } })).toEqual([
      ['leadConversion', 'newLeads', 'overdueTasks'],
      ['leadsPerWeek'],
      ['clients', 'companies', 'leads'],
    ]);
    expect(await keys({ leads: { read: false }, activities: { read: false } })).toEqual([
      ['dealsWonThisMonth', 'expectedFees', 'openPipeline'],
      ['dealsWonPerMonth'],
      ['clients', 'companies', 'deals'],
    ]);
  });
});

describe('converting a lead', () => {
  it('makes a deal only for a user who may read and create deals (403, nothing converted)', async () => {
    // Create ticked on its own: without Read it does not hold (stored and resolved so).
    const member = await signedInMember(t.app, owner, {
      role: 'user',
      permissions: { deals: { read: false, create: true } },
    });
    const lead = (
      await call(t.app, 'POST', '/api/leads', owner.cookie, { fullName: 'Convertible Person' })
    ).json();
    const withDeal = await call(t.app, 'POST', `/api/leads/${lead.id}/convert`, member.cookie, {
      createDeal: true,
    });
    expect(withDeal.statusCode).toBe(403);
    expect(
      (await call(t.app, 'GET', `/api/leads/${lead.id}`, owner.cookie)).json().convertedClientId,
    ).toBeNull();
    const plain = await call(t.app, 'POST', `/api/leads/${lead.id}/convert`, member.cookie, {
      createDeal: false,
    });
    expect(plain.statusCode).toBe(200);
    expect(plain.json().deal).toBeNull();
  });
});
