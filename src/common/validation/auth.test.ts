import { describe, expect, it } from 'vitest';
import { changePasswordSchema, loginSchema, registerSchema } from './auth';
import { type IssueCase, issue, issuesOf, without } from './test-helpers';

const register = {
  organizationName: 'Acme Recovery',
  industrySector: 'Real Estate Investor',
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  password: 'secret1',
};

describe('registerSchema', () => {
  const cases: IssueCase[] = [
    { name: 'valid', input: register, issues: [] },
    {
      name: 'short organization name',
      input: { ...register, organizationName: 'A' },
      issues: issue('organizationName', 'Organization name must be at least 2 characters'),
    },
    {
      name: 'missing organization name',
      input: without(register, 'organizationName'),
      issues: issue('organizationName', 'Organization name must be at least 2 characters'),
    },
    {
      name: 'unknown sector',
      input: { ...register, industrySector: 'Farming' },
      issues: issue('industrySector', 'Please select an industry sector'),
    },
    {
      name: 'short first name',
      input: { ...register, firstName: 'A' },
      issues: issue('firstName', 'First name must be at least 2 characters'),
    },
    {
      name: 'missing first name',
      input: without(register, 'firstName'),
      issues: issue('firstName', 'First name must be at least 2 characters'),
    },
    {
      name: 'short last name',
      input: { ...register, lastName: 'L' },
      issues: issue('lastName', 'Last name must be at least 2 characters'),
    },
    {
      name: 'invalid email',
      input: { ...register, email: 'ann@' },
      issues: issue('email', 'Please enter a valid email address'),
    },
    {
      name: 'short password',
      input: { ...register, password: '12345' },
      issues: issue('password', 'Password must be at least 6 characters'),
    },
    {
      name: 'missing password',
      input: without(register, 'password'),
      issues: issue('password', 'Password must be at least 6 characters'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(registerSchema, input)).toEqual(issues);
  });

  it('defaults the industry sector', () => {
    expect(registerSchema.parse(without(register, 'industrySector')).industrySector).toBe(
      'Surplus Funds Locator',
    );
  });

  it('keeps the password untrimmed', () => {
    expect(registerSchema.parse({ ...register, password: ' secret ' }).password).toBe(' secret ');
  });
});

describe('loginSchema', () => {
  const cases: IssueCase[] = [
    { name: 'valid', input: { email: 'ann@example.com', password: 'x' }, issues: [] },
    { name: 'empty email', input: { email: '', password: 'x' }, issues: issue('email', 'Email is required') },
    { name: 'missing email', input: { password: 'x' }, issues: issue('email', 'Email is required') },
    {
      name: 'empty password',
      input: { email: 'ann@example.com', password: '' },
      issues: issue('password', 'Password is required'),
    },
    {
      name: 'missing password',
      input: { email: 'ann@example.com' },
      issues: issue('password', 'Password is required'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(loginSchema, input)).toEqual(issues);
  });
});

describe('changePasswordSchema', () => {
  const cases: IssueCase[] = [
    { name: 'valid', input: { currentPassword: 'old', newPassword: 'secret1' }, issues: [] },
    {
      name: 'missing current password',
      input: { newPassword: 'secret1' },
      issues: issue('currentPassword', 'Current password is required'),
    },
    {
      name: 'short new password',
      input: { currentPassword: 'old', newPassword: '123' },
      issues: issue('newPassword', 'Password must be at least 6 characters'),
    },
    {
      name: 'missing new password',
      input: { currentPassword: 'old' },
      issues: issue('newPassword', 'Password must be at least 6 characters'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(changePasswordSchema, input)).toEqual(issues);
  });
});
