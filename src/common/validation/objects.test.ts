import { describe, expect, it } from 'vitest';
import { objectIconNames } from '../object-icons';
import {
  type CheckableObjectField,
  checkRecordData,
  createDefinitionSchema,
  createRelationshipSchema,
  fieldInputSchema,
} from './objects';
import * as lucide from 'lucide-react';

const fields: CheckableObjectField[] = [
  {
    fieldName: 'share',
    displayName: 'Share',
    fieldType: 'number',
    isRequired: true,
    options: null,
    defaultValue: null,
    validationRules: { max: 100 },
  },
  {
    fieldName: 'status',
    displayName: 'Status',
    fieldType: 'select',
    isRequired: false,
    options: ['Open', 'Closed'],
    defaultValue: 'Open',
    validationRules: null,
  },
];

describe('checkRecordData (shared by the record form, /entity-test and the server)', () => {
  it('coerces valid values, applies defaults and answers one result per field', () => {
    const check = checkRecordData(fields, { share: '12.5' });
    expect(check).toEqual({
      valid: true,
      values: { share: 12.5, status: 'Open' },
      errors: [],
      fields: [
        { fieldName: 'share', valid: true, message: null, value: 12.5 },
        { fieldName: 'status', valid: true, message: null, value: 'Open' },
      ],
      unknown: [],
    });
  });

  it('reports each field with the custom-field messages and unknown keys', () => {
    const check = checkRecordData(fields, { share: 101, status: 'Maybe', colour: 'red' });
    expect(check.valid).toBe(false);
    expect(check.errors).toEqual([
      { path: 'data.share', message: 'Share must be at most 100' },
      { path: 'data.status', message: 'Status must be one of the options' },
      { path: 'data.colour', message: 'Unknown field' },
    ]);
    expect(check.unknown).toEqual(['colour']);
    expect(checkRecordData(fields, {}).errors).toEqual([
      { path: 'data.share', message: 'Share is required' },
    ]);
    expect(checkRecordData(fields, { status: 'Closed' }, { partial: true }).errors).toEqual([]);
  });
});

describe('object schemas', () => {
  it('refuses reserved and malformed types, unknown icons and select fields without options', () => {
    const res = createDefinitionSchema.safeParse({
      entityType: 'leads',
      displayName: 'Heir',
      pluralName: 'Heirs',
      iconName: 'Nope',
    });
    expect(res.error?.issues.map((i) => i.message)).toEqual(['This object type is reserved', 'Unknown icon']);
    const field = fieldInputSchema.safeParse({ displayName: 'Status', fieldType: 'multiselect' });
    expect(field.error?.issues.map((i) => i.message)).toEqual(['Options are required for select fields']);
    const pattern = fieldInputSchema.safeParse({
      displayName: 'Code',
      fieldType: 'text',
      validationRules: { pattern: '(' },
    });
    expect(pattern.error?.issues.map((i) => i.message)).toEqual([
      'Pattern must be a valid regular expression',
    ]);
  });

  it('stores plural related types singular', () => {
    const parsed = createRelationshipSchema.parse({
      entityRecordId: '00000000-0000-4000-8000-000000000001',
      relatedEntityType: 'deals',
      relatedEntityId: '00000000-0000-4000-8000-000000000002',
    });
    expect(parsed.relatedEntityType).toBe('deal');
  });

  it('lists only icons lucide-react has', () => {
    const exported = lucide as unknown as Record<string, unknown>;
    expect(objectIconNames.filter((name) => !exported[name])).toEqual([]);
    expect(objectIconNames.length).toBeGreaterThanOrEqual(40);
  });
});
