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
      name: 'contact details',
      input: {
        ...valid,
        email: 'ann@example.com',
        phone: '(813) 555-0100',
        phoneType: 'Mobile',
        addressLine1: '12 Palm Way',
        addressLine2: 'Apt 4',
        city: 'Tampa',
        state: 'Florida',
        zip: '33602-1234',
        notes: 'Prefers calls after 5pm',
      },
      issues: [],
    },
    {
      name: 'bad contact details',
      input: {
        ...valid,
        email: 'ann@',
        phoneType: 'Pager',
        addressLine1: 'x'.repeat(256),
        city: 'y'.repeat(256),
        state: 'Atlantis',
        zip: '3360',
        notes: 'n'.repeat(10_001),
      },
      issues: [
        ...issue('email', 'Please enter a valid email address'),
        ...issue('phoneType', 'Invalid phone type'),
        ...issue('addressLine1', 'Address line 1 must be at most 255 characters'),
        ...issue('city', 'City must be at most 255 characters'),
        ...issue('state', 'State must be a 2-letter US state code'),
        ...issue('zip', 'ZIP code must be 5 digits or ZIP+4 (12345-6789)'),
        ...issue('notes', 'Notes must be at most 10,000 characters'),
      ],
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

  it('stores the state as its code and blanks as null', () => {
    expect(createClientSchema.parse({ ...valid, state: 'fl', zip: ' ', email: '' })).toMatchObject({
      state: 'FL',
      zip: null,
      email: null,
    });
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
