import { describe, expect, it } from 'vitest';
import { clientRecordSchema, createClientSchema, updateClientSchema } from './clients';
import { type IssueCase, issue, issuesOf, without } from './test-helpers';

const valid = { displayName: 'Ann Lee', status: 'prospect' };

describe('createClientSchema', () => {
  const cases: IssueCase[] = [
    { name: 'valid', input: valid, issues: [] },
    {
      name: 'with a lead and tags',
      input: { ...valid, leadId: '7d9c4f0e-2f7a-4a8e-9a55-0b8f6a2b1c3d', tags: ['vip'] },
      issues: [],
    },
    {
      name: 'short display name',
      input: { ...valid, displayName: 'A' },
      issues: issue('displayName', 'Display name must be at least 2 characters'),
    },
    {
      name: 'missing display name',
      input: without(valid, 'displayName'),
      issues: issue('displayName', 'Display name must be at least 2 characters'),
    },
    {
      name: 'unknown status',
      input: { ...valid, status: 'archived' },
      issues: issue('status', 'Invalid status'),
    },
    {
      name: 'invalid lead id',
      input: { ...valid, leadId: 'lead-1' },
      issues: issue('leadId', 'Invalid lead ID'),
    },
    {
      name: 'empty tag',
      input: { ...valid, tags: ['ok', ' '] },
      issues: issue('tags.1', 'Tags cannot be empty'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(createClientSchema, input)).toEqual(issues);
  });

  it('defaults status to active, customFields to {} and tags to []', () => {
    expect(createClientSchema.parse({ displayName: 'Ann' })).toEqual({
      displayName: 'Ann',
      status: 'active',
      customFields: {},
      tags: [],
    });
  });
});

describe('updateClientSchema', () => {
  it('does not reset the status', () => {
    expect(updateClientSchema.parse({ displayName: 'Ann' })).toEqual({ displayName: 'Ann' });
  });
  it('checks the status it is given', () => {
    expect(issuesOf(updateClientSchema, { status: 'gone' })).toEqual(issue('status', 'Invalid status'));
  });
});

describe('clientRecordSchema', () => {
  it('requires organizationId', () => {
    expect(issuesOf(clientRecordSchema, valid)).toEqual(
      issue('organizationId', 'Organization ID is required'),
    );
  });
});
