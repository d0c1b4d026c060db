import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityRecords, entityRelationships } from '../../db/schema/custom-fields';
import type { SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  type Caller,
  callerOf,
  created,
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

type Json = Record<string, unknown> & { id: string };

/** One field of each type, as the hidden journey defines them. */
const everyType = [
  { fieldName: 'summary', displayName: 'Summary', fieldType: 'text', isRequired: true },
  { fieldName: 'story', displayName: 'Story', fieldType: 'textarea' },
  { fieldName: 'share', displayName: 'Share', fieldType: 'number', validationRules: { min: 0, max: 100 } },
  { fieldName: 'value', displayName: 'Value', fieldType: 'currency' },
  { fieldName: 'born', displayName: 'Born', fieldType: 'date' },
  {
    fieldName: 'status',
    displayName: 'Status',
    fieldType: 'select',
    options: ['Open', 'Closed'],
    defaultValue: 'Open',
  },
  { fieldName: 'roles', displayName: 'Roles', fieldType: 'multiselect', options: ['Heir', 'Owner'] },
  { fieldName: 'deceased', displayName: 'Deceased', fieldType: 'checkbox' },
  { fieldName: 'email', displayName: 'Email', fieldType: 'email' },
  { fieldName: 'phone', displayName: 'Phone', fieldType: 'phone' },
  { fieldName: 'site', displayName: 'Site', fieldType: 'url' },
  {
    fieldName: 'code',
    displayName: 'Code',
    fieldType: 'text',
    validationRules: { pattern: '[A-Z]{2}-\\d+', patternMessage: 'Code looks like AB-12' },
  },
];

let counter = 0;
async function newObject(cookie: string, body: Record<string, unknown> = {}) {
  counter++;
  return created<Json & { entityType: string; fields: Json[] }>(t, '/api/entity-definitions', cookie, {
    entityType: `heir_${counter}`,
    displayName: 'Heir',
    pluralName: 'Heirs',
    fields: everyType,
    ...body,
  });
}

const newRecord = (cookie: string, entityType: string, body: Record<string, unknown> = {}) =>
  created<Json & { data: Record<string, unknown> }>(t, '/api/entity-records', cookie, {
    entityType,
    displayName: 'Ann Heir',
    data: { summary: 'First heir' },
    ...body,
  });

async function storedRecord(id: string) {
  const [row] = await t.db.select().from(entityRecords).where(eq(entityRecords.id, id));
  return row;
}

describe('object definitions', () => {
  it('creates an object with a field of each type (201) and reads it by id and by type', async () => {
    const object = await newObject(owner.cookie, { iconName: 'Users', permissionCategory: 'deals' });
    expect(object).toMatchObject({
      displayName: 'Heir',
      pluralName: 'Heirs',
      iconName: 'Users',
      permissionCategory: 'deals',
      isActive: true,
    });
    expect(object.fields.map((f) => f.fieldName)).toEqual(everyType.map((f) => f.fieldName));
    expect(object.fields[0]).toMatchObject({ section: 'general', isRequired: true, displayOrder: 0 });
    const byType = await call('GET', `/api/entity-definitions/${object.entityType}`, owner.cookie);
    expect(byType.statusCode).toBe(200);
    expect(byType.headers.etag).toBeTruthy();
    expect(byType.json().id).toBe(object.id);
    const list = await call('GET', '/api/entity-definitions', owner.cookie);
    expect(list.json().items.map((d: Json) => d.id)).toContain(object.id);
  });

  it('defaults the icon to Building2 and the category to deals; refuses bad input with messages', async () => {
    const plain = await newObject(owner.cookie, { fields: [] });
    expect(plain).toMatchObject({ iconName: 'Building2', permissionCategory: 'deals' });
    // Loaded with its fields in one left join: an object without fields still answers.
    const read = await call('GET', `/api/entity-definitions/${plain.entityType}`, owner.cookie);
    expect(read.json()).toMatchObject({ id: plain.id, fields: [] });
    const bad = await call('POST', '/api/entity-definitions', owner.cookie, {
      entityType: 'Bad Type',
      displayName: 'H',
      pluralName: 'X',
      iconName: 'NotAnIcon',
      fields: [{ fieldName: '1x', displayName: 'S', fieldType: 'select' }],
    });
    expect(fieldErrors(bad)).toEqual(
      expect.arrayContaining([
        {
          path: 'entityType',
          message:
            'Object type must start with a letter and use only lowercase letters, numbers and underscores',
        },
        { path: 'displayName', message: 'Display name must be at least 2 characters' },
        { path: 'pluralName', message: 'Plural name must be at least 2 characters' },
        { path: 'iconName', message: 'Unknown icon' },
        {
          path: 'fields.0.fieldName',
          message: 'Field name must start with a letter and use only letters, numbers and underscores',
        },
        { path: 'fields.0.options', message: 'Options are required for select fields' },
      ]),
    );
    const reserved = await call('POST', '/api/entity-definitions', owner.cookie, {
      entityType: 'deals',
      displayName: 'Deals',
      pluralName: 'Deals',
    });
    expect(fieldErrors(reserved)).toEqual([{ path: 'entityType', message: 'This object type is reserved' }]);
    const duplicate = await call('POST', '/api/entity-definitions', owner.cookie, {
      entityType: plain.entityType,
      displayName: 'Again',
      pluralName: 'Agains',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('An object with this type already exists');
    const sameName = await call('POST', '/api/entity-definitions', owner.cookie, {
      entityType: 'twice',
      displayName: 'Twice',
      pluralName: 'Twices',
      fields: [
        { fieldName: 'a', displayName: 'A', fieldType: 'text' },
        { fieldName: 'a', displayName: 'A again', fieldType: 'text' },
      ],
    });
    expect(fieldErrors(sameName)).toEqual([
      { path: 'fields.1.fieldName', message: 'A field with this name already exists' },
    ]);
    // The other organization may use the same type.
    expect((await newObject(other.cookie, { entityType: plain.entityType, fields: [] })).entityType).toBe(
      plain.entityType,
    );
  });

  it('refuses a default value its field would refuse', async () => {
    const res = await call('POST', '/api/entity-definitions', owner.cookie, {
      entityType: 'bad_default',
      displayName: 'Bad default',
      pluralName: 'Bad defaults',
      fields: [{ fieldName: 'n', displayName: 'N', fieldType: 'number', defaultValue: 'many' }],
    });
    expect(fieldErrors(res)).toEqual([
      { path: 'fields.0.defaultValue', message: 'Default value must be a number' },
    ]);
  });

  it('updates with a version, deactivates without losing records, deletes with records and relationships', async () => {
    const object = await newObject(owner.cookie);
    const record = await newRecord(owner.cookie, object.entityType);
    const read = await call('GET', `/api/entity-definitions/${object.id}`, owner.cookie);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/entity-definitions/${object.id}`,
      headers: { cookie: owner.cookie, 'if-match': read.headers.etag as string },
      payload: { isActive: false, displayName: 'Heir person' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ isActive: false, displayName: 'Heir person' });
    const stale = await t.app.inject({
      method: 'PATCH',
      url: `/api/entity-definitions/${object.id}`,
      headers: { cookie: owner.cookie, 'if-match': read.headers.etag as string },
      payload: { isActive: true },
    });
    expect(stale.statusCode).toBe(409);
    const active = await call('GET', '/api/entity-definitions', owner.cookie);
    expect(active.json().items.map((d: Json) => d.id)).not.toContain(object.id);
    const all = await call('GET', '/api/entity-definitions?includeInactive=true', owner.cookie);
    expect(all.json().items.find((d: Json) => d.id === object.id)).toMatchObject({ recordCount: 1 });
    expect((await call('GET', `/api/entity-records/${record.id}`, owner.cookie)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/entity-definitions/${object.id}`, owner.cookie)).statusCode).toBe(204);
    expect(await storedRecord(record.id)).toBeUndefined();
    expect((await call('GET', `/api/entity-definitions/${object.id}`, owner.cookie)).statusCode).toBe(404);
  });

  it('answers 404 for another organization’s object and changes nothing; 403 without settings:manage', async () => {
    const foreign = await newObject(other.cookie);
    for (const [method, url, body] of [
      ['GET', `/api/entity-definitions/${foreign.id}`],
      ['PATCH', `/api/entity-definitions/${foreign.id}`, { displayName: 'Taken' }],
      ['DELETE', `/api/entity-definitions/${foreign.id}`],
      ['POST', `/api/entity-definitions/${foreign.id}/validate`, { data: {} }],
      ['GET', `/api/entity-field-definitions?entityDefinitionId=${foreign.id}`],
      [
        'POST',
        '/api/entity-field-definitions',
        { entityDefinitionId: foreign.id, displayName: 'X', fieldType: 'text' },
      ],
      ['PATCH', `/api/entity-field-definitions/${foreign.fields[0].id}`, { displayName: 'Taken' }],
      ['DELETE', `/api/entity-field-definitions/${foreign.fields[0].id}`],
      ['GET', `/api/entity-records?entityType=${foreign.entityType}`],
    ] as const) {
      const res = await call(method, url, owner.cookie, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const still = await call('GET', `/api/entity-definitions/${foreign.id}`, other.cookie);
    expect(still.json()).toMatchObject({ displayName: 'Heir' });
    expect(still.json().fields).toHaveLength(everyType.length);
    const plain = await memberWith(t, owner, {});
    expect((await call('GET', '/api/entity-definitions', plain.cookie)).statusCode).toBe(200);
    expect(
      (
        await call('POST', '/api/entity-definitions', plain.cookie, {
          entityType: 'x',
          displayName: 'Xx',
          pluralName: 'Xs',
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('field definitions', () => {
  it('adds, renames, reorders and deletes fields; at most 500 per object', async () => {
    const object = await newObject(owner.cookie, { fields: [] });
    const a = await created<Json>(t, '/api/entity-field-definitions', owner.cookie, {
      entityDefinitionId: object.id,
      displayName: 'Case number',
      fieldType: 'text',
    });
    expect(a).toMatchObject({ fieldName: 'caseNumber', section: 'general', displayOrder: 0 });
    const b = await created<Json>(t, '/api/entity-field-definitions', owner.cookie, {
      entityDefinitionId: object.id,
      fieldName: 'court',
      displayName: 'Court',
      fieldType: 'text',
    });
    const dup = await call('POST', '/api/entity-field-definitions', owner.cookie, {
      entityDefinitionId: object.id,
      fieldName: 'court',
      displayName: 'Court',
      fieldType: 'text',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A field with this name already exists');
    const record = await newRecord(owner.cookie, object.entityType, {
      data: { caseNumber: 'CV-1', court: 'Dade' },
    });
    const renamed = await call('PATCH', `/api/entity-field-definitions/${a.id}`, owner.cookie, {
      fieldName: 'caseNo',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await storedRecord(record.id)).data).toEqual({ caseNo: 'CV-1', court: 'Dade' });
    const reordered = await call('POST', '/api/entity-field-definitions/reorder', owner.cookie, {
      entityDefinitionId: object.id,
      ids: [b.id, a.id],
    });
    expect(reordered.json().items.map((f: Json) => f.fieldName)).toEqual(['court', 'caseNo']);
    expect((await call('DELETE', `/api/entity-field-definitions/${b.id}`, owner.cookie)).statusCode).toBe(
      204,
    );
    expect((await storedRecord(record.id)).data).toEqual({ caseNo: 'CV-1' });
    expect((await storedRecord(record.id)).searchText).not.toContain('dade');

    const fields = Array.from({ length: 500 }, (_, i) => ({
      fieldName: `f${i}`,
      displayName: `F ${i}`,
      fieldType: 'text',
    }));
    const big = await newObject(owner.cookie, { fields });
    expect(big.fields).toHaveLength(500);
    const more = await call('POST', '/api/entity-field-definitions', owner.cookie, {
      entityDefinitionId: big.id,
      displayName: 'One more',
      fieldType: 'text',
    });
    expect(fieldErrors(more)).toEqual([
      { path: 'entityDefinitionId', message: 'An object can have at most 500 fields' },
    ]);
    const tooMany = await call('POST', '/api/entity-definitions', owner.cookie, {
      entityType: 'too_many',
      displayName: 'Too many',
      pluralName: 'Too many',
      fields: [...fields, { fieldName: 'extra', displayName: 'Extra', fieldType: 'text' }],
    });
    expect(fieldErrors(tooMany)).toEqual([
      { path: 'fields', message: 'An object can have at most 500 fields' },
    ]);
  });

  it('migrates stored values when a field changes after records exist', async () => {
    const object = await newObject(owner.cookie);
    const field = (name: string) => object.fields.find((f) => f.fieldName === name) as Json;
    const one = await newRecord(owner.cookie, object.entityType, {
      data: { summary: '12', status: 'Closed', roles: ['Heir', 'Owner'] },
    });
    const two = await newRecord(owner.cookie, object.entityType, {
      displayName: 'Bob',
      data: { summary: 'twelve', status: 'Open', roles: ['Owner'] },
    });
    // Type change: values that convert are converted, the rest cleared, and the answer says how many.
    const toNumber = await call(
      'PATCH',
      `/api/entity-field-definitions/${field('summary').id}`,
      owner.cookie,
      {
        fieldType: 'number',
      },
    );
    expect(toNumber.statusCode, toNumber.body).toBe(200);
    expect(toNumber.json()).toMatchObject({ fieldType: 'number', migration: { converted: 1, cleared: 1 } });
    expect((await storedRecord(one.id)).data.summary).toBe(12);
    expect((await storedRecord(two.id)).data).not.toHaveProperty('summary');
    // An option removed: the value is cleared from the records holding it.
    const options = await call('PATCH', `/api/entity-field-definitions/${field('status').id}`, owner.cookie, {
      options: ['Open'],
    });
    expect(options.json()).toMatchObject({ migration: { converted: 0, cleared: 1 } });
    expect((await storedRecord(one.id)).data).not.toHaveProperty('status');
    expect((await storedRecord(two.id)).data.status).toBe('Open');
    // A select with a default must keep the default among its options.
    const badDefault = await call(
      'PATCH',
      `/api/entity-field-definitions/${field('status').id}`,
      owner.cookie,
      {
        options: ['Closed'],
      },
    );
    expect(fieldErrors(badDefault)).toEqual([
      { path: 'defaultValue', message: 'Default value must be one of the options' },
    ]);
    // multiselect → text joins the values.
    const toText = await call('PATCH', `/api/entity-field-definitions/${field('roles').id}`, owner.cookie, {
      fieldType: 'text',
    });
    expect(toText.json().migration).toEqual({ converted: 2, cleared: 0 });
    expect((await storedRecord(one.id)).data.roles).toBe('Heir, Owner');
    expect((await storedRecord(one.id)).searchText).toContain('heir, owner');
    // Made required: allowed; it bites on the record's next save of data.
    const required = await call('PATCH', `/api/entity-field-definitions/${field('email').id}`, owner.cookie, {
      isRequired: true,
    });
    expect(required.json()).toMatchObject({ isRequired: true, migration: { converted: 0, cleared: 0 } });
    expect(
      (await call('PATCH', `/api/entity-records/${two.id}`, owner.cookie, { notes: 'ok' })).statusCode,
    ).toBe(200);
    const save = await call('PATCH', `/api/entity-records/${two.id}`, owner.cookie, { data: { story: 'x' } });
    expect(fieldErrors(save)).toEqual(
      expect.arrayContaining([{ path: 'data.email', message: 'Email is required' }]),
    );
  });
});

describe('records: data validation', () => {
  let type: string;
  beforeAll(async () => {
    type = (await newObject(owner.cookie)).entityType;
  });

  it('stores valid values of each type, coerced, with defaults', async () => {
    const record = await newRecord(owner.cookie, type, {
      data: {
        summary: ' Heir one ',
        story: 'Long story',
        share: '25.5',
        value: 1234.567,
        born: '1950-02-03',
        roles: ['Heir'],
        deceased: true,
        email: 'ann@example.com',
        phone: '(555) 010-0100',
        site: 'https://example.com',
        code: 'AB-12',
      },
      tags: ['vip'],
    });
    expect(record.data).toEqual({
      summary: 'Heir one',
      story: 'Long story',
      share: 25.5,
      value: 1234.57,
      born: '1950-02-03',
      status: 'Open',
      roles: ['Heir'],
      deceased: true,
      email: 'ann@example.com',
      phone: '(555) 010-0100',
      site: 'https://example.com',
      code: 'AB-12',
    });
    expect(record).toMatchObject({
      entityType: type,
      displayName: 'Ann Heir',
      isActive: true,
      tags: ['vip'],
    });
    const searchText = (await storedRecord(record.id)).searchText;
    expect(searchText.startsWith('ann heir ')).toBe(true);
    for (const part of ['heir one', 'long story', 'open', 'ann@example.com', 'ab-12'])
      expect(searchText).toContain(part);
    expect(searchText).not.toContain('25.5');
  });

  it('refuses invalid values, unknown keys and a missing name with the custom-field messages', async () => {
    const res = await call('POST', '/api/entity-records', owner.cookie, {
      entityType: type,
      displayName: '',
      data: {
        summary: '',
        share: 'lots',
        value: 'x',
        born: '2020-13-45',
        status: 'Maybe',
        roles: ['Cousin'],
        deceased: 'yes',
        email: 'nope',
        phone: '12',
        site: 'ftp://x',
        code: 'ab',
        nickname: 'Annie',
      },
    });
    expect(fieldErrors(res)).toEqual([{ path: 'displayName', message: 'Name is required' }]);
    const data = await call('POST', '/api/entity-records', owner.cookie, {
      entityType: type,
      displayName: 'Bad',
      data: {
        summary: '',
        share: 'lots',
        value: 'x',
        born: '2020-13-45',
        status: 'Maybe',
        roles: ['Cousin'],
        deceased: 'yes',
        email: 'nope',
        phone: '12',
        site: 'ftp://x',
        code: 'ab',
        nickname: 'Annie',
      },
    });
    expect(fieldErrors(data)).toEqual([
      { path: 'data.summary', message: 'Summary is required' },
      { path: 'data.share', message: 'Share must be a number' },
      { path: 'data.value', message: 'Value must be a number' },
      { path: 'data.born', message: 'Born must be a valid date' },
      { path: 'data.status', message: 'Status must be one of the options' },
      { path: 'data.roles', message: 'Roles can only contain the listed options' },
      { path: 'data.deceased', message: 'Deceased must be true or false' },
      { path: 'data.email', message: 'Email must be a valid email address' },
      { path: 'data.phone', message: 'Phone must be a valid phone number' },
      { path: 'data.site', message: 'Site must be a valid URL' },
      { path: 'data.code', message: 'Code looks like AB-12' },
      { path: 'data.nickname', message: 'Unknown field' },
    ]);
    const range = await call('POST', '/api/entity-records', owner.cookie, {
      entityType: type,
      displayName: 'Range',
      data: { summary: 'x', share: 101 },
    });
    expect(fieldErrors(range)).toEqual([{ path: 'data.share', message: 'Share must be at most 100' }]);
    const wrongShape = await call('POST', '/api/entity-records', owner.cookie, {
      entityType: type,
      displayName: 'Shape',
      data: ['x'],
    });
    expect(fieldErrors(wrongShape)).toEqual([{ path: 'data', message: 'Data must be an object' }]);
    expect(
      (await call('POST', '/api/entity-records', owner.cookie, { entityType: 'nothing', displayName: 'X' }))
        .statusCode,
    ).toBe(404);
  });

  it('validates typed input without storing it (/entity-test)', async () => {
    const res = await call('POST', `/api/entity-definitions/${type}/validate`, owner.cookie, {
      data: { summary: 'ok', share: 'x', extra: 1 },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.valid).toBe(false);
    expect(body.unknown).toEqual(['extra']);
    expect(body.fields.find((f: Json) => f.fieldName === 'share')).toEqual({
      fieldName: 'share',
      valid: false,
      message: 'Share must be a number',
      value: 'x',
    });
    expect(body.fields.find((f: Json) => f.fieldName === 'status')).toEqual({
      fieldName: 'status',
      valid: true,
      message: null,
      value: 'Open',
    });
  });

  it('PATCHes with a version: data keys replace, others stay; a stale version is 409', async () => {
    const record = await newRecord(owner.cookie, type, { data: { summary: 'a', share: 1 } });
    const read = await call('GET', `/api/entity-records/${record.id}`, owner.cookie);
    expect(read.json().relationships).toEqual([]);
    const patch = (body: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/entity-records/${record.id}`,
        headers: { cookie: owner.cookie, 'if-match': read.headers.etag as string },
        payload: body as Record<string, unknown>,
      });
    const first = await patch({ data: { share: '2', born: '' }, displayName: 'Renamed' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      displayName: 'Renamed',
      data: { summary: 'a', share: 2, status: 'Open' },
    });
    expect((await patch({ notes: 'late' })).statusCode).toBe(409);
    expect((await storedRecord(record.id)).searchText).toContain('renamed');
  });
});

describe('records: list, filters, search, sort, export', () => {
  let type: string;
  beforeAll(async () => {
    type = (await newObject(owner.cookie)).entityType;
    const rows = [
      {
        displayName: 'Charlie',
        data: { summary: 'Dade county parcel', share: 10, born: '1940-01-01', roles: ['Heir'] },
      },
      {
        displayName: 'alice',
        data: { summary: 'Broward', share: 2, born: '1960-05-05', roles: ['Heir', 'Owner'], deceased: true },
      },
      {
        displayName: 'Bob',
        data: { summary: 'Palm Beach', share: 30, status: 'Closed', born: '1950-03-03' },
        tags: ['vip'],
      },
      { displayName: 'dave', data: { summary: 'Dade again' }, isActive: false },
    ];
    for (const row of rows) await newRecord(owner.cookie, type, row);
  });

  const names = async (query: string) => {
    const res = await call('GET', `/api/entity-records?entityType=${type}&${query}`, owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items.map((r: Json) => r.displayName);
  };

  it('sorts by name (ignoring case), by a number field and by a date field', async () => {
    expect(await names('sort=displayName')).toEqual(['alice', 'Bob', 'Charlie', 'dave']);
    expect(await names('sort=-displayName')).toEqual(['dave', 'Charlie', 'Bob', 'alice']);
    expect(await names('sort=share')).toEqual(['alice', 'Charlie', 'Bob', 'dave']);
    expect(await names('sort=-share')).toEqual(['dave', 'Bob', 'Charlie', 'alice']);
    expect(await names('sort=born')).toEqual(['Charlie', 'Bob', 'alice', 'dave']);
    const bad = await call('GET', `/api/entity-records?entityType=${type}&sort=nope`, owner.cookie);
    expect(bad.statusCode).toBe(400);
  });

  it('pages with keyset cursors under every sort', async () => {
    for (const sort of ['displayName', '-createdAt', 'share', '-share', 'born', 'updatedAt']) {
      const ids = await walkPages(t, owner.cookie, `/api/entity-records?entityType=${type}&sort=${sort}`, 1);
      expect(ids).toHaveLength(4);
    }
  });

  it('filters by field (equality, contains, ranges), tag, isActive and searches', async () => {
    expect(await names('sort=displayName&status=Closed')).toEqual(['Bob']);
    expect(await names('sort=displayName&status=Open')).toEqual(['alice', 'Charlie', 'dave']);
    expect(await names('sort=displayName&roles=Owner')).toEqual(['alice']);
    expect(await names('sort=displayName&share=10')).toEqual(['Charlie']);
    expect(await names('sort=displayName&shareFrom=5&shareTo=30')).toEqual(['Bob', 'Charlie']);
    expect(await names('sort=displayName&bornFrom=1945-01-01&bornTo=1955-12-31')).toEqual(['Bob']);
    expect(await names('sort=displayName&deceased=true')).toEqual(['alice']);
    expect(await names('sort=displayName&deceased=false')).toEqual(['Bob', 'Charlie', 'dave']);
    expect(await names('sort=displayName&tag=vip')).toEqual(['Bob']);
    expect(await names('sort=displayName&isActive=false')).toEqual(['dave']);
    expect(await names('sort=displayName&search=DADE')).toEqual(['Charlie', 'dave']);
    expect(await names('sort=displayName&search=ali')).toEqual(['alice']);
    const unknown = await call('GET', `/api/entity-records?entityType=${type}&colour=red`, owner.cookie);
    expect(fieldErrors(unknown)).toEqual([{ path: 'colour', message: 'Unknown filter "colour"' }]);
    const badNumber = await call(
      'GET',
      `/api/entity-records?entityType=${type}&shareFrom=lots`,
      owner.cookie,
    );
    expect(fieldErrors(badNumber)).toEqual([{ path: 'shareFrom', message: 'Share must be a number' }]);
    expect((await call('GET', '/api/entity-records?entityType=missing', owner.cookie)).statusCode).toBe(404);
  });

  it('exports the filtered list as CSV: Name, each field, Tags, Notes, Created', async () => {
    const res = await call(
      'GET',
      `/api/entity-records/export.csv?entityType=${type}&sort=displayName&isActive=true`,
      owner.cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual(['Name', ...everyType.map((f) => f.displayName), 'Tags', 'Notes', 'Created']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['alice', 'Bob', 'Charlie']);
    expect(rows[1][7]).toBe('Heir, Owner');
  });

  it('bulk: tags, deactivates and deletes only this object’s records', async () => {
    const bulkType = (await newObject(owner.cookie)).entityType;
    const a = await newRecord(owner.cookie, bulkType, { displayName: 'One' });
    const b = await newRecord(owner.cookie, bulkType, { displayName: 'Two' });
    const elsewhere = await newRecord(owner.cookie, type, { displayName: 'Elsewhere' });
    const tag = await call('POST', '/api/entity-records/bulk', owner.cookie, {
      entityType: bulkType,
      ids: [a.id, b.id, elsewhere.id],
      action: 'addTag',
      tag: 'batch',
    });
    expect(tag.statusCode, tag.body).toBe(200);
    expect((await storedRecord(a.id)).tags).toEqual(['batch']);
    expect((await storedRecord(elsewhere.id)).tags).toEqual([]);
    const off = await call('POST', '/api/entity-records/bulk', owner.cookie, {
      entityType: bulkType,
      filter: { search: 'two' },
      action: 'update',
      changes: { isActive: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await storedRecord(b.id)).isActive).toBe(false);
    expect((await storedRecord(a.id)).isActive).toBe(true);
    const del = await call('POST', '/api/entity-records/bulk', owner.cookie, {
      entityType: bulkType,
      filter: { summary: 'First heir' },
      action: 'delete',
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(await storedRecord(a.id)).toBeUndefined();
    expect(await storedRecord(elsewhere.id)).toBeDefined();
  });
});

describe('relationships', () => {
  it('relates heirs to a deal and reads both sides; refuses foreign, deleted and duplicate targets', async () => {
    const heirs = await newObject(owner.cookie, { entityType: 'heirs', fields: [] });
    const deal = await created<Json>(t, '/api/deals', owner.cookie, {
      dealName: 'Smith surplus',
      stage: 'proposal',
    });
    const ann = await newRecord(owner.cookie, heirs.entityType, { displayName: 'Ann', data: {} });
    const ben = await newRecord(owner.cookie, heirs.entityType, { displayName: 'Ben', data: {} });
    for (const heir of [ann, ben]) {
      const res = await call('POST', '/api/entity-relationships', owner.cookie, {
        entityRecordId: heir.id,
        relatedEntityType: 'deals',
        relatedEntityId: deal.id,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        relatedEntityType: 'deal',
        relationshipType: 'primary',
        record: { id: heir.id, entityType: 'heirs', objectDisplayName: 'Heir', iconName: 'Building2' },
        related: { type: 'deal', id: deal.id, name: 'Smith surplus', path: `/deals/${deal.id}` },
      });
    }
    const dealSide = await call(
      'GET',
      `/api/entity-relationships?relatedEntityType=deal&relatedEntityId=${deal.id}`,
      owner.cookie,
    );
    expect(dealSide.statusCode, dealSide.body).toBe(200);
    expect(dealSide.json().items.map((r: Json & { record: Json }) => r.record.displayName)).toEqual([
      'Ann',
      'Ben',
    ]);
    const heirSide = await call('GET', `/api/entity-records/${ann.id}`, owner.cookie);
    expect(heirSide.json().relationships).toHaveLength(1);
    expect(heirSide.json().relationships[0].related.name).toBe('Smith surplus');
    const related = await call(
      'GET',
      `/api/entity-records?entityType=heirs&relatedEntityType=deal&relatedEntityId=${deal.id}&sort=displayName`,
      owner.cookie,
    );
    expect(related.json().items.map((r: Json) => r.displayName)).toEqual(['Ann', 'Ben']);

    const again = await call('POST', '/api/entity-relationships', owner.cookie, {
      entityRecordId: ann.id,
      relatedEntityType: 'deal',
      relatedEntityId: deal.id,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('These records are already related');
    const foreignDeal = await created<Json>(t, '/api/deals', other.cookie, {
      dealName: 'Not yours',
      stage: 'proposal',
    });
    for (const target of [foreignDeal.id, foreignUuid]) {
      const res = await call('POST', '/api/entity-relationships', owner.cookie, {
        entityRecordId: ann.id,
        relatedEntityType: 'deal',
        relatedEntityId: target,
      });
      expect(fieldErrors(res)).toEqual([{ path: 'relatedEntityId', message: 'Related record not found' }]);
    }
    // A deleted deal takes its relationships with it.
    expect((await call('DELETE', `/api/deals/${deal.id}`, owner.cookie)).statusCode).toBe(204);
    const after = await call('GET', `/api/entity-relationships?entityRecordId=${ann.id}`, owner.cookie);
    expect(after.json().items).toEqual([]);
    const deleted = await call('POST', '/api/entity-relationships', owner.cookie, {
      entityRecordId: ann.id,
      relatedEntityType: 'deal',
      relatedEntityId: deal.id,
    });
    expect(fieldErrors(deleted)).toEqual([{ path: 'relatedEntityId', message: 'Related record not found' }]);
    // Record to record, shown from both records; a deleted record's relationships go with it.
    const link = await call('POST', '/api/entity-relationships', owner.cookie, {
      entityRecordId: ann.id,
      relatedEntityType: 'entity_record',
      relatedEntityId: ben.id,
      relationshipType: 'sibling',
    });
    expect(link.statusCode).toBe(201);
    const fromBen = await call('GET', `/api/entity-relationships?entityRecordId=${ben.id}`, owner.cookie);
    expect(fromBen.json().items.map((r: Json) => r.relationshipType)).toEqual(['sibling']);
    expect((await call('DELETE', `/api/entity-records/${ben.id}`, owner.cookie)).statusCode).toBe(204);
    expect(
      (await call('GET', `/api/entity-relationships?entityRecordId=${ann.id}`, owner.cookie)).json().items,
    ).toEqual([]);
  });

  it('pages many relationships on one record', async () => {
    const object = await newObject(owner.cookie, { fields: [] });
    const hub = await newRecord(owner.cookie, object.entityType, { data: {} });
    const leadIds: string[] = [];
    for (let i = 0; i < 7; i++) {
      leadIds.push((await created<Json>(t, '/api/leads', owner.cookie, { fullName: `Lead ${i}` })).id);
    }
    for (const id of leadIds) {
      await created(t, '/api/entity-relationships', owner.cookie, {
        entityRecordId: hub.id,
        relatedEntityType: 'lead',
        relatedEntityId: id,
      });
    }
    const seen = await walkPages(t, owner.cookie, `/api/entity-relationships?entityRecordId=${hub.id}`, 3);
    expect(seen).toHaveLength(7);
    // A deleted lead takes its relationship with it.
    expect((await call('DELETE', `/api/leads/${leadIds[0]}`, owner.cookie)).statusCode).toBe(204);
    expect(
      (await call('GET', `/api/entity-relationships?entityRecordId=${hub.id}`, owner.cookie)).json().total,
    ).toBe(6);
  });
});

describe('10,000 relationships on one record', () => {
  it('page a few hundred at a time; the record page shows the first 200', async () => {
    const object = await newObject(owner.cookie, { fields: [] });
    const hub = await newRecord(owner.cookie, object.entityType, { displayName: 'Hub', data: {} });
    const orgId = owner.user.organizationId;
    const related: string[] = [];
    for (let start = 0; start < 10_000; start += 2000) {
      const rows = await t.db
        .insert(entityRecords)
        .values(
          Array.from({ length: 2000 }, (_, i) => ({
            organizationId: orgId,
            entityType: object.entityType,
            displayName: `Related ${start + i}`,
          })),
        )
        .returning({ id: entityRecords.id });
      related.push(...rows.map((row) => row.id));
    }
    for (let start = 0; start < related.length; start += 2000) {
      await t.db.insert(entityRelationships).values(
        related.slice(start, start + 2000).map((id) => ({
          organizationId: orgId,
          entityRecordId: hub.id,
          relatedEntityType: 'entity_record',
          relatedEntityId: id,
        })),
      );
    }
    const first = await call(
      'GET',
      `/api/entity-relationships?entityRecordId=${hub.id}&limit=200`,
      owner.cookie,
    );
    expect(first.statusCode).toBe(200);
    expect(first.json().items).toHaveLength(200);
    expect(first.json().total).toBe(10_000);
    const second = await call(
      'GET',
      `/api/entity-relationships?entityRecordId=${hub.id}&limit=200&cursor=${first.json().nextCursor}`,
      owner.cookie,
    );
    expect(second.json().items).toHaveLength(200);
    const firstIds = new Set(first.json().items.map((r: Json) => r.id));
    expect(second.json().items.some((r: Json) => firstIds.has(r.id))).toBe(false);
    // From the other side, a related record lists the hub.
    const back = await call('GET', `/api/entity-relationships?entityRecordId=${related[42]}`, owner.cookie);
    expect(back.json().items.map((r: Json & { record: Json }) => r.record.id)).toEqual([hub.id]);
    const page = await call('GET', `/api/entity-records/${hub.id}`, owner.cookie);
    expect(page.json().relationships).toHaveLength(200);
  }, 120_000);
});

describe('record permissions and tenancy', () => {
  it('follows the object’s permission category: 403 without it, nothing in search or dashboard', async () => {
    const object = await newObject(owner.cookie, { permissionCategory: 'clients', fields: [] });
    const record = await newRecord(owner.cookie, object.entityType, {
      displayName: 'Zebulon Heirloom',
      data: {},
    });
    const noClients = await memberWith(t, owner, {
      clients: { read: false, create: false, update: false, delete: false },
    });
    for (const url of [
      `/api/entity-records?entityType=${object.entityType}`,
      `/api/entity-records/${record.id}`,
      `/api/entity-records/export.csv?entityType=${object.entityType}`,
      `/api/entity-relationships?entityRecordId=${record.id}`,
    ]) {
      expect((await call('GET', url, noClients.cookie)).statusCode, url).toBe(403);
    }
    expect(
      (
        await call('POST', '/api/entity-records', noClients.cookie, {
          entityType: object.entityType,
          displayName: 'X',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('PATCH', `/api/entity-records/${record.id}`, noClients.cookie, { notes: 'x' })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/entity-records/${record.id}`, noClients.cookie)).statusCode).toBe(403);
    const search = await call('GET', '/api/search?q=zebulon', noClients.cookie);
    expect(search.json().results).toEqual([]);
    const found = await call('GET', '/api/search?q=zebulon', owner.cookie);
    expect(found.json().results).toEqual([
      {
        kind: 'entity_record',
        id: record.id,
        title: 'Zebulon Heirloom',
        subtitle: 'Heir',
        entityType: object.entityType,
        url: `/objects/${object.entityType}/${record.id}`,
      },
    ]);
    const mine = await call('GET', '/api/dashboard/summary', owner.cookie);
    expect(mine.json().objects).toEqual(
      expect.arrayContaining([
        { entityType: object.entityType, pluralName: 'Heirs', iconName: 'Building2', count: 1 },
      ]),
    );
    const theirs = await call('GET', '/api/dashboard/summary', noClients.cookie);
    expect((theirs.json().objects ?? []).map((o: Json) => o.entityType)).not.toContain(object.entityType);
    // Deals (the default category) stay readable to them.
    const dealsObject = await newObject(owner.cookie, { fields: [] });
    expect(
      (await call('GET', `/api/entity-records?entityType=${dealsObject.entityType}`, noClients.cookie))
        .statusCode,
    ).toBe(200);
  });

  it('answers 404 for another organization’s records and relationships and changes nothing', async () => {
    const object = await newObject(other.cookie, { fields: [] });
    const record = await newRecord(other.cookie, object.entityType, { displayName: 'Foreign', data: {} });
    const deal = await created<Json>(t, '/api/deals', other.cookie, {
      dealName: 'Foreign deal',
      stage: 'proposal',
    });
    const rel = await created<Json>(t, '/api/entity-relationships', other.cookie, {
      entityRecordId: record.id,
      relatedEntityType: 'deal',
      relatedEntityId: deal.id,
    });
    for (const [method, url, body] of [
      ['GET', `/api/entity-records/${record.id}`],
      ['PATCH', `/api/entity-records/${record.id}`, { displayName: 'Taken' }],
      ['DELETE', `/api/entity-records/${record.id}`],
      ['GET', `/api/entity-relationships?entityRecordId=${record.id}`],
      ['PATCH', `/api/entity-relationships/${rel.id}`, { notes: 'x' }],
      ['DELETE', `/api/entity-relationships/${rel.id}`],
      [
        'POST',
        '/api/entity-relationships',
        { entityRecordId: record.id, relatedEntityType: 'deal', relatedEntityId: deal.id },
      ],
    ] as const) {
      expect((await call(method, url, owner.cookie, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await storedRecord(record.id)).displayName).toBe('Foreign');
    expect(
      (await call('GET', `/api/entity-relationships?entityRecordId=${record.id}`, other.cookie)).json().total,
    ).toBe(1);
  });
});
