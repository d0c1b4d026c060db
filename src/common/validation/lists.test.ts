import { describe, expect, it } from 'vitest';
import {
  createDealReasonSchema,
  createDealStatusSchema,
  createLeadSourceSchema,
  createPersonStatusSchema,
  createPipelineSchema,
  createRevenueTypeSchema,
  createStageSchema,
  updateStageSchema,
} from './lists';
import { type IssueCase, issue, issuesOf, without } from './test-helpers';

const pipelineId = '7d9c4f0e-2f7a-4a8e-9a55-0b8f6a2b1c3d';
const shortName = issue('name', 'Name must be at least 2 characters');

describe('createDealReasonSchema', () => {
  const valid = { name: 'Price', type: 'loss' };
  const cases: IssueCase[] = [
    { name: 'valid', input: valid, issues: [] },
    {
      name: 'valid won with flags',
      input: { name: 'Referral', type: 'won', showInDialog: true, orderIndex: 2 },
      issues: [],
    },
    { name: 'short name', input: { ...valid, name: 'P' }, issues: shortName },
    { name: 'unknown type', input: { ...valid, type: 'lost' }, issues: issue('type', 'Invalid reason type') },
    { name: 'missing type', input: without(valid, 'type'), issues: issue('type', 'Invalid reason type') },
    {
      name: 'negative order',
      input: { ...valid, orderIndex: -1 },
      issues: issue('orderIndex', 'Order index must be at least 0'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(createDealReasonSchema, input)).toEqual(issues);
  });
});

describe('createPipelineSchema', () => {
  const cases: IssueCase[] = [
    { name: 'valid', input: { name: 'Sales', isDefault: true }, issues: [] },
    { name: 'short name', input: { name: 'S' }, issues: shortName },
    { name: 'missing name', input: {}, issues: shortName },
    {
      name: 'non-boolean flag',
      input: { name: 'Sales', isActive: 'yes' },
      issues: issue('isActive', 'isActive must be true or false'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(createPipelineSchema, input)).toEqual(issues);
  });
});

describe('createStageSchema', () => {
  const valid = { pipelineId, name: 'Proposal', probability: 40 };
  const cases: IssueCase[] = [
    { name: 'valid', input: valid, issues: [] },
    { name: 'probability 0 and 100 are allowed', input: { ...valid, probability: 100 }, issues: [] },
    { name: 'short name', input: { ...valid, name: 'P' }, issues: shortName },
    {
      name: 'probability above 100',
      input: { ...valid, probability: 101 },
      issues: issue('probability', 'Probability must be between 0 and 100'),
    },
    {
      name: 'probability below 0',
      input: { ...valid, probability: -1 },
      issues: issue('probability', 'Probability must be between 0 and 100'),
    },
    {
      name: 'missing pipeline',
      input: without(valid, 'pipelineId'),
      issues: issue('pipelineId', 'Pipeline ID is required'),
    },
    {
      name: 'empty pipeline',
      input: { ...valid, pipelineId: '' },
      issues: issue('pipelineId', 'Pipeline ID is required'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(createStageSchema, input)).toEqual(issues);
  });

  it('defaults the probability to 0', () => {
    expect(createStageSchema.parse(without(valid, 'probability')).probability).toBe(0);
  });

  it('update keeps the probability rule but no default', () => {
    expect(updateStageSchema.parse({ name: 'Won' })).toEqual({ name: 'Won' });
    expect(issuesOf(updateStageSchema, { probability: 150 })).toEqual(
      issue('probability', 'Probability must be between 0 and 100'),
    );
  });
});

describe.each([
  ['revenue type', createRevenueTypeSchema],
  ['lead source', createLeadSourceSchema],
])('%s', (_, schema) => {
  it('needs a name of 2 characters', () => {
    expect(issuesOf(schema, { name: 'Referral' })).toEqual([]);
    expect(issuesOf(schema, { name: 'R' })).toEqual(shortName);
  });
});

describe.each([
  ['deal status', createDealStatusSchema],
  ['person status', createPersonStatusSchema],
])('%s', (_, schema) => {
  const cases: IssueCase[] = [
    { name: 'valid', input: { name: 'Hot', color: '#ff0000' }, issues: [] },
    { name: 'short name', input: { name: 'H', color: '#ff0000' }, issues: shortName },
    {
      name: 'short hex',
      input: { name: 'Hot', color: '#f00' },
      issues: issue('color', 'Color must be a valid hex code'),
    },
    {
      name: 'named colour',
      input: { name: 'Hot', color: 'red' },
      issues: issue('color', 'Color must be a valid hex code'),
    },
    {
      name: 'missing colour',
      input: { name: 'Hot' },
      issues: issue('color', 'Color must be a valid hex code'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(schema, input)).toEqual(issues);
  });
});
