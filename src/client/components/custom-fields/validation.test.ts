import { describe, expect, it } from 'vitest';
import { checkCustomFields } from '../../../common/validation/field-values';
import type { CustomFieldDefinition } from './types';
import {
  customFieldDefaults,
  customFieldsSchema,
  toCustomFieldPayload,
  validateCustomFieldValues,
} from './validation';

type Def = Pick<
  CustomFieldDefinition,
  'name' | 'fieldKey' | 'fieldType' | 'isRequired' | 'isVisible' | 'options' | 'defaultValue' | 'validation'
>;

const field = (overrides: Partial<Def> & Pick<Def, 'name' | 'fieldKey' | 'fieldType'>): Def => ({
  isRequired: false,
  isVisible: true,
  options: null,
  defaultValue: null,
  validation: null,
  ...overrides,
});

const fields: Def[] = [
  field({ name: 'Property address', fieldKey: 'propertyAddress', fieldType: 'text', isRequired: true }),
  field({ name: 'State', fieldKey: 'state', fieldType: 'text', validation: { format: 'stateCode' } }),
  field({ name: 'Notes', fieldKey: 'notes', fieldType: 'textarea', validation: { maxLength: 10 } }),
  field({ name: 'Code', fieldKey: 'code', fieldType: 'text', validation: { minLength: 3 } }),
  field({ name: 'Winning bid', fieldKey: 'winningBid', fieldType: 'currency', validation: { min: 0 } }),
  field({ name: 'Locator fee %', fieldKey: 'fee', fieldType: 'number', validation: { min: 0, max: 100 } }),
  field({ name: 'Sale date', fieldKey: 'saleDate', fieldType: 'date' }),
  field({ name: 'Sale type', fieldKey: 'saleType', fieldType: 'select', options: ['Tax deed', 'HOA'] }),
  field({ name: 'Channels', fieldKey: 'channels', fieldType: 'multiselect', options: ['Mail', 'Phone'] }),
  field({ name: 'Heir', fieldKey: 'heir', fieldType: 'checkbox' }),
  field({ name: 'Contact email', fieldKey: 'contactEmail', fieldType: 'email' }),
  field({ name: 'Office phone', fieldKey: 'officePhone', fieldType: 'phone' }),
  field({ name: 'County site', fieldKey: 'countySite', fieldType: 'url' }),
  field({ name: 'Hidden', fieldKey: 'hidden', fieldType: 'text', isRequired: true, isVisible: false }),
  field({
    name: 'Priority',
    fieldKey: 'priority',
    fieldType: 'select',
    options: ['Low', 'High'],
    defaultValue: 'Low',
  }),
];

const messages = (values: Record<string, unknown>) =>
  validateCustomFieldValues(fields, values).map((error) => `${error.path}: ${error.message}`);

describe('custom field client checks', () => {
  it('reports a missing required field with the server message', () => {
    expect(messages({})).toEqual(['customFields.propertyAddress: Property address is required']);
    expect(messages({ propertyAddress: '   ' })).toEqual([
      'customFields.propertyAddress: Property address is required',
    ]);
  });

  it('words each type error as the server does', () => {
    expect(
      messages({
        propertyAddress: '1 Main St',
        state: 'QQ',
        notes: 'far more than ten characters',
        code: 'ab',
        winningBid: 'lots',
        fee: '140',
        saleDate: '2025-02-30',
        saleType: 'Auction',
        channels: ['Mail', 'Fax'],
        heir: 'maybe',
        contactEmail: 'nope',
        officePhone: '12',
        countySite: 'javascript:alert(1)',
      }),
    ).toEqual([
      'customFields.state: State must be a 2-letter US state code',
      'customFields.notes: Notes must be at most 10 characters',
      'customFields.code: Code must be at least 3 characters',
      'customFields.winningBid: Winning bid must be a number',
      'customFields.fee: Locator fee % must be at most 100',
      'customFields.saleDate: Sale date must be a valid date',
      'customFields.saleType: Sale type must be one of the options',
      'customFields.channels: Channels can only contain the listed options',
      'customFields.heir: Heir must be true or false',
      'customFields.contactEmail: Contact email must be a valid email address',
      'customFields.officePhone: Office phone must be a valid phone number',
      'customFields.countySite: County site must be a valid URL',
    ]);
  });

  it('accepts well-formed values, money with symbols and a negative-bound check', () => {
    expect(
      messages({
        propertyAddress: '1 Main St',
        state: 'fl',
        winningBid: '$12,500.50',
        fee: '30',
        saleDate: '2025-03-01',
        saleType: 'HOA',
        channels: ['Phone'],
        heir: false,
        contactEmail: 'a@b.co',
        officePhone: '(555) 010-1234',
        countySite: 'https://county.gov/surplus',
      }),
    ).toEqual([]);
    expect(messages({ propertyAddress: 'x', winningBid: '-5' })).toEqual([
      'customFields.winningBid: Winning bid must be at least 0',
    ]);
  });

  it('never asks for a hidden required field', () => {
    expect(messages({ propertyAddress: 'x' }).some((m) => m.includes('Hidden'))).toBe(false);
  });

  it('only checks present keys on a partial update', () => {
    expect(validateCustomFieldValues(fields, { fee: 'x' }, { partial: true })).toEqual([
      { path: 'customFields.fee', fieldKey: 'fee', message: 'Locator fee % must be a number' },
    ]);
  });

  it('gives the same messages as the server for the same values', () => {
    const cases: Record<string, unknown>[] = [
      {},
      { propertyAddress: '' },
      { propertyAddress: 'x', state: 'ABC', winningBid: '1e5', fee: -1, saleDate: 'soon' },
      {
        propertyAddress: 'x',
        saleType: 'Tax deed',
        channels: 'Mail',
        heir: 'true',
        officePhone: '+1 555 010 1234',
      },
      { propertyAddress: 'x', contactEmail: 'user@', countySite: 'ftp://x.org', code: 12 },
      { propertyAddress: 'x', notes: 'a'.repeat(11), priority: 'Medium' },
      // Money a deal value cannot hold, and text past the longest a field keeps.
      { propertyAddress: 'x'.repeat(100_000), winningBid: 1e12, contactEmail: `${'a'.repeat(300)}@x.org` },
    ];
    for (const values of cases) {
      const server = checkCustomFields(fields, values).errors;
      const client = validateCustomFieldValues(fields, values).map(({ path, message }) => ({
        path,
        message,
      }));
      expect(client, JSON.stringify(values)).toEqual(server);
    }
  });
});

describe('customFieldsSchema', () => {
  it('reports errors under customFields.<key> in a form schema', () => {
    const result = customFieldsSchema(fields).safeParse({ winningBid: 'x' });
    expect(result.success).toBe(false);
    const issues = result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toContainEqual(['propertyAddress', 'Property address is required']);
    expect(issues).toContainEqual(['winningBid', 'Winning bid must be a number']);
  });
});

describe('form values', () => {
  it('starts from stored values, else defaults, else empty', () => {
    const defaults = customFieldDefaults(fields, { winningBid: 1250.5, channels: ['Mail'], other: 1 });
    expect(defaults.winningBid).toBe('1250.5');
    expect(defaults.channels).toEqual(['Mail']);
    expect(defaults.heir).toBe(false);
    expect(defaults.priority).toBe('Low');
    expect(defaults.propertyAddress).toBe('');
    expect(defaults.other).toBe(1);
  });

  it('sends numbers, booleans, lists and null for blanks', () => {
    expect(
      toCustomFieldPayload(fields, {
        winningBid: '$1,250.50',
        fee: '',
        heir: true,
        channels: [],
        state: ' fl ',
        untouched: 'kept',
      }),
    ).toEqual({ winningBid: 1250.5, fee: null, heir: true, channels: null, state: 'fl', untouched: 'kept' });
  });
});
