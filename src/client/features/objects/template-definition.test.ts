import { describe, expect, it } from 'vitest';
import type { EntityTemplate } from './api';
import { fieldVerdicts, toRecordData } from './entity-test-model';
import { groupBySection, recordCountLabel } from './object-labels';
import { sortRecords, templateDefinition, templateRecords } from './template-definition';

const template: EntityTemplate = {
  key: 'surplus-heirs',
  industry: 'Surplus Funds Locator',
  entityType: 'heir',
  displayName: 'Heir',
  pluralName: 'Heirs',
  description: 'Heirs of a former owner',
  iconName: 'Users',
  permissionCategory: 'deals',
  fields: [
    {
      fieldName: 'share',
      displayName: 'Share %',
      fieldType: 'number',
      validationRules: { min: 0, max: 100 },
    },
    { fieldName: 'email', displayName: 'Email', fieldType: 'email', section: 'contact' },
    {
      fieldName: 'deceased',
      displayName: 'Deceased',
      fieldType: 'checkbox',
      isRequired: true,
      section: 'contact',
    },
  ],
  sampleRecords: [
    { displayName: 'Ann Pike', data: { share: 50, email: 'ann@example.com' } },
    { displayName: 'Bob Pike', data: { share: 25 } },
    { displayName: 'Cy Pike', data: {} },
  ],
  installed: false,
};

describe('a template as the object it would become', () => {
  it('has its fields in order with the defaults an added object gets', () => {
    const definition = templateDefinition(template);
    expect(definition.fields.map((field) => [field.fieldName, field.displayOrder, field.section])).toEqual([
      ['share', 0, 'general'],
      ['email', 1, 'contact'],
      ['deceased', 2, 'contact'],
    ]);
    expect(definition.fields[0]).toMatchObject({ isRequired: false, options: null, defaultValue: null });
    expect(groupBySection(definition.fields).map((group) => [group.label, group.fields.length])).toEqual([
      ['General', 1],
      ['Contact', 2],
    ]);
  });

  it('shows its samples as records, sorted as the list asks (blanks last)', () => {
    const records = templateRecords(template, '2026-01-01T00:00:00.000Z');
    expect(records.map((record) => record.id)).toEqual([
      'surplus-heirs-1',
      'surplus-heirs-2',
      'surplus-heirs-3',
    ]);
    const byShare = sortRecords(records, { field: 'share', direction: 'asc' });
    expect(byShare.map((record) => record.displayName)).toEqual(['Bob Pike', 'Ann Pike', 'Cy Pike']);
    const byName = sortRecords(records, { field: 'displayName', direction: 'desc' });
    expect(byName.map((record) => record.displayName)).toEqual(['Cy Pike', 'Bob Pike', 'Ann Pike']);
  });
});

describe('the entity-test sandbox', () => {
  const definition = templateDefinition(template);

  it("turns the form's values into data (numbers, ticks, blanks left out)", () => {
    expect(toRecordData(definition, { share: ' 25 ', email: '', deceased: true })).toEqual({
      share: 25,
      deceased: true,
    });
  });

  it("gives each field the shared check's result and compares the server's", () => {
    const data = toRecordData(definition, { share: 'abc', email: 'not-an-email', deceased: false });
    const verdicts = fieldVerdicts(definition.fields, data, null);
    expect(verdicts.map((verdict) => [verdict.fieldName, verdict.browser.message])).toEqual([
      ['share', 'Share % must be a number'],
      ['email', 'Email must be a valid email address'],
      ['deceased', null],
    ]);
    const server = {
      valid: false,
      unknown: [],
      fields: [
        { fieldName: 'share', valid: false, message: 'Share % must be a number', value: 'abc' },
        { fieldName: 'email', valid: true, message: null, value: 'not-an-email' },
      ],
    };
    const compared = fieldVerdicts(definition.fields, data, server);
    expect(compared.map((verdict) => verdict.agree)).toEqual([true, false, null]);
  });

  it('counts records in words', () => {
    expect([
      recordCountLabel(0),
      recordCountLabel(1),
      recordCountLabel(1204),
      recordCountLabel(undefined),
    ]).toEqual(['no records', '1 record', '1,204 records', 'records']);
  });
});
