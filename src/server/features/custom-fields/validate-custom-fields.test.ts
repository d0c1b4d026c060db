import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganizationOwner, type SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { call } from '../users/test-helpers';
import { checkCustomFields, type FieldDefinition } from '../../../common/validation/field-values';
import { validateCustomFields } from './validate-custom-fields';

const field = (overrides: Partial<FieldDefinition> & { fieldType: string }): FieldDefinition => ({
  name: 'Field',
  fieldKey: 'field',
  isRequired: false,
  isVisible: true,
  options: null,
  defaultValue: null,
  validation: null,
  ...overrides,
});

/** The outcome for one value of one field: the stored value, or the error message. */
function outcome(definition: FieldDefinition, value: unknown) {
  const { values, errors } = checkCustomFields([definition], { [definition.fieldKey]: value });
  return errors.length ? { error: errors[0].message } : { value: values[definition.fieldKey] };
}

describe('checkCustomFields by type', () => {
  const text = field({ name: 'County', fieldKey: 'county', fieldType: 'text' });
  const number = field({
    name: 'Heirs',
    fieldKey: 'heirs',
    fieldType: 'number',
    validation: { min: 0, max: 20 },
  });
  const currency = field({ name: 'Winning bid', fieldKey: 'winningBid', fieldType: 'currency' });
  const date = field({ name: 'Sale date', fieldKey: 'saleDate', fieldType: 'date' });
  const email = field({ name: 'Attorney email', fieldKey: 'attorneyEmail', fieldType: 'email' });
  const url = field({ name: 'Court docket', fieldKey: 'docket', fieldType: 'url' });
  const phone = field({ name: 'Heir phone', fieldKey: 'heirPhone', fieldType: 'phone' });
  const select = field({
    name: 'Sale type',
    fieldKey: 'saleType',
    fieldType: 'select',
    options: ['Tax deed', 'HOA foreclosure'],
  });
  const multi = field({
    name: 'Documents',
    fieldKey: 'documents',
    fieldType: 'multiselect',
    options: ['ID', 'Deed', 'Will'],
  });
  const checkbox = field({ name: 'Deceased owner', fieldKey: 'deceased', fieldType: 'checkbox' });
  const state = field({
    name: 'State',
    fieldKey: 'state',
    fieldType: 'text',
    validation: { format: 'stateCode' },
  });
  const short = field({ name: 'Code', fieldKey: 'code', fieldType: 'text', validation: { maxLength: 3 } });

  it.each([
    [text, '  Hillsborough ', { value: 'Hillsborough' }],
    [text, 33602, { value: '33602' }],
    [text, { a: 1 }, { error: 'County must be text' }],
    [text, 'x'.repeat(1001), { error: 'County must be at most 1000 characters' }],
    [short, 'abcd', { error: 'Code must be at most 3 characters' }],
    [state, 'fl', { value: 'FL' }],
    [state, ' district of columbia ', { value: 'DC' }],
    [state, 'Florida', { value: 'FL' }],
    [state, 'XX', { error: 'State must be a 2-letter US state code' }],
    [state, 'Atlantis', { error: 'State must be a 2-letter US state code' }],
    [number, 3, { value: 3 }],
    [number, '4', { value: 4 }],
    [number, 'four', { error: 'Heirs must be a number' }],
    [number, true, { error: 'Heirs must be a number' }],
    [number, -1, { error: 'Heirs must be at least 0' }],
    [number, 21, { error: 'Heirs must be at most 20' }],
    [currency, '$150,000.456', { value: 150_000.46 }],
    [currency, 1.005, { value: 1.01 }],
    [currency, '12abc', { error: 'Winning bid must be a number' }],
    [date, '2025-03-15', { value: '2025-03-15' }],
    [date, '2025-03-15T10:00:00Z', { value: '2025-03-15' }],
    [date, '03/15/2025', { error: 'Sale date must be a valid date' }],
    [date, '2025-02-30', { error: 'Sale date must be a valid date' }],
    [email, ' heir@example.com ', { value: 'heir@example.com' }],
    [email, 'not-an-email', { error: 'Attorney email must be a valid email address' }],
    [url, 'https://court.example.gov/case/1', { value: 'https://court.example.gov/case/1' }],
    [url, 'javascript:alert(1)', { error: 'Court docket must be a valid URL' }],
    [url, 'court.example.gov', { error: 'Court docket must be a valid URL' }],
    [phone, '(813) 555-0100', { value: '(813) 555-0100' }],
    [phone, '+1 813.555.0100', { value: '+1 813.555.0100' }],
    [phone, '555-01', { error: 'Heir phone must be a valid phone number' }],
    [phone, 'call me', { error: 'Heir phone must be a valid phone number' }],
    [select, 'Tax deed', { value: 'Tax deed' }],
    [select, 'Sheriff sale', { error: 'Sale type must be one of the options' }],
    [select, ['Tax deed'], { error: 'Sale type must be one of the options' }],
    [multi, ['ID', 'Will', 'ID'], { value: ['ID', 'Will'] }],
    [multi, 'Deed', { value: ['Deed'] }],
    [multi, ['ID', 'Passport'], { error: 'Documents can only contain the listed options' }],
    [checkbox, true, { value: true }],
    [checkbox, 'false', { value: false }],
    [checkbox, 'yes', { error: 'Deceased owner must be true or false' }],
  ])('%#: %j', (definition, value, expected) => {
    expect(outcome(definition, value)).toEqual(expected);
  });
});

describe('checkCustomFields rules', () => {
  const required = field({
    name: 'Property address',
    fieldKey: 'propertyAddress',
    fieldType: 'text',
    isRequired: true,
  });
  const hidden = field({
    name: 'Internal code',
    fieldKey: 'internal',
    fieldType: 'text',
    isRequired: true,
    isVisible: false,
  });
  const withDefault = field({ name: 'Fee %', fieldKey: 'fee', fieldType: 'number', defaultValue: '30' });

  it('reports a missing or blank required field as "{name} is required"', () => {
    for (const values of [
      {},
      { propertyAddress: '' },
      { propertyAddress: '   ' },
      { propertyAddress: null },
    ]) {
      expect(checkCustomFields([required], values).errors).toEqual([
        { path: 'customFields.propertyAddress', message: 'Property address is required' },
      ]);
    }
    const multi = field({
      name: 'Docs',
      fieldKey: 'docs',
      fieldType: 'multiselect',
      options: ['A'],
      isRequired: true,
    });
    expect(checkCustomFields([multi], { docs: [] }).errors).toEqual([
      { path: 'customFields.docs', message: 'Docs is required' },
    ]);
  });

  it('never requires a hidden field', () => {
    expect(checkCustomFields([hidden], {}).errors).toEqual([]);
  });

  it('applies defaults to absent keys (not on partial checks), and stores blanks as null', () => {
    expect(checkCustomFields([withDefault], {}).values).toEqual({ fee: 30 });
    expect(checkCustomFields([withDefault], { fee: '' }).values).toEqual({ fee: null });
    expect(checkCustomFields([withDefault], {}, { partial: true }).values).toEqual({});
  });

  it('on a partial check, only reports the keys being changed', () => {
    expect(checkCustomFields([required, withDefault], { fee: 10 }, { partial: true })).toEqual({
      values: { fee: 10 },
      errors: [],
    });
    expect(checkCustomFields([required], { propertyAddress: '' }, { partial: true }).errors).toHaveLength(1);
  });

  it('keeps keys no field defines, and reports every failing field', () => {
    const number = field({ name: 'Heirs', fieldKey: 'heirs', fieldType: 'number' });
    const result = checkCustomFields([required, number], { heirs: 'many', legacyKey: 'kept' });
    expect(result.values.legacyKey).toBe('kept');
    expect(result.errors).toEqual([
      { path: 'customFields.propertyAddress', message: 'Property address is required' },
      { path: 'customFields.heirs', message: 'Heirs must be a number' },
    ]);
    expect(checkCustomFields([], null)).toEqual({ values: {}, errors: [] });
  });
});

describe('validateCustomFields against the organization’s fields', () => {
  let t: TestApp;
  let owner: SignedIn;
  let stranger: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerOrganizationOwner(t.app);
    stranger = await registerOrganizationOwner(t.app, { industrySector: 'Wholesaler' });
  });
  afterAll(() => t.close());

  const ctxOf = (who: SignedIn) => ({ db: t.db, orgId: who.user.organizationId });

  it('checks a surplus deal with the seeded fields', async () => {
    const result = await validateCustomFields(ctxOf(owner), 'deal', {
      propertyAddress: '12 Palm Way',
      state: 'fl',
      saleType: 'Tax deed',
      saleDate: '2025-01-15',
      winningBid: '$150,000',
      totalDebt: 90_000,
      locatorFeePercent: '30',
      surplusAmountOverridden: 'false',
    });
    expect(result.errors).toEqual([]);
    expect(result.values).toEqual({
      propertyAddress: '12 Palm Way',
      state: 'FL',
      saleType: 'Tax deed',
      saleDate: '2025-01-15',
      winningBid: 150_000,
      totalDebt: 90_000,
      locatorFeePercent: 30,
      surplusAmountOverridden: false,
    });
    const bad = await validateCustomFields(ctxOf(owner), 'deal', {
      state: 'ZZ',
      saleType: 'Sheriff sale',
      winningBid: 'a lot',
      locatorFeePercent: 130,
      claimDeadline: 'next week',
    });
    expect(bad.errors).toEqual([
      { path: 'customFields.state', message: 'State must be a 2-letter US state code' },
      { path: 'customFields.saleType', message: 'Sale type must be one of the options' },
      { path: 'customFields.winningBid', message: 'Winning bid must be a number' },
      { path: 'customFields.claimDeadline', message: 'Claim deadline must be a valid date' },
      { path: 'customFields.locatorFeePercent', message: 'Locator fee % must be at most 100' },
    ]);
  });

  it("uses only the caller's organization's fields", async () => {
    const res = await call(t.app, 'POST', '/api/custom-fields', owner.cookie, {
      name: 'Heir name',
      fieldType: 'text',
      entityType: 'lead',
      isRequired: true,
    });
    expect(res.statusCode).toBe(201);
    expect((await validateCustomFields(ctxOf(owner), 'lead', {})).errors).toEqual([
      { path: 'customFields.heirName', message: 'Heir name is required' },
    ]);
    expect(await validateCustomFields(ctxOf(stranger), 'lead', {})).toEqual({ values: {}, errors: [] });
    expect(await validateCustomFields(ctxOf(stranger), 'deal', { winningBid: 'x' })).toEqual({
      values: { winningBid: 'x' },
      errors: [],
    });
  });
});
