import { describe, expect, it } from 'vitest';
import {
  applySurplusCaseRules,
  claimDeadlineFrom,
  computeExpectedFee,
  computeSurplus,
  daysUntil,
  dealValueFollowsFee,
  feeExceedsCap,
  hasExpectedFeeField,
  isCalendarDate,
  isClaimDeadlineWarning,
  maxMoney,
  moneyRangeMessage,
  moneyRangeProblem,
  noSurplusWarning,
  parseAmount,
  roundMoney,
  sameAmount,
  type StateRuleFacts,
  surplusBeforeClamp,
} from './surplus';

const florida: StateRuleFacts = {
  state: 'FL',
  claimWindowDays: 120,
  feeCapPercent: 30,
  assignmentAllowed: false,
  attorneyRequired: false,
};

describe('roundMoney and parseAmount', () => {
  it.each([
    [1.005, 1.01],
    [2.675, 2.68],
    [0.1 + 0.2, 0.3],
    [-1.005, -1.01],
    [1234.5649, 1234.56],
    [-0.001, 0],
    [99_999_999.99, 99_999_999.99],
  ])('roundMoney(%s) = %s', (value, expected) => {
    expect(roundMoney(value)).toBe(expected);
  });

  it.each([
    [1250, 1250],
    ['1250.5', 1250.5],
    ['$1,250.50', 1250.5],
    [' 42 ', 42],
    ['-3', -3],
    ['', null],
    ['abc', null],
    ['1.2.3', null],
    [null, null],
    [undefined, null],
    [Number.NaN, null],
    [true, null],
  ])('parseAmount(%j) = %s', (value, expected) => {
    expect(parseAmount(value)).toBe(expected);
  });
});

describe('the money range: what a deal value can hold', () => {
  it('takes 0 to 99,999,999.99 (to the cent) and names the field otherwise', () => {
    expect(maxMoney).toBe(99_999_999.99);
    expect(moneyRangeMessage('Winning bid')).toBe('Winning bid must be between 0 and 99,999,999.99');
    for (const amount of [0, 0.01, 1250.5, 99_999_999.99, 99_999_999.994]) {
      expect(moneyRangeProblem('Winning bid', amount), String(amount)).toBeNull();
    }
    for (const amount of [-0.01, 99_999_999.995, 100_000_000, 1e12, 1e308]) {
      expect(moneyRangeProblem('Winning bid', amount), String(amount)).toBe(
        'Winning bid must be between 0 and 99,999,999.99',
      );
    }
  });

  it('bounds every fee the case computes: the largest inputs give at most the largest value', () => {
    const { customFields } = applySurplusCaseRules(
      { winningBid: maxMoney, totalDebt: 0, seniorLiens: 0, locatorFeePercent: 100 },
      null,
      '2025-01-01',
    );
    expect(customFields.surplusAmount).toBe(maxMoney);
    expect(customFields.expectedFee).toBe(maxMoney);
  });
});

describe('computeSurplus', () => {
  it('is winning bid − debt − liens', () => {
    expect(computeSurplus({ winningBid: 150_000, totalDebt: 90_000, seniorLiens: 12_500 })).toBe(47_500);
  });

  it('counts in cents (no floating-point dust)', () => {
    expect(computeSurplus({ winningBid: 100_000.3, totalDebt: 0.1, seniorLiens: 0.2 })).toBe(100_000);
    expect(computeSurplus({ winningBid: 0.3, totalDebt: 0.1 })).toBe(0.2);
    expect(computeSurplus({ winningBid: 10_000.005, totalDebt: 0 })).toBe(10_000.01);
  });

  it('treats a missing debt or lien as 0', () => {
    expect(computeSurplus({ winningBid: 1000 })).toBe(1000);
    expect(computeSurplus({ winningBid: 1000, totalDebt: null, seniorLiens: undefined })).toBe(1000);
  });

  it('is null without a winning bid', () => {
    expect(computeSurplus({ winningBid: null, totalDebt: 5 })).toBeNull();
    expect(computeSurplus({ winningBid: undefined })).toBeNull();
    expect(computeSurplus({ winningBid: Number.NaN })).toBeNull();
  });

  it('clamps a shortfall to 0 (no surplus), keeping the raw figure available', () => {
    expect(computeSurplus({ winningBid: 80_000, totalDebt: 90_000, seniorLiens: 1_000 })).toBe(0);
    expect(surplusBeforeClamp({ winningBid: 80_000, totalDebt: 90_000, seniorLiens: 1_000 })).toBe(-11_000);
    expect(computeSurplus({ winningBid: 5, totalDebt: 5 })).toBe(0);
  });
});

describe('computeExpectedFee', () => {
  it.each([
    [47_500, 30, 14_250],
    [10_000, 33.33, 3333],
    [12_345.67, 33.33, 4114.81],
    [10.05, 10, 1.01], // 1.005 → 1.01, halves round up
    [1000, 0, 0],
    [0, 25, 0],
  ])('%s at %s%% = %s', (surplus, fee, expected) => {
    expect(computeExpectedFee(surplus, fee)).toBe(expected);
  });

  it('is null when the surplus or the fee is unknown', () => {
    expect(computeExpectedFee(null, 30)).toBeNull();
    expect(computeExpectedFee(1000, null)).toBeNull();
    expect(computeExpectedFee(undefined, undefined)).toBeNull();
  });
});

describe('feeExceedsCap', () => {
  it('compares the fee with the cap, strictly', () => {
    expect(feeExceedsCap(40, 30)).toBe(true);
    expect(feeExceedsCap(30, 30)).toBe(false);
    expect(feeExceedsCap(30.01, 30)).toBe(true);
    expect(feeExceedsCap(20, 30)).toBe(false);
  });

  it('never exceeds an unrecorded cap or an unknown fee', () => {
    expect(feeExceedsCap(90, null)).toBe(false);
    expect(feeExceedsCap(null, 30)).toBe(false);
    expect(feeExceedsCap(undefined, undefined)).toBe(false);
  });
});

describe('claimDeadlineFrom and daysUntil', () => {
  it('adds the claim window to the sale date', () => {
    expect(claimDeadlineFrom('2025-01-15', 120)).toBe('2025-05-15');
    expect(claimDeadlineFrom('2024-02-28', 1)).toBe('2024-02-29'); // leap year
    expect(claimDeadlineFrom('2025-12-31', 1)).toBe('2026-01-01');
    expect(claimDeadlineFrom('2025-03-09T23:30:00-05:00', 10)).toBe('2025-03-19'); // the date as written
    expect(claimDeadlineFrom(new Date(Date.UTC(2025, 0, 1, 12)), 365)).toBe('2026-01-01');
  });

  it('is null for an invalid date', () => {
    expect(claimDeadlineFrom('2025-02-30', 10)).toBeNull();
    expect(claimDeadlineFrom('soon', 10)).toBeNull();
    expect(claimDeadlineFrom('2025-01-01', Number.NaN)).toBeNull();
  });

  it('counts whole calendar days, negative once passed', () => {
    expect(daysUntil('2025-05-15', '2025-05-01')).toBe(14);
    expect(daysUntil('2025-05-15', '2025-05-15')).toBe(0);
    expect(daysUntil('2025-05-10', '2025-05-15')).toBe(-5);
    // Across the US daylight-saving change the count stays whole.
    expect(daysUntil('2025-03-10', '2025-03-08')).toBe(2);
    expect(daysUntil('2025-05-15', new Date('2025-05-14T23:59:59Z'))).toBe(1);
    expect(daysUntil('nope', '2025-05-15')).toBeNull();
  });

  it('recognises real calendar dates only', () => {
    expect(isCalendarDate('2025-02-28')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('2025-13-01')).toBe(false);
    expect(isCalendarDate(20250101)).toBe(false);
  });
});

describe('applySurplusCaseRules', () => {
  const today = '2025-03-01';

  it('fills in the surplus, the fee and the deadline from the state rule', () => {
    const { customFields, warnings } = applySurplusCaseRules(
      {
        propertyAddress: '12 Palm Way, Tampa',
        state: 'fl',
        saleDate: '2025-01-15',
        winningBid: '150,000',
        totalDebt: 90_000,
        seniorLiens: 12_500.5,
        locatorFeePercent: 25,
      },
      florida,
      today,
    );
    expect(customFields).toEqual({
      propertyAddress: '12 Palm Way, Tampa',
      state: 'FL',
      saleDate: '2025-01-15',
      winningBid: '150,000',
      totalDebt: 90_000,
      seniorLiens: 12_500.5,
      locatorFeePercent: 25,
      surplusAmount: 47_499.5,
      expectedFee: 11_874.88,
      claimDeadline: '2025-05-15',
    });
    expect(warnings).toEqual([]);
  });

  it('keeps an overridden surplus and computes the fee from it', () => {
    const { customFields } = applySurplusCaseRules(
      {
        winningBid: 150_000,
        totalDebt: 90_000,
        surplusAmount: '55000.555',
        surplusAmountOverridden: true,
        locatorFeePercent: 20,
      },
      null,
      today,
    );
    expect(customFields.surplusAmount).toBe(55_000.56);
    expect(customFields.expectedFee).toBe(11_000.11);
  });

  it('recomputes a stale surplus when not overridden', () => {
    const { customFields } = applySurplusCaseRules(
      { winningBid: 1000, totalDebt: 400, surplusAmount: 999_999, surplusAmountOverridden: false },
      null,
      today,
    );
    expect(customFields.surplusAmount).toBe(600);
    expect(customFields.expectedFee).toBeUndefined();
  });

  it('keeps an entered surplus when there is no winning bid to compute from', () => {
    const { customFields } = applySurplusCaseRules(
      { surplusAmount: 5000, locatorFeePercent: 30 },
      null,
      today,
    );
    expect(customFields).toMatchObject({ surplusAmount: 5000, expectedFee: 1500 });
  });

  it('clamps a negative surplus to 0 and warns', () => {
    const { customFields, warnings } = applySurplusCaseRules(
      { winningBid: 50_000, totalDebt: 60_000, locatorFeePercent: 30 },
      null,
      today,
    );
    expect(customFields).toMatchObject({ surplusAmount: 0, expectedFee: 0 });
    expect(warnings).toEqual([noSurplusWarning]);
    expect(noSurplusWarning).toBe('No surplus: debt and liens exceed the winning bid');
  });

  it('warns when the fee exceeds the cap recorded for the state', () => {
    const { warnings } = applySurplusCaseRules(
      { state: 'FL', winningBid: 10_000, locatorFeePercent: 40 },
      florida,
      today,
    );
    expect(warnings).toEqual(['Locator fee of 40% exceeds the 30% cap recorded for FL']);
    const decimals = applySurplusCaseRules(
      { state: 'FL', locatorFeePercent: 33.5 },
      { ...florida, feeCapPercent: 33.25 },
      today,
    );
    expect(decimals.warnings).toEqual(['Locator fee of 33.5% exceeds the 33.25% cap recorded for FL']);
  });

  it('ignores a rule for another state', () => {
    const { customFields, warnings } = applySurplusCaseRules(
      { state: 'GA', saleDate: '2025-01-15', locatorFeePercent: 40 },
      florida,
      today,
    );
    expect(customFields.claimDeadline).toBeUndefined();
    expect(warnings).toEqual([]);
  });

  it('keeps an entered claim deadline', () => {
    const { customFields } = applySurplusCaseRules(
      { state: 'FL', saleDate: '2025-01-15', claimDeadline: '2025-09-01' },
      florida,
      today,
    );
    expect(customFields.claimDeadline).toBe('2025-09-01');
  });

  it('replaces an invalid deadline from the rule, and leaves it without a rule', () => {
    expect(
      applySurplusCaseRules({ state: 'FL', saleDate: '2025-01-15', claimDeadline: '' }, florida, today)
        .customFields.claimDeadline,
    ).toBe('2025-05-15');
    expect(
      applySurplusCaseRules(
        { state: 'FL', saleDate: '2025-01-15' },
        { ...florida, claimWindowDays: null },
        today,
      ).customFields.claimDeadline,
    ).toBeUndefined();
  });

  it('warns about a passed or near deadline', () => {
    expect(applySurplusCaseRules({ claimDeadline: '2025-02-20' }, null, today).warnings).toEqual([
      'The claim deadline passed on 2025-02-20',
    ]);
    expect(applySurplusCaseRules({ claimDeadline: '2025-03-01' }, null, today).warnings).toEqual([
      'The claim deadline is today',
    ]);
    expect(applySurplusCaseRules({ claimDeadline: '2025-03-02' }, null, today).warnings).toEqual([
      'The claim deadline is in 1 day',
    ]);
    expect(applySurplusCaseRules({ claimDeadline: '2025-03-15' }, null, today).warnings).toEqual([
      'The claim deadline is in 14 days',
    ]);
    expect(applySurplusCaseRules({ claimDeadline: '2025-03-16' }, null, today).warnings).toEqual([]);
  });

  it('tells the deadline warnings from the others', () => {
    for (const claimDeadline of ['2025-02-20', '2025-03-01', '2025-03-02', '2025-03-15']) {
      const [warning] = applySurplusCaseRules({ claimDeadline }, null, today).warnings;
      expect(isClaimDeadlineWarning(warning)).toBe(true);
    }
    const { warnings } = applySurplusCaseRules(
      { state: 'FL', winningBid: 10, totalDebt: 20, locatorFeePercent: 40 },
      florida,
      today,
    );
    expect(warnings).toHaveLength(2);
    expect(warnings.filter(isClaimDeadlineWarning)).toEqual([]);
  });

  it('handles empty input and does not mutate its argument', () => {
    expect(applySurplusCaseRules(null, null, today)).toEqual({ customFields: {}, warnings: [] });
    const input = { winningBid: 10, totalDebt: 20 };
    applySurplusCaseRules(input, null, today);
    expect(input).toEqual({ winningBid: 10, totalDebt: 20 });
  });
});

describe('a deal value and the expected fee it follows', () => {
  it.each([
    [null, 15_000, true],
    ['', 15_000, true],
    [null, null, true],
    [15_000, 15_000, true],
    ['15000.00', 15_000, true],
    ['$15,000', '15000', true],
    [15_000.004, 15_000, true],
    [15_000.01, 15_000, false],
    [0, null, false],
    [18_000, 15_000, false],
  ])('value %j with fee %j follows: %s', (value, fee, follows) => {
    expect(dealValueFollowsFee(value, fee)).toBe(follows);
  });

  it('compares amounts to the cent, blanks only with blanks', () => {
    expect(sameAmount('1.10', 1.1)).toBe(true);
    expect(sameAmount(null, '')).toBe(true);
    expect(sameAmount(0, null)).toBe(false);
    expect(sameAmount(1.1, 1.11)).toBe(false);
  });

  it('knows the surplus template by its Expected fee field', () => {
    expect(hasExpectedFeeField([{ fieldKey: 'county' }, { fieldKey: 'expectedFee' }])).toBe(true);
    expect(hasExpectedFeeField([{ fieldKey: 'county' }])).toBe(false);
  });
});
