import { describe, expect, it } from 'vitest';
import { createTagSchema, updateTagSchema } from './tags';
import { type IssueCase, issue, issuesOf } from './test-helpers';

describe('createTagSchema', () => {
  const cases: IssueCase[] = [
    { name: 'valid', input: { name: 'VIP', color: '#10b981' }, issues: [] },
    {
      name: 'empty name',
      input: { name: '', color: '#10b981' },
      issues: issue('name', 'Tag name is required'),
    },
    { name: 'missing name', input: { color: '#10b981' }, issues: issue('name', 'Tag name is required') },
    { name: 'empty colour', input: { name: 'VIP', color: '' }, issues: issue('color', 'Color is required') },
    {
      name: 'malformed colour',
      input: { name: 'VIP', color: 'green' },
      issues: issue('color', 'Color must be a valid hex code'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(createTagSchema, input)).toEqual(issues);
  });

  it('takes a short hex colour and stores it long', () => {
    expect(createTagSchema.parse({ name: 'VIP', color: '#f0A' })).toEqual({ name: 'VIP', color: '#ff00AA' });
    expect(issuesOf(createTagSchema, { name: 'VIP', color: '#f0a0' })).toEqual(
      issue('color', 'Color must be a valid hex code'),
    );
  });

  it('defaults the colour to #3b82f6', () => {
    expect(createTagSchema.parse({ name: 'VIP' })).toEqual({ name: 'VIP', color: '#3b82f6' });
  });
});

describe('updateTagSchema', () => {
  it('keeps the colour unless one is sent, and refuses an empty one', () => {
    expect(updateTagSchema.parse({ name: 'Gold' })).toEqual({ name: 'Gold' });
    expect(issuesOf(updateTagSchema, { color: '' })).toEqual(issue('color', 'Color is required'));
  });
});
