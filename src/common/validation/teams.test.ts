import { describe, expect, it } from 'vitest';
import { createTeamSchema, updateTeamSchema } from './teams';
import { type IssueCase, issue, issuesOf } from './test-helpers';

const valid = { name: 'Acquisitions', status: 'active' };

describe('createTeamSchema', () => {
  const cases: IssueCase[] = [
    { name: 'valid', input: valid, issues: [] },
    {
      name: 'with description and permissions',
      input: { ...valid, description: 'Buyers', permissions: { deals: { delete: false } } },
      issues: [],
    },
    {
      name: 'short name',
      input: { ...valid, name: 'A' },
      issues: issue('name', 'Name must be at least 2 characters'),
    },
    {
      name: 'missing name',
      input: { status: 'active' },
      issues: issue('name', 'Name must be at least 2 characters'),
    },
    {
      name: 'unknown status',
      input: { ...valid, status: 'archived' },
      issues: issue('status', 'Invalid status'),
    },
    {
      name: 'permissions not an object',
      input: { ...valid, permissions: ['leads'] },
      issues: issue('permissions', 'Permissions must map each category to actions set to true or false'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(createTeamSchema, input)).toEqual(issues);
  });

  it('defaults the status to active; update does not', () => {
    expect(createTeamSchema.parse({ name: 'Ops' }).status).toBe('active');
    expect(updateTeamSchema.parse({ name: 'Ops' })).toEqual({ name: 'Ops' });
  });
});
