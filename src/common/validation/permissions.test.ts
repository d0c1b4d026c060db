import { describe, expect, it } from 'vitest';
import { permissionSchema } from './permissions';
import { type IssueCase, issue, issuesOf, without } from './test-helpers';

const valid = { name: 'Read leads', category: 'leads', action: 'read', resource: 'lead' };

describe('permissionSchema', () => {
  const cases: IssueCase[] = [
    { name: 'valid', input: valid, issues: [] },
    {
      name: 'short name',
      input: { ...valid, name: 'R' },
      issues: issue('name', 'Name must be at least 2 characters'),
    },
    {
      name: 'missing category',
      input: without(valid, 'category'),
      issues: issue('category', 'Category is required'),
    },
    { name: 'empty action', input: { ...valid, action: '' }, issues: issue('action', 'Action is required') },
    {
      name: 'missing resource',
      input: without(valid, 'resource'),
      issues: issue('resource', 'Resource is required'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(permissionSchema, input)).toEqual(issues);
  });
});
