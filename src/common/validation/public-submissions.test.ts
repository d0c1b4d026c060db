import { describe, expect, it } from 'vitest';
import { demoRequestSchema, earlyAccessSchema } from './public-submissions';
import { type IssueCase, issue, issuesOf, without } from './test-helpers';

const earlyAccess = { email: 'ann@example.com', name: 'Ann', persona: 'Surplus Funds Locator' };
const demo = { ...earlyAccess, company: 'Acme Recovery' };

describe('earlyAccessSchema', () => {
  const cases: IssueCase[] = [
    { name: 'valid', input: earlyAccess, issues: [] },
    { name: 'valid with a company', input: { ...earlyAccess, company: 'A' }, issues: [] },
    {
      name: 'invalid email',
      input: { ...earlyAccess, email: 'ann' },
      issues: issue('email', 'Please enter a valid email address'),
    },
    {
      name: 'short name',
      input: { ...earlyAccess, name: 'A' },
      issues: issue('name', 'Name must be at least 2 characters'),
    },
    {
      name: 'missing name',
      input: without(earlyAccess, 'name'),
      issues: issue('name', 'Name must be at least 2 characters'),
    },
    {
      name: 'empty persona',
      input: { ...earlyAccess, persona: '' },
      issues: issue('persona', 'Please select your role'),
    },
    {
      name: 'missing persona',
      input: without(earlyAccess, 'persona'),
      issues: issue('persona', 'Please select your role'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(earlyAccessSchema, input)).toEqual(issues);
  });
});

describe('demoRequestSchema', () => {
  const cases: IssueCase[] = [
    { name: 'valid', input: demo, issues: [] },
    {
      name: 'valid with the optional fields',
      input: { ...demo, message: 'Hi', phoneNumber: '555-0100', preferredTime: 'Mornings' },
      issues: [],
    },
    {
      name: 'optional fields left blank',
      input: { ...demo, message: '', phoneNumber: '', preferredTime: '' },
      issues: [],
    },
    {
      name: 'short company',
      input: { ...demo, company: 'A' },
      issues: issue('company', 'Company name must be at least 2 characters'),
    },
    {
      name: 'missing company',
      input: earlyAccess,
      issues: issue('company', 'Company name must be at least 2 characters'),
    },
    {
      name: 'early access rules apply',
      input: { ...demo, name: 'A' },
      issues: issue('name', 'Name must be at least 2 characters'),
    },
    {
      name: 'early access persona rule applies',
      input: { ...demo, persona: '' },
      issues: issue('persona', 'Please select your role'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(demoRequestSchema, input)).toEqual(issues);
  });
});
