import { describe, expect, it } from 'vitest';
import { createDealSchema, updateDealSchema } from './deals';
import { type IssueCase, issue, issuesOf, without } from './test-helpers';

const valid = { dealName: 'Cook County surplus', stage: 'proposal' };

describe('createDealSchema', () => {
  const cases: IssueCase[] = [
    { name: 'valid', input: valid, issues: [] },
    {
      name: 'with value, probability and date',
      input: { ...valid, dealValue: 2500, closeProbability: 40, expectedCloseDate: '2025-06-30' },
      issues: [],
    },
    {
      name: 'short deal name',
      input: { ...valid, dealName: 'D' },
      issues: issue('dealName', 'Deal name must be at least 2 characters'),
    },
    {
      name: 'missing deal name',
      input: without(valid, 'dealName'),
      issues: issue('dealName', 'Deal name must be at least 2 characters'),
    },
    { name: 'missing stage', input: without(valid, 'stage'), issues: issue('stage', 'Stage is required') },
    { name: 'empty stage', input: { ...valid, stage: '' }, issues: issue('stage', 'Stage is required') },
    { name: 'blank stage', input: { ...valid, stage: '   ' }, issues: issue('stage', 'Stage is required') },
    {
      name: 'deal value not a number',
      input: { ...valid, dealValue: 'abc' },
      issues: issue('dealValue', 'Deal value must be a number'),
    },
    {
      name: 'negative deal value',
      input: { ...valid, dealValue: -1 },
      issues: issue('dealValue', 'Deal value must be between 0 and 99,999,999.99'),
    },
    {
      name: 'deal value beyond numeric(10,2)',
      input: { ...valid, dealValue: '100000000' },
      issues: issue('dealValue', 'Deal value must be between 0 and 99,999,999.99'),
    },
    {
      name: 'probability not a number',
      input: { ...valid, closeProbability: 'likely' },
      issues: issue('closeProbability', 'Close probability must be a number'),
    },
    {
      name: 'probability above 100',
      input: { ...valid, closeProbability: 101 },
      issues: issue('closeProbability', 'Close probability must be between 0 and 100'),
    },
    {
      name: 'probability below 0',
      input: { ...valid, closeProbability: '-5' },
      issues: issue('closeProbability', 'Close probability must be between 0 and 100'),
    },
    {
      name: 'probability not whole',
      input: { ...valid, closeProbability: 12.5 },
      issues: issue('closeProbability', 'Close probability must be a whole number'),
    },
    {
      name: 'invalid related client',
      input: { ...valid, relatedClient: 'Ann' },
      issues: issue('relatedClient', 'Invalid client ID'),
    },
    {
      name: 'invalid close date',
      input: { ...valid, expectedCloseDate: 'soon' },
      issues: issue('expectedCloseDate', 'Expected close date must be a valid date'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(createDealSchema, input)).toEqual(issues);
  });

  it.each([
    ['', null],
    ['  ', null],
    ['12.5', 12.5],
    [7, 7],
    [null, null],
    ['$1,250.50', 1250.5],
  ])('dealValue %j becomes %j', (dealValue, expected) => {
    expect(createDealSchema.parse({ ...valid, dealValue }).dealValue).toBe(expected);
  });

  it.each([
    ['', null],
    ['40', 40],
    [75, 75],
    [null, null],
  ])('closeProbability %j becomes %j', (closeProbability, expected) => {
    expect(createDealSchema.parse({ ...valid, closeProbability }).closeProbability).toBe(expected);
  });

  it('applies the defaults', () => {
    expect(createDealSchema.parse(valid)).toEqual({ ...valid, tags: [], customFields: {} });
  });
});

describe('updateDealSchema', () => {
  it('accepts a patch without the stage', () => {
    expect(updateDealSchema.parse({ dealValue: '10' })).toEqual({ dealValue: 10 });
  });
  it('refuses to empty the stage', () => {
    expect(issuesOf(updateDealSchema, { stage: '' })).toEqual(issue('stage', 'Stage is required'));
  });
});
