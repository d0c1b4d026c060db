import { describe, expect, it } from 'vitest';
import {
  createOrganizationSchema,
  organizationEmailSettingsSchema,
  updateOrganizationSchema,
  updateOrganizationSettingsSchema,
} from './organizations';
import { type IssueCase, issue, issuesOf, without } from './test-helpers';

const valid = { name: 'Acme Recovery', subdomain: 'acme' };

describe('createOrganizationSchema', () => {
  const cases: IssueCase[] = [
    { name: 'valid', input: valid, issues: [] },
    {
      name: 'valid with email settings',
      input: { ...valid, emailFromName: 'Acme', emailFromAddress: 'hi@acme.com', emailReplyTo: '' },
      issues: [],
    },
    {
      name: 'short name',
      input: { ...valid, name: 'A' },
      issues: issue('name', 'Organization name must be at least 2 characters'),
    },
    {
      name: 'short subdomain',
      input: { ...valid, subdomain: 'a' },
      issues: issue('subdomain', 'Subdomain must be at least 2 characters'),
    },
    {
      name: 'missing subdomain',
      input: without(valid, 'subdomain'),
      issues: issue('subdomain', 'Subdomain must be at least 2 characters'),
    },
    {
      name: 'subdomain with a dot',
      input: { ...valid, subdomain: 'acme.co' },
      issues: issue('subdomain', 'Subdomain may only contain lowercase letters, numbers and hyphens'),
    },
    {
      name: 'max users 0',
      input: { ...valid, maxUsers: 0 },
      issues: issue('maxUsers', 'Max users must be at least 1'),
    },
    {
      name: 'max users not whole',
      input: { ...valid, maxUsers: 2.5 },
      issues: issue('maxUsers', 'Max users must be a whole number'),
    },
    {
      name: 'unknown plan',
      input: { ...valid, planType: 'gold' },
      issues: issue('planType', 'Invalid plan type'),
    },
    {
      name: 'unknown status',
      input: { ...valid, status: 'deleted' },
      issues: issue('status', 'Invalid status'),
    },
    {
      name: 'unknown sector',
      input: { ...valid, industrySector: 'Farming' },
      issues: issue('industrySector', 'Please select an industry sector'),
    },
    {
      name: 'empty from name',
      input: { ...valid, emailFromName: '' },
      issues: issue('emailFromName', 'From name is required'),
    },
    {
      name: 'invalid from address',
      input: { ...valid, emailFromAddress: 'acme' },
      issues: issue('emailFromAddress', 'Invalid email address'),
    },
    {
      name: 'invalid reply-to',
      input: { ...valid, emailReplyTo: 'acme' },
      issues: issue('emailReplyTo', 'Invalid reply-to email address'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(createOrganizationSchema, input)).toEqual(issues);
  });

  it('applies the spec defaults and lowercases the subdomain', () => {
    expect(createOrganizationSchema.parse({ ...valid, subdomain: ' Acme-1 ' })).toEqual({
      name: 'Acme Recovery',
      subdomain: 'acme-1',
      planType: 'free',
      maxUsers: 5,
      status: 'active',
      industrySector: 'Surplus Funds Locator',
    });
  });

  it('update applies no defaults', () => {
    expect(updateOrganizationSchema.parse({ maxUsers: 10 })).toEqual({ maxUsers: 10 });
  });
});

describe('organizationEmailSettingsSchema', () => {
  const settings = { emailFromName: 'Acme', emailFromAddress: 'hi@acme.com' };
  const cases: IssueCase[] = [
    { name: 'valid', input: settings, issues: [] },
    {
      name: 'empty reply-to allowed',
      input: { ...settings, emailReplyTo: '', emailSignature: 'Thanks' },
      issues: [],
    },
    {
      name: 'missing from name',
      input: without(settings, 'emailFromName'),
      issues: issue('emailFromName', 'From name is required'),
    },
    {
      name: 'empty from name',
      input: { ...settings, emailFromName: ' ' },
      issues: issue('emailFromName', 'From name is required'),
    },
    {
      name: 'missing from address',
      input: without(settings, 'emailFromAddress'),
      issues: issue('emailFromAddress', 'Invalid email address'),
    },
    {
      name: 'empty from address',
      input: { ...settings, emailFromAddress: '' },
      issues: issue('emailFromAddress', 'Invalid email address'),
    },
    {
      name: 'invalid reply-to',
      input: { ...settings, emailReplyTo: 'reply' },
      issues: issue('emailReplyTo', 'Invalid reply-to email address'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(organizationEmailSettingsSchema, input)).toEqual(issues);
  });
});

describe('updateOrganizationSettingsSchema', () => {
  const cases: IssueCase[] = [
    { name: 'empty patch', input: {}, issues: [] },
    { name: 'name and phone', input: { name: 'Acme LLC', corporatePhone: '555-0100' }, issues: [] },
    {
      name: 'short name',
      input: { name: 'A' },
      issues: issue('name', 'Organization name must be at least 2 characters'),
    },
    {
      name: 'invalid from address',
      input: { emailFromAddress: 'x' },
      issues: issue('emailFromAddress', 'Invalid email address'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(updateOrganizationSettingsSchema, input)).toEqual(issues);
  });

  it('ignores platform fields a tenant admin may not change', () => {
    expect(
      updateOrganizationSettingsSchema.parse({ maxUsers: 999, planType: 'enterprise', subdomain: 'x' }),
    ).toEqual({});
  });
});
