import { describe, expect, it } from 'vitest';
import { createStateRuleSchema, updateStateRuleSchema } from './state-rules';
import { type IssueCase, issue, issuesOf, without } from './test-helpers';

describe('createStateRuleSchema', () => {
  const valid = { state: 'FL', claimWindowDays: 120, feeCapPercent: 30, assignmentAllowed: false };
  const cases: IssueCase[] = [
    { name: 'valid', input: valid, issues: [] },
    { name: 'only the state', input: { state: 'ga' }, issues: [] },
    {
      name: 'bounds are inclusive',
      input: { state: 'TX', claimWindowDays: 3650, feeCapPercent: 100 },
      issues: [],
    },
    { name: 'zero cap', input: { state: 'TX', claimWindowDays: 1, feeCapPercent: 0 }, issues: [] },
    {
      name: 'missing state',
      input: without(valid, 'state'),
      issues: issue('state', 'State is required'),
    },
    {
      name: 'blank state',
      input: { ...valid, state: '  ' },
      issues: issue('state', 'State is required'),
    },
    {
      name: 'long state',
      input: { ...valid, state: 'FLA' },
      issues: issue('state', 'State must be a 2-letter US state code'),
    },
    {
      name: 'digits',
      input: { ...valid, state: '12' },
      issues: issue('state', 'State must be a 2-letter US state code'),
    },
    {
      name: 'claim window 0',
      input: { ...valid, claimWindowDays: 0 },
      issues: issue('claimWindowDays', 'Claim window must be between 1 and 3650 days'),
    },
    {
      name: 'claim window too long',
      input: { ...valid, claimWindowDays: 3651 },
      issues: issue('claimWindowDays', 'Claim window must be between 1 and 3650 days'),
    },
    {
      name: 'fractional claim window',
      input: { ...valid, claimWindowDays: 1.5 },
      issues: issue('claimWindowDays', 'Claim window must be a whole number'),
    },
    {
      name: 'claim window as text',
      input: { ...valid, claimWindowDays: 'ninety' },
      issues: issue('claimWindowDays', 'Claim window must be a number'),
    },
    {
      name: 'negative cap',
      input: { ...valid, feeCapPercent: -1 },
      issues: issue('feeCapPercent', 'Fee cap must be between 0 and 100'),
    },
    {
      name: 'cap above 100',
      input: { ...valid, feeCapPercent: 100.5 },
      issues: issue('feeCapPercent', 'Fee cap must be between 0 and 100'),
    },
    {
      name: 'flag not boolean',
      input: { ...valid, attorneyRequired: 'yes' },
      issues: issue('attorneyRequired', 'attorneyRequired must be true or false'),
    },
    {
      name: 'long notes',
      input: { ...valid, notes: 'x'.repeat(2001) },
      issues: issue('notes', 'Notes must be at most 2000 characters'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(createStateRuleSchema, input)).toEqual(issues);
  });

  it('uppercases the state and turns blanks into null', () => {
    expect(createStateRuleSchema.parse({ state: ' fl ', claimWindowDays: '', notes: ' ' })).toEqual({
      state: 'FL',
      claimWindowDays: null,
      notes: null,
    });
  });

  it('update: every field optional, the same rules', () => {
    expect(updateStateRuleSchema.parse({})).toEqual({});
    expect(issuesOf(updateStateRuleSchema, { state: 'X' })).toEqual(
      issue('state', 'State must be a 2-letter US state code'),
    );
    expect(updateStateRuleSchema.parse({ feeCapPercent: null })).toEqual({ feeCapPercent: null });
  });
});
