import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Caller, callerOf, created, organization, parseCsv } from '../leads/test-kit';
import { customFieldCsvValue } from './custom-field-csv-columns';

let t: TestApp;
let call: Caller;

beforeAll(async () => {
  t = await createTestApp();
  call = callerOf(t);
});
afterAll(() => t.close());

interface Entity {
  entityType: 'lead' | 'client' | 'company' | 'deal';
  path: string;
  /** The standard header the record's name is exported under. */
  nameHeader: string;
  body: (name: string, tag: string) => Record<string, unknown>;
}

const entities: Entity[] = [
  {
    entityType: 'lead',
    path: 'leads',
    nameHeader: 'fullName',
    body: (name, tag) => ({ fullName: name, tags: [tag] }),
  },
  {
    entityType: 'client',
    path: 'clients',
    nameHeader: 'displayName',
    body: (name, tag) => ({ displayName: name, tags: [tag] }),
  },
  {
    entityType: 'company',
    path: 'companies',
    nameHeader: 'companyName',
    body: (name, tag) => ({ companyName: name, customTags: [tag] }),
  },
  {
    entityType: 'deal',
    path: 'deals',
    nameHeader: 'dealName',
    body: (name, tag) => ({ dealName: name, stage: 'proposal', tags: [tag] }),
  },
];

/** Fields of several types (names unlike any seeded field), and one the organization hid. */
const fieldBodies = [
  { name: 'Heir tally', fieldKey: 'heirTally', fieldType: 'number' },
  { name: 'Offer amount', fieldKey: 'offerAmount', fieldType: 'currency' },
  { name: 'Filed on', fieldKey: 'filedOn', fieldType: 'date' },
  { name: 'In probate', fieldKey: 'inProbate', fieldType: 'checkbox' },
  { name: 'Channels', fieldKey: 'channels', fieldType: 'multiselect', options: ['Mail', 'Phone', 'Text'] },
  { name: 'Remark', fieldKey: 'remark', fieldType: 'text' },
  { name: 'Back office', fieldKey: 'backOffice', fieldType: 'text', isVisible: false },
];

const fullValues = {
  heirTally: 3,
  offerAmount: 1250.5,
  filedOn: '2025-03-01',
  inProbate: true,
  channels: ['Mail', 'Text'],
  remark: '=HYPERLINK("http://evil")',
  backOffice: 'internal only',
};

/** The organization's visible fields of the entity, in the order the settings show them. */
async function visibleFieldNames(org: SignedIn, entityType: string): Promise<string[]> {
  const res = await call('GET', `/api/custom-fields?entityType=${entityType}`, org.cookie);
  const fields = res.json().items as { name: string; isVisible: boolean }[];
  return fields.filter((field) => field.isVisible).map((field) => field.name);
}

async function exported(org: SignedIn, url: string) {
  const res = await call('GET', url, org.cookie);
  expect(res.statusCode, res.body).toBe(200);
  const [header, ...rows] = parseCsv(res.body);
  return { header, rows, cell: (row: string[], name: string) => row[header.indexOf(name)] };
}

describe.each(entities)('GET /api/$path/export.csv with custom fields', (entity) => {
  let org: SignedIn;

  beforeAll(async () => {
    org = await organization(t);
    for (const body of fieldBodies) {
      await created(t, '/api/custom-fields', org.cookie, { ...body, entityType: entity.entityType });
    }
    await created(t, `/api/${entity.path}`, org.cookie, {
      ...entity.body('Full Record', 'export'),
      customFields: fullValues,
    });
    await created(t, `/api/${entity.path}`, org.cookie, {
      ...entity.body('Sparse Record', 'export'),
      customFields: { inProbate: false },
    });
    await created(t, `/api/${entity.path}`, org.cookie, {
      ...entity.body('Untagged Record', 'other'),
      customFields: { remark: 'not exported when filtered' },
    });
  });

  it('adds a column per visible field, after the standard ones, in the fields’ order, formatted by type', async () => {
    const { header, rows, cell } = await exported(
      org,
      `/api/${entity.path}/export.csv?sort=${entity.nameHeader}`,
    );
    const fieldNames = await visibleFieldNames(org, entity.entityType);
    expect(fieldNames).toEqual(expect.arrayContaining(['Heir tally', 'Channels', 'Remark']));
    expect(fieldNames).not.toContain('Back office');
    expect(header.slice(header.indexOf('updatedAt') + 1)).toEqual(fieldNames);
    expect(header).not.toContain('customFields');

    const byName = new Map(rows.map((row) => [cell(row, entity.nameHeader), row]));
    const full = byName.get('Full Record')!;
    expect(
      ['Heir tally', 'Offer amount', 'Filed on', 'In probate', 'Channels', 'Remark'].map((name) =>
        cell(full, name),
      ),
    ).toEqual(['3', '1250.5', '2025-03-01', 'Yes', 'Mail; Text', '\'=HYPERLINK("http://evil")']);
    const sparse = byName.get('Sparse Record')!;
    expect(
      ['Heir tally', 'Offer amount', 'Filed on', 'In probate', 'Channels', 'Remark'].map((name) =>
        cell(sparse, name),
      ),
    ).toEqual(['', '', '', 'No', '', '']);
    expect(rows.every((row) => row.length === header.length)).toBe(true);
  });

  it('follows a reorder of the fields', async () => {
    const res = await call('GET', `/api/custom-fields?entityType=${entity.entityType}`, org.cookie);
    const ids = (res.json().items as { id: string }[]).map((field) => field.id).toReversed();
    expect((await call('POST', '/api/custom-fields/reorder', org.cookie, { ids })).statusCode).toBe(200);
    const { header } = await exported(org, `/api/${entity.path}/export.csv`);
    const fieldNames = await visibleFieldNames(org, entity.entityType);
    expect(fieldNames.indexOf('Remark')).toBeLessThan(fieldNames.indexOf('Heir tally'));
    expect(header.slice(header.indexOf('updatedAt') + 1)).toEqual(fieldNames);
  });

  it('exports the same rows as the filtered list', async () => {
    const query = 'tags=export&search=record&sort=-createdAt';
    const list = await call('GET', `/api/${entity.path}?${query}`, org.cookie);
    const listIds = (list.json().items as { id: string }[]).map((item) => item.id);
    const { rows, cell } = await exported(org, `/api/${entity.path}/export.csv?${query}`);
    expect(listIds).toHaveLength(2);
    expect(rows.map((row) => cell(row, 'id'))).toEqual(listIds);
    expect(rows.map((row) => cell(row, 'Remark'))).not.toContain('not exported when filtered');
  });
});

const fieldOfType = (fieldType: string) => ({ fieldType, dataType: null });

describe('customFieldCsvValue', () => {
  it.each([
    ['number', '1,250', 1250],
    ['currency', '$1,250.50', 1250.5],
    ['currency', 'n/a', 'n/a'],
    ['date', '2025-03-01T15:00:00Z', '2025-03-01'],
    ['date', 'someday', 'someday'],
    ['checkbox', 'true', 'Yes'],
    ['checkbox', false, 'No'],
    ['multiselect', 'Mail', ['Mail']],
    ['multiselect', [], null],
    ['text', '  ', null],
    ['select', 'Phone', 'Phone'],
  ])('%s %j → %j', (type, value, expected) => {
    expect(customFieldCsvValue(fieldOfType(type), value)).toEqual(expected);
  });
});
