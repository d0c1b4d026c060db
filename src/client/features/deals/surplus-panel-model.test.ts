import { describe, expect, it } from 'vitest';
import type { StateRule } from './api';
import { claimDeadlineSummary, missingForDeadline, panelWarnings } from './surplus-panel-model';

const texas: StateRule = {
  id: 'r1',
  state: 'TX',
  claimWindowDays: 120,
  feeCapPercent: 20,
  notes: null,
};
const view = (values: Record<string, unknown>, stateRule: StateRule | null = null) => ({
  values: { saleDate: null, state: null, claimDeadline: null, ...values },
  stateRule,
});
const today = '2026-03-01';

describe('the surplus panel', () => {
  it('counts down to an open deal’s deadline', () => {
    expect(claimDeadlineSummary(view({ claimDeadline: '2026-03-10' }), false, today)).toEqual({
      headline: '9 days left',
      detail: 'Mar 10, 2026',
      tone: 'soon',
    });
  });

  it('shows a closed deal’s deadline as a plain date, without its deadline warnings', () => {
    expect(claimDeadlineSummary(view({ claimDeadline: '2026-03-10' }), true, today)).toEqual({
      headline: 'Mar 10, 2026',
      detail: 'Deal closed',
      tone: 'ok',
    });
    const warnings = [
      'The claim deadline is in 9 days',
      'Locator fee of 35% exceeds the 20% cap recorded for TX',
    ];
    expect(panelWarnings(warnings, true)).toEqual([warnings[1]]);
    expect(panelWarnings(warnings, false)).toEqual(warnings);
  });

  it('says only what is missing to derive the deadline', () => {
    expect(missingForDeadline(view({}))).toBe('Enter the sale date and state');
    expect(missingForDeadline(view({ state: 'TX' }, texas))).toBe('Enter the sale date');
    expect(missingForDeadline(view({ state: 'TX' }))).toBe(
      'Enter the sale date and record a claim window for TX',
    );
    expect(missingForDeadline(view({ saleDate: '2026-01-15' }))).toBe('Enter the state');
    expect(missingForDeadline(view({ saleDate: '2026-01-15', state: 'tx' }))).toBe(
      'Record a claim window for TX',
    );
    expect(
      missingForDeadline(view({ saleDate: '2026-01-15', state: 'TX' }, { ...texas, claimWindowDays: null })),
    ).toBe('Record a claim window for TX');
    // An invalid sale date counts as missing.
    expect(missingForDeadline(view({ saleDate: '2026-02-30', state: 'TX' }, texas))).toBe(
      'Enter the sale date',
    );
    expect(claimDeadlineSummary(view({ saleDate: '2026-01-15' }), false, today)).toEqual({
      headline: 'Not set',
      detail: 'Enter the state',
      tone: 'ok',
    });
  });
});
