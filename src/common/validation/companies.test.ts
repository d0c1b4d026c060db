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
      name: 'website that is no address',
      input: { ...valid, website: 'not a url' },
      issues: issue('website', 'Must be a valid URL'),
    },
    {
      name: 'website without a dotted host',
      input: { ...valid, website: 'acme' },
      issues: issue('website', 'Must be a valid URL'),
    },
    {
      name: 'an e-mail address is no website',
      input: { ...valid, website: 'ann@acme.com' },
      issues: issue('website', 'Must be a valid URL'),
    },
    {
      name: 'website with another scheme',
      input: { ...valid, website: 'ftp://acme.com' },
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

  it.each([
    ['acme.com', 'https://acme.com'],
    ['  www.acme.com/about?x=1 ', 'https://www.acme.com/about?x=1'],
    ['acme.com:8080/path', 'https://acme.com:8080/path'],
    ['http://acme.com', 'http://acme.com'],
    ['https://localhost:3000', 'https://localhost:3000'],
  ])('reads the website %j as %j', (website, stored) => {
    expect(createCompanySchema.parse({ ...valid, website }).website).toBe(stored);
  });

  it('bounds single-line text at 255 characters and the website at 2048', () => {
    expect(issuesOf(createCompanySchema, { ...valid, companyName: 'A'.repeat(255) })).toEqual([]);
    expect(
      issuesOf(createCompanySchema, { ...valid, companyName: 'A'.repeat(256), industry: 'B'.repeat(256) }),
    ).toEqual([
      { path: 'companyName', message: 'Company name must be at most 255 characters' },
      { path: 'industry', message: 'Industry must be at most 255 characters' },
    ]);
    expect(issuesOf(createCompanySchema, { ...valid, website: `acme.com/${'a'.repeat(2048)}` })).toEqual(
      issue('website', 'Website must be at most 2,048 characters'),
    );
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
