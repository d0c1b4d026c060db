import { describe, expect, it } from 'vitest';
import type { ObjectDefinition, ObjectFieldDefinition } from '../../../common/validation/objects';
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
