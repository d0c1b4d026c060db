import { describe, expect, it } from 'vitest';
import { createCompanySchema, updateCompanySchema } from './companies';
import { type IssueCase, issue, issuesOf, without } from './test-helpers';

const valid = { companyName: 'Acme Recovery', website: 'https://acme.example.com' };

describe('createCompanySchema', () => {
  const cases: IssueCase[] = [
    { name: 'valid', input: valid, issues: [] },
    { name: 'every relationship status', input: { ...valid, relationshipStatus: 'competitor' }, issues: [] },
    { name: 'empty website is absent', input: { ...valid, website: '' }, issues: [] },
    {
      name: 'short company name',
      input: { ...valid, companyName: 'A' },
      issues: issue('companyName', 'Company name must be at least 2 characters'),
    },
    {
      name: 'missing company name',
      input: without(valid, 'companyName'),
      issues: issue('companyName', 'Company name must be at least 2 characters'),
    },
    {
      name: 'unknown relationship status',
      input: { ...valid, relationshipStatus: 'friend' },
      issues: issue('relationshipStatus', 'Invalid relationship status'),
    },
    {
      name: 'website without a scheme',
      input: { ...valid, website: 'acme.com' },
      issues: issue('website', 'Must be a valid URL'),
    },
    {
      name: 'script website',
      input: { ...valid, website: 'javascript:alert(1)' },
      issues: issue('website', 'Must be a valid URL'),
    },
    { name: 'employee count as text', input: { ...valid, employeeCount: '1,200' }, issues: [] },
    {
      name: 'employee count not a number',
      input: { ...valid, employeeCount: 'many' },
      issues: issue('employeeCount', 'Employee count must be a number'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(createCompanySchema, input)).toEqual(issues);
  });

  it('defaults the relationship status to prospect', () => {
    expect(createCompanySchema.parse(valid).relationshipStatus).toBe('prospect');
  });
});

describe('updateCompanySchema', () => {
  it('does not reset the relationship status', () => {
    expect(updateCompanySchema.parse({ notes: 'Met at expo' })).toEqual({ notes: 'Met at expo' });
  });
});

describe('company numbers fit their columns', () => {
  it('bounds the estimated revenue to numeric(14, 2)', () => {
    expect(issuesOf(createCompanySchema, { ...valid, estimatedRevenue: '$2,500,000' })).toEqual([]);
    expect(issuesOf(createCompanySchema, { ...valid, estimatedRevenue: 1e13 })).toEqual(
      issue('estimatedRevenue', 'Estimated revenue must be between 0 and 999,999,999,999.99'),
    );
  });
  it('refers to users by id', () => {
    expect(issuesOf(createCompanySchema, { ...valid, assignedTo: 'Ann' })).toEqual(
      issue('assignedTo', 'Invalid user ID'),
    );
  });
});
