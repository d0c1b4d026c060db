import { describe, expect, it } from 'vitest';
import { feedbackSchema } from './feedback';
import { type IssueCase, issue, issuesOf } from './test-helpers';

const valid = {
  type: 'general',
  message: 'Love the pipeline view',
  page: '/deals',
  userAgent: 'Mozilla/5.0',
  timestamp: '2025-05-01T12:00:00.000Z',
};

describe('feedbackSchema', () => {
  const cases: IssueCase[] = [
    { name: 'valid', input: valid, issues: [] },
    { name: 'only a message', input: { message: 'Nice' }, issues: [] },
    {
      name: 'empty message',
      input: { ...valid, message: '' },
      issues: issue('message', 'Message is required'),
    },
    {
      name: 'whitespace-only message',
      input: { ...valid, message: '  \n ' },
      issues: issue('message', 'Message is required'),
    },
    { name: 'missing message', input: { type: 'general' }, issues: issue('message', 'Message is required') },
    {
      name: 'unknown type',
      input: { ...valid, type: 'bug' },
      issues: issue('type', 'Invalid feedback type'),
    },
    {
      name: 'timestamp not ISO',
      input: { ...valid, timestamp: 'yesterday' },
      issues: issue('timestamp', 'Timestamp must be a valid date'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(feedbackSchema, input)).toEqual(issues);
  });

  it('defaults the type to general and trims the message', () => {
    expect(feedbackSchema.parse({ message: '  Nice  ' })).toEqual({ type: 'general', message: 'Nice' });
  });
});
