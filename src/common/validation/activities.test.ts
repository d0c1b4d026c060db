import { describe, expect, it } from 'vitest';
import {
  createActivitySchema,
  createLeadActivitySchema,
  updateActivitySchema,
  updateLeadActivitySchema,
} from './activities';
import { type IssueCase, issue, issuesOf, without } from './test-helpers';

const clientId = '7d9c4f0e-2f7a-4a8e-9a55-0b8f6a2b1c3d';
const valid = { type: 'call', subject: 'Intro call', clientId };

describe('createActivitySchema', () => {
  const cases: IssueCase[] = [
    { name: 'valid on a client', input: valid, issues: [] },
    {
      name: 'valid on a deal',
      input: {
        type: 'task',
        subject: 'Send contract',
        dealId: clientId,
        status: 'pending',
        dueDate: '2025-07-01T09:00:00Z',
      },
      issues: [],
    },
    { name: 'null due date', input: { ...valid, dueDate: null }, issues: [] },
    {
      name: 'unknown type',
      input: { ...valid, type: 'sms' },
      issues: issue('type', 'Invalid activity type'),
    },
    { name: 'missing type', input: without(valid, 'type'), issues: issue('type', 'Invalid activity type') },
    {
      name: 'empty subject',
      input: { ...valid, subject: '' },
      issues: issue('subject', 'Subject is required'),
    },
    {
      name: 'missing subject',
      input: without(valid, 'subject'),
      issues: issue('subject', 'Subject is required'),
    },
    {
      name: 'unknown status',
      input: { ...valid, status: 'done' },
      issues: issue('status', 'Invalid status'),
    },
    {
      name: 'invalid due date',
      input: { ...valid, dueDate: 'next week' },
      issues: issue('dueDate', 'Due date must be a valid date'),
    },
    {
      name: 'invalid client id',
      input: { ...valid, clientId: '42' },
      issues: issue('clientId', 'Invalid client ID'),
    },
    {
      name: 'neither client nor deal',
      input: without(valid, 'clientId'),
      issues: issue('clientId', 'Either clientId or dealId is required'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(createActivitySchema, input)).toEqual(issues);
  });

  it('reports the missing link together with other failing fields', () => {
    expect(issuesOf(createActivitySchema, { type: 'call' })).toEqual([
      { path: 'subject', message: 'Subject is required' },
      { path: 'clientId', message: 'Either clientId or dealId is required' },
    ]);
  });

  it('defaults the status to completed', () => {
    expect(createActivitySchema.parse(valid).status).toBe('completed');
  });
});

describe('updateActivitySchema', () => {
  it('accepts a status change alone, with no defaults', () => {
    expect(updateActivitySchema.parse({ status: 'pending' })).toEqual({ status: 'pending' });
    expect(updateActivitySchema.parse({})).toEqual({});
  });
});

describe('createLeadActivitySchema', () => {
  const lead = { type: 'note', subject: 'Left voicemail', leadId: clientId };
  const cases: IssueCase[] = [
    { name: 'valid', input: lead, issues: [] },
    { name: 'missing lead', input: without(lead, 'leadId'), issues: issue('leadId', 'Lead ID is required') },
    {
      name: 'empty subject',
      input: { ...lead, subject: ' ' },
      issues: issue('subject', 'Subject is required'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(createLeadActivitySchema, input)).toEqual(issues);
  });

  it('update needs no lead', () => {
    expect(updateLeadActivitySchema.parse({ subject: 'Called back' })).toEqual({ subject: 'Called back' });
  });
});
