import { describe, expect, it } from 'vitest';
import type { ObjectDefinition, ObjectFieldDefinition } from '../../../common/validation/objects';
import {
  objectDetailDescription,
  objectFormDescription,
  objectRecordPayload,
  objectRecordSchema,
} from './object-record-form';
import { objectRecordType, sectionLabel } from './object-record-type';

let nextId = 0;
function field(
  fieldName: string,
  fieldType: ObjectFieldDefinition['fieldType'],
  more: Partial<ObjectFieldDefinition> = {},
) {
  nextId += 1;
  return {
    id: `f${nextId}`,
    entityDefinitionId: 'd1',
    fieldName,
    displayName: fieldName[0].toUpperCase() + fieldName.slice(1),
    fieldType,
    isRequired: false,
    displayOrder: nextId,
    placeholder: null,
    validationRules: null,
    options: null,
    defaultValue: null,
    helpText: null,
    section: 'general',
    ...more,
  } satisfies ObjectFieldDefinition;
}

const heirs: ObjectDefinition = {
  id: 'd1',
  entityType: 'heirs',
  displayName: 'Heir',
  pluralName: 'Heirs',
  description: 'Heirs of a deceased owner',
  iconName: 'Users',
  displayOrder: 0,
  isActive: true,
  industryTemplate: 'surplus_heirs',
  permissionCategory: 'clients',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  fields: [
    field('relationship', 'select', { options: ['Child', 'Spouse'], isRequired: true }),
    field('share', 'number', { validationRules: { min: 0, max: 100 } }),
    field('deceased', 'checkbox'),
    field('born', 'date', { section: 'personal_details' }),
    field('email', 'email', { section: 'contact' }),
    field('languages', 'multiselect', { options: ['English', 'Spanish'], section: 'contact' }),
  ],
};

describe('a custom object as a record type', () => {
  const type = objectRecordType(heirs, { tags: ['VIP'] });

  it('takes its nouns, list key, paths and permission from the definition', () => {
    expect(type.title).toBe('Heirs');
    expect(type.singular).toBe('Heir');
    expect(type.noun).toEqual({ one: 'heir', other: 'heirs' });
    expect(type.listKey).toBe('objects:heirs');
    expect(type.permission).toBe('clients');
    expect(type.paths.list).toBe('/objects/heirs');
    expect(type.paths.record('r1')).toBe('/objects/heirs/r1');
    expect(type.paths.export).toBe('/api/entity-records/export.csv');
    expect(type.paths.bulk).toBe('/api/entity-records/bulk');
  });

  it('has the name, a column per field (the first four shown) and tags and created', () => {
    expect(type.columns.map((column) => [column.id, column.header, column.defaultHidden ?? false])).toEqual([
      ['name', 'Name', false],
      ['field:relationship', 'Relationship', false],
      ['field:share', 'Share', false],
      ['field:deceased', 'Deceased', false],
      ['field:born', 'Born', false],
      ['field:email', 'Email', true],
      ['field:languages', 'Languages', true],
      ['tags', 'Tags', false],
      ['created', 'Created', false],
    ]);
    const sortOf = (id: string) => type.columns.find((column) => column.id === id)?.sortField;
    expect(sortOf('name')).toBe('displayName');
    expect(sortOf('field:share')).toBe('share');
    // A list of options has no single value to order by.
    expect(sortOf('field:languages')).toBeUndefined();
  });

  it('filters by choice, checkbox and date fields, then tag and active', () => {
    expect(type.filters.map((filter) => [filter.key, filter.kind])).toEqual([
      ['relationship', 'select'],
      ['deceased', 'select'],
      ['bornFrom', 'date'],
      ['bornTo', 'date'],
      ['languages', 'select'],
      ['tag', 'select'],
      ['isActive', 'select'],
    ]);
    expect(type.filters[0].options).toEqual([
      { value: 'Child', label: 'Child' },
      { value: 'Spouse', label: 'Spouse' },
    ]);
    expect(type.filters[1].options?.map((option) => option.value)).toEqual(['true', 'false']);
  });

  it('offers tag as text while the organization has no tags', () => {
    const filters = objectRecordType(heirs).filters;
    expect(filters.find((filter) => filter.key === 'tag')).toMatchObject({ kind: 'text' });
  });

  it('gives the form and the detail page the fields as custom fields, grouped by section', () => {
    const relationship = type.fields.all[0];
    expect(relationship).toMatchObject({
      fieldKey: 'relationship',
      name: 'Relationship',
      fieldType: 'select',
      isRequired: true,
      isVisible: true,
      options: ['Child', 'Spouse'],
      sectionId: null,
    });
    expect(type.fields.all[1].validation).toEqual({ min: 0, max: 100 });
    expect(type.fields.sections.map((section) => section.name)).toEqual(['Personal details', 'Contact']);
    expect(
      type.fields.groups.map((group) => [group.section?.name ?? null, group.fields.map((f) => f.fieldKey)]),
    ).toEqual([
      [null, ['relationship', 'share', 'deceased']],
      ['Personal details', ['born']],
      ['Contact', ['email', 'languages']],
    ]);
  });

  it('names sections from their keys', () => {
    expect(sectionLabel('court_filing')).toBe('Court filing');
    expect(sectionLabel('Contact details')).toBe('Contact details');
  });
});

describe("a custom object's form on the record kit", () => {
  it('has the name and unsectioned fields, each section under its legend, then tags and notes', () => {
    const form = objectFormDescription(heirs);
    expect(form.title).toBe('New heir');
    expect(form.submitLabel).toBe('Create heir');
    expect(
      form.sections.map((section) => [section.legend ?? null, section.fields.map((f) => f.name)]),
    ).toEqual([
      [null, ['displayName', 'data.relationship', 'data.share', 'data.deceased']],
      ['Personal details', ['data.born']],
      ['Contact', ['data.email', 'data.languages']],
      [null, ['tags', 'notes']],
    ]);
    const relationship = form.sections[0].fields[1];
    expect(relationship).toMatchObject({ kind: 'select', required: true, label: 'Relationship' });
    expect(objectFormDescription(heirs, { editing: true }).title).toBe('Edit heir');
  });

  it("checks the fields with the server's messages, on data.<fieldName>", () => {
    const result = objectRecordSchema(heirs.fields).safeParse({
      displayName: '',
      notes: '',
      tags: [],
      data: { relationship: '', share: 'lots', email: 'nope' },
    });
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['displayName', 'Name is required'],
        ['data.relationship', 'Relationship is required'],
        ['data.share', 'Share must be a number'],
        ['data.email', 'Email must be a valid email address'],
      ]),
    );
  });

  it('sends numbers as numbers and ticks as booleans', () => {
    const payload = objectRecordPayload(heirs.fields, {
      displayName: ' Ann Heir ',
      notes: '',
      tags: ['VIP'],
      data: { relationship: 'Child', share: '50', deceased: false, born: '', email: '', languages: [] },
    });
    expect(payload).toMatchObject({ displayName: 'Ann Heir', notes: null, tags: ['VIP'] });
    expect(payload.data).toMatchObject({ relationship: 'Child', share: 50, deceased: false });
  });
});

describe("a custom object's detail page on the record kit", () => {
  it('edits the name, the unsectioned fields and notes under Details, each section in its card, tags apart', () => {
    const detail = objectDetailDescription(heirs);
    expect(detail).toMatchObject({
      singular: 'Heir',
      listHref: '/objects/heirs',
      listLabel: 'Heirs',
      permission: 'clients',
    });
    expect(detail.sections.map((section) => [section.title, section.fields.map((f) => f.name)])).toEqual([
      ['Details', ['displayName', 'data.relationship', 'data.share', 'data.deceased', 'notes']],
      ['Personal details', ['data.born']],
      ['Contact', ['data.email', 'data.languages']],
    ]);
    expect(detail.tagFields.map((field) => field.name)).toEqual(['tags']);
  });
});
