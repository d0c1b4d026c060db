import { describe, expect, it } from 'vitest';
import {
  hasSurplusCase,
  liveSurplus,
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
