import { describe, expect, it } from 'vitest';
import { supportSubmissionSchema } from './support';
import { type IssueCase, issue, issuesOf, without } from './test-helpers';

const valid = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  type: 'bug',
  description: 'The export button does nothing.',
};

describe('supportSubmissionSchema', () => {
  const cases: IssueCase[] = [
    { name: 'valid bug report', input: valid, issues: [] },
    {
      name: 'valid enhancement with an image',
      input: { ...valid, type: 'enhancement', imageUrl: 'https://x.io/a.png' },
      issues: [],
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
    {
      name: 'missing last name',
      input: without(valid, 'lastName'),
      issues: issue('lastName', 'Last name must be at least 2 characters'),
    },
    {
      name: 'invalid email',
      input: { ...valid, email: 'ann.example.com' },
      issues: issue('email', 'Please enter a valid email address'),
    },
    {
      name: 'missing email',
      input: without(valid, 'email'),
      issues: issue('email', 'Please enter a valid email address'),
    },
    {
      name: 'unknown type',
      input: { ...valid, type: 'question' },
      issues: issue('type', 'Please select a type'),
    },
    { name: 'missing type', input: without(valid, 'type'), issues: issue('type', 'Please select a type') },
    {
      name: 'short description',
      input: { ...valid, description: 'Broken' },
      issues: issue('description', 'Description must be at least 10 characters'),
    },
    {
      name: 'missing description',
      input: without(valid, 'description'),
      issues: issue('description', 'Description must be at least 10 characters'),
    },
  ];

  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(supportSubmissionSchema, input)).toEqual(issues);
  });

  it('reports every failing field at once', () => {
    expect(issuesOf(supportSubmissionSchema, {})).toEqual([
      { path: 'firstName', message: 'First name must be at least 2 characters' },
      { path: 'lastName', message: 'Last name must be at least 2 characters' },
      { path: 'email', message: 'Please enter a valid email address' },
      { path: 'type', message: 'Please select a type' },
      { path: 'description', message: 'Description must be at least 10 characters' },
    ]);
  });

  it('treats an empty image as absent', () => {
    expect(supportSubmissionSchema.parse({ ...valid, imageUrl: '' }).imageUrl).toBeNull();
  });
});
