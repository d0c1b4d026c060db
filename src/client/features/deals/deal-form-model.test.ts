import { describe, expect, it } from 'vitest';
import { type CheckableField, validateCustomFieldValues } from '../../components/custom-fields/validation';
import {
  dealFormFields,
  dealValuePlaceholder,
  dealValueSource,
  hasSurplusCase,
  liveSurplus,
  sendsSurplusCase,
  toCustomFieldsInput,
  toFormValues,
  withSurplusChange,
} from './deal-form-model';

const blank = toFormValues(null, { stage: 'Research', ownerId: 'me' });

describe('deal form values', () => {
  it('starts a new deal in the first stage, owned by the user, with an empty surplus case', () => {
    expect(blank).toMatchObject({ dealName: '', stage: 'Research', assignedOwner: 'me', tags: [] });
    expect(blank.customFields).toMatchObject({ winningBid: '', surplusAmountOverridden: false });
    expect(hasSurplusCase(blank.customFields)).toBe(false);
  });

  it('computes the surplus and fee live, and the deadline from the state rule', () => {
    const live = liveSurplus(
      {
        winningBid: '150,000',
        totalDebt: '$90,000.50',
        seniorLiens: '10000',
        locatorFeePercent: '30',
        saleDate: '2026-01-10',
      },
      { state: 'FL', claimWindowDays: 60, feeCapPercent: 25 },
    );
    expect(live).toEqual({
      surplus: 49999.5,
      shortfall: false,
      expectedFee: 14999.85,
      suggestedDeadline: '2026-03-11',
    });
  });

  it('flags a shortfall and uses the typed figure when overridden', () => {
    expect(liveSurplus({ winningBid: '100', totalDebt: '150' }, null)).toMatchObject({
      surplus: 0,
      shortfall: true,
    });
    expect(
      liveSurplus(
        {
          winningBid: '100',
          totalDebt: '150',
          surplusAmountOverridden: true,
          surplusAmount: '42',
          locatorFeePercent: '50',
        },
        null,
      ),
    ).toMatchObject({ surplus: 42, shortfall: false, expectedFee: 21 });
  });

  it('sends numbers, blanks as null and the computed values', () => {
    const values = {
      ...blank.customFields,
      winningBid: '200000',
      totalDebt: '150000',
      locatorFeePercent: '30',
      state: 'fl',
      saleDate: '2026-01-10',
      other: 'kept',
    };
    const input = toCustomFieldsInput(
      values,
      { state: 'FL', claimWindowDays: 30, feeCapPercent: null },
      '2026-01-15',
      { includeSurplus: true },
    );
    expect(input).toMatchObject({
      winningBid: 200000,
      totalDebt: 150000,
      seniorLiens: null,
      surplusAmount: 50000,
      expectedFee: 15000,
      state: 'FL',
      claimDeadline: '2026-02-09',
      surplusAmountOverridden: false,
      other: 'kept',
      county: null,
    });
  });

  it('leaves the surplus keys out for a deal without a case', () => {
    expect(
      toCustomFieldsInput({ ...blank.customFields, other: 1 }, null, '2026-01-01', { includeSurplus: false }),
    ).toEqual({ other: 1 });
  });

  it('recomputes the case when one field changes on the detail page', () => {
    const next = withSurplusChange(
      { winningBid: 1000, totalDebt: 400, locatorFeePercent: 10, surplusAmount: 600, expectedFee: 60 },
      'locatorFeePercent',
      '25',
      null,
      '2026-01-01',
    );
    expect(next).toMatchObject({ surplusAmount: 600, expectedFee: 150, locatorFeePercent: 25 });
  });
});

const field = (
  overrides: Partial<CheckableField> & Pick<CheckableField, 'name' | 'fieldKey' | 'fieldType'>,
): CheckableField => ({
  isRequired: false,
  isVisible: true,
  options: null,
  defaultValue: null,
  validation: null,
  ...overrides,
});

const budget = field({ name: 'Budget', fieldKey: 'budget', fieldType: 'number' });
const website = field({ name: 'Website', fieldKey: 'website', fieldType: 'url' });
const priority = field({
  name: 'Priority',
  fieldKey: 'priority',
  fieldType: 'select',
  options: ['Low', 'High'],
  defaultValue: 'High',
  isRequired: true,
});
const referred = field({
  name: 'Referred',
  fieldKey: 'referred',
  fieldType: 'checkbox',
  defaultValue: 'true',
});
const note = field({ name: 'Note', fieldKey: 'note', fieldType: 'text', defaultValue: 'Call first' });
const secret = field({ name: 'Secret', fieldKey: 'secret', fieldType: 'text', isVisible: false });
const feePercent = field({
  name: 'Locator fee %',
  fieldKey: 'locatorFeePercent',
  fieldType: 'number',
  defaultValue: '30',
  validation: { min: 0, max: 100 },
});
const surplusAmount = field({
  name: 'Surplus amount',
  fieldKey: 'surplusAmount',
  fieldType: 'currency',
  isRequired: true,
  validation: { min: 0, computed: true },
});
const hiddenCounty = field({ name: 'County', fieldKey: 'county', fieldType: 'text', isVisible: false });
const others = [budget, website, priority, referred, note];

const deal = (customFields: Record<string, unknown>) => ({
  dealName: 'Oak St',
  stage: 'Research',
  dealValue: null,
  closeProbability: null,
  expectedCloseDate: null,
  assignedOwner: null,
  relatedClient: null,
  leadSource: null,
  dealType: 'Recovery fee',
  notes: null,
  tags: [],
  customFields,
});

describe('deal form custom fields', () => {
  it('shows the visible fields, and the surplus case only with its block (hidden ones too)', () => {
    const all = [...others, secret, feePercent, hiddenCounty];
    expect(dealFormFields(all, true)).toEqual([...others, feePercent, hiddenCounty]);
    expect(dealFormFields(all, false)).toEqual(others);
  });

  it('starts a new deal from the defaults, as the form shows them', () => {
    const values = toFormValues(null, { stage: 'Research', ownerId: 'me' }, [...others, feePercent]);
    expect(values.customFields).toMatchObject({
      budget: '',
      website: '',
      priority: 'High',
      referred: true,
      note: 'Call first',
      locatorFeePercent: '30',
    });
    // A default fee starts the case, so it is sent rather than applied unseen by the server.
    expect(hasSurplusCase(values.customFields)).toBe(true);
  });

  it('edits the stored values: a missing one stays blank instead of taking the default', () => {
    const values = toFormValues(
      deal({ budget: 1250.5, referred: false, winningBid: 1000, saleDate: '2026-01-10T00:00:00.000Z' }),
      { stage: 'Research', ownerId: 'me' },
      [...others, feePercent],
    );
    expect(values.dealType).toBe('Recovery fee');
    expect(values.customFields).toMatchObject({
      budget: '1250.5',
      website: '',
      priority: '',
      referred: false,
      note: '',
      locatorFeePercent: '',
      winningBid: '1000',
      saleDate: '2026-01-10',
    });
  });

  it('sends the case on an edit, once entered, or when the server would fill in a default', () => {
    const setup = { showSurplus: true, editing: false, fields: others };
    expect(sendsSurplusCase(blank.customFields, setup)).toBe(false);
    expect(sendsSurplusCase({ ...blank.customFields, county: 'Polk' }, setup)).toBe(true);
    expect(sendsSurplusCase(blank.customFields, { ...setup, editing: true })).toBe(true);
    // The user cleared the default fee: sent as blank, or the server would store 30.
    expect(sendsSurplusCase(blank.customFields, { ...setup, fields: [...others, feePercent] })).toBe(true);
    expect(
      sendsSurplusCase({ ...blank.customFields, county: 'Polk' }, { ...setup, showSurplus: false }),
    ).toBe(false);
  });

  it('sends every shown field as the other forms do, and keeps unknown keys', () => {
    const values = {
      ...blank.customFields,
      budget: ' 1,200 ',
      website: '',
      priority: 'Low',
      referred: false,
      note: '  hi ',
      legacy: 'kept',
    };
    expect(
      toCustomFieldsInput(values, null, '2026-01-01', { includeSurplus: false, fields: others }),
    ).toEqual({ budget: 1200, website: null, priority: 'Low', referred: false, note: 'hi', legacy: 'kept' });
  });

  it('leaves a value that is not a number as typed, for the check to report', () => {
    const input = toCustomFieldsInput(
      { ...blank.customFields, budget: 'abc', website: 'bad url' },
      null,
      '2026-01-01',
      { includeSurplus: false, fields: others },
    );
    expect(validateCustomFieldValues(others, input).map((error) => error.message)).toEqual([
      'Budget must be a number',
      'Website must be a valid URL',
    ]);
  });

  it('checks the computed surplus that is sent, not the blank the form holds', () => {
    const fields = [surplusAmount, feePercent];
    const values = { ...blank.customFields, winningBid: '1000', totalDebt: '400', locatorFeePercent: '130' };
    const input = toCustomFieldsInput(values, null, '2026-01-01', { includeSurplus: true, fields });
    expect(input).toMatchObject({ surplusAmount: 600 });
    expect(validateCustomFieldValues(fields, input).map((error) => error.path)).toEqual([
      'customFields.locatorFeePercent',
    ]);
  });
});

const expectedFee = field({ name: 'Expected fee', fieldKey: 'expectedFee', fieldType: 'currency' });
/** The Deal value the edit form starts with, for a deal whose fee is $15,000. */
const valueOnEdit = (dealValue: number | null, fields: CheckableField[]) =>
  toFormValues(
    { ...deal({ winningBid: 150_000, locatorFeePercent: 30, expectedFee: 15_000 }), dealValue },
    { stage: 'Research', ownerId: 'me' },
    fields,
  ).dealValue;

describe('the deal value and the expected fee it follows', () => {
  it('starts empty on an edit while it is the fee, so it keeps following; a typed value shows', () => {
    expect(valueOnEdit(15_000, [feePercent, expectedFee])).toBe('');
    expect(valueOnEdit(null, [feePercent, expectedFee])).toBe('');
    expect(valueOnEdit(18_000, [feePercent, expectedFee])).toBe('18000');
    // Without the surplus template the server keeps what is sent, so the form sends the value.
    expect(valueOnEdit(15_000, [feePercent])).toBe('15000');
  });

  it('shows the live fee as the placeholder while the field is empty', () => {
    const live = liveSurplus(
      { winningBid: '150000', totalDebt: '90000', seniorLiens: '10000', locatorFeePercent: '30' },
      null,
    );
    expect(dealValuePlaceholder(true, live.expectedFee)).toBe('= expected fee $15,000');
    expect(dealValuePlaceholder(true, null)).toBe('= expected fee');
    expect(dealValuePlaceholder(false, 15_000)).toBe('0.00');
  });

  it('says on the deal page where a saved value comes from', () => {
    expect(dealValueSource(true, 15_000, 15_000)).toBe('= expected fee, following the case');
    expect(dealValueSource(true, null, null)).toBe('Empty: it takes the expected fee once the case has one');
    expect(dealValueSource(true, 18_000, '15000')).toBe(
      'Typed. Clear it to follow the expected fee ($15,000)',
    );
    expect(dealValueSource(true, 700, null)).toBe('Typed. Clear it to follow the expected fee');
    expect(dealValueSource(false, 15_000, 15_000)).toBeNull();
  });
});
