import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema/crm';
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

type Company = Record<string, unknown> & { id: string };
const newCompany = (org: SignedIn, body: Record<string, unknown> = {}) =>
  created<Company>(t, '/api/companies', org.cookie, { companyName: 'Acme Recovery', ...body });

async function storedCompany(id: string) {
  const [row] = await t.db.select().from(companies).where(eq(companies.id, id));
  return row;
}

describe('companies CRUD', () => {
  it('creates (201), reads, patches and deletes (204) a company; revenue is a number', async () => {
    const res = await call('POST', '/api/companies', owner.cookie, {
      companyName: 'Acme Recovery',
      website: 'https://acme.example.com',
      employeeCount: '1,200',
      estimatedRevenue: '$2,500,000.50',
      techStack: ['Excel'],
      customTags: ['partner'],
      organizationId: other.user.organizationId,
    });
    expect(res.statusCode).toBe(201);
    const company = res.json();
    expect(Object.keys(company).toSorted()).toEqual(
      [
        'id',
        'organizationId',
        'companyName',
        'website',
        'industry',
        'keyContact',
        'employeeCount',
        'estimatedRevenue',
        'hqLocation',
        'companyType',
        'techStack',
        'relationshipStatus',
        'customTags',
        'assignedTo',
        'notes',
        'customFields',
        'isSampleData',
        'createdAt',
        'updatedAt',
      ].toSorted(),
    );
    expect(company).toMatchObject({
      organizationId: owner.user.organizationId,
      relationshipStatus: 'prospect',
      employeeCount: 1200,
      estimatedRevenue: 2500000.5,
      techStack: ['Excel'],
      customTags: ['partner'],
    });
    expect((await storedCompany(company.id)).estimatedRevenue).toBe('2500000.50');
    expect((await call('GET', `/api/companies/${company.id}`, owner.cookie)).json()).toEqual(company);

    const patch = await call('PATCH', `/api/companies/${company.id}`, owner.cookie, {
      relationshipStatus: 'partner',
      estimatedRevenue: '',
      website: '',
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({
      relationshipStatus: 'partner',
      estimatedRevenue: null,
      website: null,
      employeeCount: 1200,
    });

    expect((await call('DELETE', `/api/companies/${company.id}`, owner.cookie)).statusCode).toBe(204);
    const gone = await call('GET', `/api/companies/${company.id}`, owner.cookie);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'Company not found' });
  });

  it('answers every message of the company schema', async () => {
    const res = await call('POST', '/api/companies', owner.cookie, {
      companyName: 'A',
      website: 'javascript:alert(1)',
      employeeCount: 'many',
      estimatedRevenue: 1e13,
      relationshipStatus: 'friend',
      assignedTo: 'Ann',
      customTags: [' '],
    });
    expect(fieldErrors(res)).toEqual(
      expect.arrayContaining([
        { path: 'companyName', message: 'Company name must be at least 2 characters' },
        { path: 'website', message: 'Must be a valid URL' },
        { path: 'employeeCount', message: 'Employee count must be a number' },
        { path: 'estimatedRevenue', message: 'Estimated revenue must be between 0 and 999,999,999,999.99' },
        { path: 'relationshipStatus', message: 'Invalid relationship status' },
        { path: 'assignedTo', message: 'Invalid user ID' },
        { path: 'customTags.0', message: 'Tags cannot be empty' },
      ]),
    );
    expect(res.json().errors).toHaveLength(7);
    expect(
      fieldErrors(
        await call('POST', '/api/companies', owner.cookie, { companyName: 'Ok Co', employeeCount: 1.5 }),
      ),
    ).toEqual([{ path: 'employeeCount', message: 'Employee count must be a whole number' }]);
    expect(
      fieldErrors(
        await call('POST', '/api/companies', owner.cookie, { companyName: 'Ok Co', employeeCount: -1 }),
      ),
    ).toEqual([{ path: 'employeeCount', message: 'Employee count must be between 0 and 2147483647' }]);
    expect(fieldErrors(await call('GET', '/api/companies?relationshipStatus=friend', owner.cookie))).toEqual([
      { path: 'relationshipStatus', message: 'Invalid relationship status' },
    ]);
  });

  it('bounds single-line text at 255 characters', async () => {
    expect(
      fieldErrors(
        await call('POST', '/api/companies', owner.cookie, {
          companyName: 'C'.repeat(20_000),
          hqLocation: 'H'.repeat(256),
        }),
      ),
    ).toEqual([
      { path: 'companyName', message: 'Company name must be at most 255 characters' },
      { path: 'hqLocation', message: 'Headquarters must be at most 255 characters' },
    ]);
  });

  it('takes a bare domain as the https website (stored so, so the link works) and refuses junk', async () => {
    const res = await call('POST', '/api/companies', owner.cookie, {
      companyName: 'Web Test',
      website: 'example.com',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().website).toBe('https://example.com');
    expect((await storedCompany(res.json().id)).website).toBe('https://example.com');
    const patch = await call('PATCH', `/api/companies/${res.json().id}`, owner.cookie, {
      website: 'www.example.com/path',
    });
    expect(patch.json().website).toBe('https://www.example.com/path');
    expect(
      fieldErrors(
        await call('POST', '/api/companies', owner.cookie, { companyName: 'Web Test', website: 'not a url' }),
      ),
    ).toEqual([{ path: 'website', message: 'Must be a valid URL' }]);
  });

  it('links only a user of the caller’s organization', async () => {
    const res = await call('POST', '/api/companies', owner.cookie, {
      companyName: 'Acme',
      assignedTo: other.user.id,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'User not found' });
  });
});

describe('GET /api/companies', () => {
  let org: SignedIn;
  let agent: string;
  const ids: string[] = [];

  beforeAll(async () => {
    org = await organization(t);
    agent = (await memberWith(t, org, {})).id;
    const rows = [
      { companyName: 'Apex Title', industry: 'Title', website: 'https://apex.example.com' },
      { companyName: 'Beacon Law', industry: 'Legal', relationshipStatus: 'partner' },
      { companyName: 'Cedar Bank', industry: 'Finance', relationshipStatus: 'client', assignedTo: agent },
      { companyName: 'Delta Title', industry: 'Title', relationshipStatus: 'competitor' },
      { companyName: 'Elm Realty', website: 'https://elm-homes.example.com', assignedTo: agent },
      { companyName: 'Fir Capital', relationshipStatus: 'dormant' },
      { companyName: 'Grove Partners', relationshipStatus: 'partner' },
    ];
    for (const row of rows) ids.push((await newCompany(org, row)).id);
  });

  const names = async (query: string) => {
    const res = await call('GET', `/api/companies${query}`, org.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().items as { companyName: string }[]).map((c) => c.companyName);
  };

  it('pages with limit 3 without duplicates or gaps', async () => {
    for (const sort of ['', '&sort=companyName', '&sort=-industry']) {
      const seen = await walkPages(t, org.cookie, `/api/companies?x=1${sort}`, 3);
      expect(new Set(seen)).toEqual(new Set(ids));
    }
  });

  it('filters, searches name and website, and sorts', async () => {
    expect(await names('?relationshipStatus=partner&sort=companyName')).toEqual([
      'Beacon Law',
      'Grove Partners',
    ]);
    expect(await names(`?assignedTo=${agent}&sort=-companyName`)).toEqual(['Elm Realty', 'Cedar Bank']);
    expect(await names('?industry=Title&sort=companyName')).toEqual(['Apex Title', 'Delta Title']);
    expect(await names('?search=title&sort=companyName')).toEqual(['Apex Title', 'Delta Title']);
    expect(await names('?search=elm-homes')).toEqual(['Elm Realty']);
    expect(await names('?sort=companyName&limit=1')).toEqual(['Apex Title']);
  });

  it('filters by tags (as tags, tag or customTags; all given) and the created range, in the export too', () =>
    expectSharedListFilters(t, {
      path: '/api/companies',
      table: companies,
      nameField: 'companyName',
      body: (companyName, customTags) => ({ companyName, customTags }),
      tagParams: ['tags', 'tag', 'customTags'],
    }));
});

describe('company permissions, tenancy, bulk and export', () => {
  it('403 without the permission; 404 and unchanged for another organization’s company', async () => {
    const company = await newCompany(owner);
    const noRead = await memberWith(t, owner, { companies: { read: false } });
    expect((await call('GET', '/api/companies', noRead.cookie)).statusCode).toBe(403);
    expect((await call('GET', `/api/companies/${company.id}`, noRead.cookie)).statusCode).toBe(403);
    const plain = await memberWith(t, owner, {});
    expect((await call('DELETE', `/api/companies/${company.id}`, plain.cookie)).statusCode).toBe(403);
    const foreign = await newCompany(other, { companyName: 'Foreign Co' });
    expect((await call('GET', `/api/companies/${foreign.id}`, owner.cookie)).statusCode).toBe(404);
    expect(
      (await call('PATCH', `/api/companies/${foreign.id}`, owner.cookie, { companyName: 'Mine' })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/companies/${foreign.id}`, owner.cookie)).statusCode).toBe(404);
    expect(await storedCompany(foreign.id)).toMatchObject({ companyName: 'Foreign Co' });
  });

  it('bulk actions use customTags and touch only the caller’s rows', async () => {
    const org = await organization(t);
    const mine = await newCompany(org, { companyName: 'Mine Co', customTags: ['x'] });
    const foreign = await newCompany(other, { companyName: 'Theirs Co', customTags: ['x'] });
    const ids = [mine.id, foreign.id];
    expect(
      (await call('POST', '/api/companies/bulk', org.cookie, { ids, action: 'addTag', tag: 'y' })).json(),
    ).toEqual({
      affected: 1,
    });
    expect(
      (await call('POST', '/api/companies/bulk', org.cookie, { ids, action: 'removeTag', tag: 'x' })).json(),
    ).toEqual({
      affected: 1,
    });
    expect(
      (
        await call('POST', '/api/companies/bulk', org.cookie, {
          ids,
          action: 'update',
          changes: { relationshipStatus: 'client' },
        })
      ).json(),
    ).toEqual({ affected: 1 });
    expect(await storedCompany(mine.id)).toMatchObject({ customTags: ['y'], relationshipStatus: 'client' });
    expect(await storedCompany(foreign.id)).toMatchObject({
      customTags: ['x'],
      relationshipStatus: 'prospect',
    });
    expect((await call('POST', '/api/companies/bulk', org.cookie, { ids, action: 'delete' })).json()).toEqual(
      { affected: 1 },
    );
    expect(await storedCompany(foreign.id)).toBeDefined();
  });

  it('exports companies as CSV with numbers as numbers', async () => {
    const org = await organization(t);
    await newCompany(org, {
      companyName: 'Export Co',
      estimatedRevenue: 1234.5,
      employeeCount: 12,
      techStack: ['A', 'B'],
    });
    const res = await call('GET', '/api/companies/export.csv', org.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="companies-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, row] = parseCsv(res.body);
    expect(row[header.indexOf('companyName')]).toBe('Export Co');
    expect(row[header.indexOf('estimatedRevenue')]).toBe('1234.5');
    expect(row[header.indexOf('employeeCount')]).toBe('12');
    expect(row[header.indexOf('techStack')]).toBe('A; B');
  });
});
