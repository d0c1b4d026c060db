import { describe, expect, it } from 'vitest';
import { serviceRequestStatuses } from './platform-values';
import { updateDemoRequestSchema } from './public-submissions';
import {
  canMoveServiceRequest,
  createServiceRequestSchema,
  updateServiceRequestSchema,
} from './service-requests';
import { type IssueCase, issue, issuesOf, without } from './test-helpers';

const filing = { subject: 'Export stuck', description: 'The export never finishes.', category: 'technical' };

describe('createServiceRequestSchema', () => {
  it('defaults the priority to medium and trims the text', () => {
    expect(createServiceRequestSchema.parse({ ...filing, subject: '  Export stuck  ' })).toEqual({
      ...filing,
      priority: 'medium',
    });
  });

  const cases: IssueCase[] = [
    { name: 'valid', input: { ...filing, priority: 'urgent' }, issues: [] },
    {
      name: 'a subject of two characters after trimming',
      input: { ...filing, subject: '  ab ' },
      issues: issue('subject', 'Subject must be at least 3 characters'),
    },
    {
      name: 'a missing description',
      input: without(filing, 'description'),
      issues: issue('description', 'Description must be at least 10 characters'),
    },
    {
      name: 'no category chosen',
      input: { ...filing, category: '' },
      issues: issue('category', 'Please select a category'),
    },
    {
      name: 'an unknown priority',
      input: { ...filing, priority: 'asap' },
      issues: issue('priority', 'Please select a priority'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(createServiceRequestSchema, input)).toEqual(issues);
  });
});

describe('updateServiceRequestSchema', () => {
  it('takes a blank assignee or resolution as null (unassign, clear)', () => {
    expect(updateServiceRequestSchema.parse({ assignedTo: '', resolution: ' ' })).toEqual({
      assignedTo: null,
      resolution: null,
    });
  });

  it('refuses an empty change and a malformed assignee', () => {
    expect(issuesOf(updateServiceRequestSchema, {})).toEqual(issue('status', 'Nothing to change'));
    expect(issuesOf(updateServiceRequestSchema, { assignedTo: 'root' })).toEqual(
      issue('assignedTo', 'Assignee must be a super admin'),
    );
  });
});

describe('canMoveServiceRequest', () => {
  it('moves anywhere except out of closed', () => {
    for (const from of serviceRequestStatuses) {
      for (const to of serviceRequestStatuses) {
        expect(canMoveServiceRequest(from, to), `${from} → ${to}`).toBe(from !== 'closed' || to === 'closed');
      }
    }
  });
});

describe('updateDemoRequestSchema', () => {
  it('takes a status and notes; blank notes clear them; nothing is refused', () => {
    expect(updateDemoRequestSchema.parse({ status: 'scheduled', notes: '' })).toEqual({
      status: 'scheduled',
      notes: null,
    });
    expect(issuesOf(updateDemoRequestSchema, { status: 'won' })).toEqual(
      issue('status', 'Please select a status'),
    );
    expect(issuesOf(updateDemoRequestSchema, {})).toEqual(issue('status', 'Nothing to change'));
  });
});
