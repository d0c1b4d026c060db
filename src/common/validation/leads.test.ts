import { describe, expect, it } from 'vitest';
import { convertLeadSchema, createLeadSchema, leadRecordSchema, updateLeadSchema } from './leads';
import { type IssueCase, issue, issuesOf, without } from './test-helpers';

const valid = { fullName: 'Ann Lee', email: 'ann@example.com', phone: '555-0100', phoneType: 'Mobile' };

describe('createLeadSchema', () => {
  const cases: IssueCase[] = [
    { name: 'valid', input: valid, issues: [] },
    { name: 'only a name', input: { fullName: 'Ann' }, issues: [] },
    {
      name: 'every optional field',
      input: {
        ...valid,
        interestLevel: 'Hot',
        leadStatus: 'Qualified',
        tags: ['vip'],
        customFields: { county: 'Cook' },
        lastContactDate: '2025-01-31',
      },
      issues: [],
    },
    {
      name: 'short full name',
      input: { ...valid, fullName: 'A' },
      issues: issue('fullName', 'Full name must be at least 2 characters'),
    },
    {
      name: 'missing full name',
      input: without(valid, 'fullName'),
      issues: issue('fullName', 'Full name must be at least 2 characters'),
    },
    { name: 'empty email is absent', input: { ...valid, email: '' }, issues: [] },
    {
      name: 'invalid email',
      input: { ...valid, email: 'ann@' },
      issues: issue('email', 'Please enter a valid email address'),
    },
    {
      name: 'unknown phone type',
      input: { ...valid, phoneType: 'Fax' },
      issues: issue('phoneType', 'Invalid phone type'),
    },
    {
      name: 'unknown lead status',
      input: { ...valid, leadStatus: 'Won' },
      issues: issue('leadStatus', 'Invalid lead status'),
    },
    {
      name: 'lead status is case-sensitive',
      input: { ...valid, leadStatus: 'new' },
      issues: issue('leadStatus', 'Invalid lead status'),
    },
    {
      name: 'unknown interest level',
      input: { ...valid, interestLevel: 'Lukewarm' },
      issues: issue('interestLevel', 'Invalid interest level'),
    },
    {
      name: 'over-long name and business name',
      input: { ...valid, fullName: 'A'.repeat(256), businessName: ` ${'B'.repeat(256)} ` },
      issues: [
        { path: 'fullName', message: 'Full name must be at most 255 characters' },
        { path: 'businessName', message: 'Business name must be at most 255 characters' },
      ],
    },
    {
      name: '255 characters after trimming',
      input: { ...valid, fullName: ` ${'A'.repeat(255)} ` },
      issues: [],
    },
    {
      name: 'email longer than an address can be',
      input: { ...valid, email: `${'a'.repeat(64)}@${'b'.repeat(190)}.com` },
      issues: issue('email', 'Please enter a valid email address'),
    },
    {
      name: 'invalid last contact date',
      input: { ...valid, lastContactDate: '31/01/2025' },
      issues: issue('lastContactDate', 'Last contact date must be a valid date'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(createLeadSchema, input)).toEqual(issues);
  });

  it('applies the defaults', () => {
    expect(createLeadSchema.parse({ fullName: 'Ann' })).toEqual({
      fullName: 'Ann',
      leadStatus: 'New',
      customFields: {},
      tags: [],
    });
  });

  it('turns an empty email and phone type into null', () => {
    const lead = createLeadSchema.parse({ ...valid, email: '', phoneType: '' });
    expect(lead.email).toBeNull();
    expect(lead.phoneType).toBeNull();
  });

  it('never carries organizationId from the request', () => {
    expect(createLeadSchema.parse({ ...valid, organizationId: 'other-org' })).not.toHaveProperty(
      'organizationId',
    );
  });
});

describe('updateLeadSchema', () => {
  it('accepts an empty patch without applying defaults', () => {
    expect(updateLeadSchema.parse({})).toEqual({});
  });
  it('still checks the fields it is given', () => {
    expect(issuesOf(updateLeadSchema, { fullName: 'A' })).toEqual(
      issue('fullName', 'Full name must be at least 2 characters'),
    );
    expect(issuesOf(updateLeadSchema, { leadStatus: 'Won' })).toEqual(
      issue('leadStatus', 'Invalid lead status'),
    );
  });
  it('clears the email with an empty value', () => {
    expect(updateLeadSchema.parse({ email: '' })).toEqual({ email: null });
  });
});

describe('leadRecordSchema', () => {
  it('requires organizationId', () => {
    expect(issuesOf(leadRecordSchema, valid)).toEqual(issue('organizationId', 'Organization ID is required'));
    expect(issuesOf(leadRecordSchema, { ...valid, organizationId: '' })).toEqual(
      issue('organizationId', 'Organization ID is required'),
    );
    expect(
      issuesOf(leadRecordSchema, { ...valid, organizationId: '7d9c4f0e-2f7a-4a8e-9a55-0b8f6a2b1c3d' }),
    ).toEqual([]);
  });
});

describe('convertLeadSchema', () => {
  it('defaults to no deal', () => {
    expect(convertLeadSchema.parse({})).toEqual({ createDeal: false });
  });
  it('checks the deal name when given', () => {
    expect(issuesOf(convertLeadSchema, { createDeal: true, dealName: 'X' })).toEqual(
      issue('dealName', 'Deal name must be at least 2 characters'),
    );
    expect(issuesOf(convertLeadSchema, { createDeal: 'yes' })).toEqual(
      issue('createDeal', 'createDeal must be true or false'),
    );
  });
});
