import { describe, expect, it } from 'vitest';
import {
  createUserSchema,
  releaseNotificationPreferenceSchema,
  updateProfileSchema,
  updateUserSchema,
} from './users';
import { type IssueCase, issue, issuesOf, without } from './test-helpers';

const valid = { email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', password: 'secret1' };

describe('createUserSchema', () => {
  const cases: IssueCase[] = [
    { name: 'valid', input: valid, issues: [] },
    {
      name: 'valid with team and permissions',
      input: {
        ...valid,
        role: 'manager',
        status: 'inactive',
        teamId: '7d9c4f0e-2f7a-4a8e-9a55-0b8f6a2b1c3d',
        permissions: { leads: { delete: true } },
      },
      issues: [],
    },
    { name: 'no team', input: { ...valid, teamId: null }, issues: [] },
    {
      name: 'invalid email',
      input: { ...valid, email: 'ann' },
      issues: issue('email', 'Please enter a valid email address'),
    },
    {
      name: 'missing email',
      input: without(valid, 'email'),
      issues: issue('email', 'Please enter a valid email address'),
    },
    {
      name: 'short first name',
      input: { ...valid, firstName: 'A' },
      issues: issue('firstName', 'First name must be at least 2 characters'),
    },
    {
      name: 'missing first name',
      input: without(valid, 'firstName'),
      issues: issue('firstName', 'First name must be at least 2 characters'),
    },
    {
      name: 'short last name',
      input: { ...valid, lastName: 'L' },
      issues: issue('lastName', 'Last name must be at least 2 characters'),
    },
    { name: 'unknown role', input: { ...valid, role: 'owner' }, issues: issue('role', 'Invalid role') },
    {
      name: 'unknown status',
      input: { ...valid, status: 'suspended' },
      issues: issue('status', 'Invalid status'),
    },
    {
      name: 'short password',
      input: { ...valid, password: '12345' },
      issues: issue('password', 'Password must be at least 6 characters'),
    },
    {
      name: 'empty password',
      input: { ...valid, password: '' },
      issues: issue('password', 'Password must be at least 6 characters'),
    },
    {
      name: 'missing password',
      input: without(valid, 'password'),
      issues: issue('password', 'Password must be at least 6 characters'),
    },
    {
      name: 'invalid team id',
      input: { ...valid, teamId: 'sales' },
      issues: issue('teamId', 'Invalid team ID'),
    },
    {
      name: 'permissions with a non-boolean',
      input: { ...valid, permissions: { leads: { read: 1 } } },
      issues: issue(
        'permissions.leads.read',
        'Permissions must map each category to actions set to true or false',
      ),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(createUserSchema, input)).toEqual(issues);
  });

  it('defaults role to user and status to active', () => {
    const user = createUserSchema.parse(valid);
    expect(user.role).toBe('user');
    expect(user.status).toBe('active');
  });
});

describe('updateUserSchema', () => {
  const cases: IssueCase[] = [
    { name: 'empty patch', input: {}, issues: [] },
    { name: 'empty password means unchanged', input: { firstName: 'Ann', password: '' }, issues: [] },
    { name: 'new password', input: { password: 'secret2' }, issues: [] },
    {
      name: 'short new password',
      input: { password: '123' },
      issues: issue('password', 'Password must be at least 6 characters'),
    },
    {
      name: 'short first name',
      input: { firstName: 'A' },
      issues: issue('firstName', 'First name must be at least 2 characters'),
    },
    {
      name: 'invalid email',
      input: { email: 'x' },
      issues: issue('email', 'Please enter a valid email address'),
    },
    { name: 'unknown role', input: { role: 'root' }, issues: issue('role', 'Invalid role') },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(updateUserSchema, input)).toEqual(issues);
  });

  it('drops an empty password and applies no defaults', () => {
    expect(updateUserSchema.parse({ password: '' })).toEqual({});
  });
});

describe('updateProfileSchema', () => {
  const cases: IssueCase[] = [
    { name: 'empty patch', input: {}, issues: [] },
    {
      name: 'every preference',
      input: {
        firstName: 'Ann',
        lastName: 'Lee',
        phoneNumber: '555',
        timezone: 'UTC-05:00',
        dateNumberFormat: 'US',
        language: 'en',
        defaultCurrency: 'USD',
        colorScheme: 'ocean',
        kanbanTheme: 'professional',
        showReleaseNotifications: false,
      },
      issues: [],
    },
    {
      name: 'short last name',
      input: { lastName: 'L' },
      issues: issue('lastName', 'Last name must be at least 2 characters'),
    },
    { name: 'blank timezone', input: { timezone: '' }, issues: issue('timezone', 'Timezone is required') },
    {
      name: 'non-boolean notifications',
      input: { showReleaseNotifications: 'no' },
      issues: issue('showReleaseNotifications', 'showReleaseNotifications must be true or false'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(updateProfileSchema, input)).toEqual(issues);
  });
});

describe('releaseNotificationPreferenceSchema', () => {
  it('needs both fields', () => {
    expect(
      issuesOf(releaseNotificationPreferenceSchema, {
        showReleaseNotifications: true,
        lastSeenReleaseVersion: '1.4.0',
      }),
    ).toEqual([]);
    expect(issuesOf(releaseNotificationPreferenceSchema, { showReleaseNotifications: true })).toEqual(
      issue('lastSeenReleaseVersion', 'Release version is required'),
    );
  });
});
