import { describe, expect, it } from 'vitest';
import {
  columnsRequiredMessage,
  invalidColumnIdMessage,
  listKeyParamsSchema,
  listPreferenceSchema,
  maxColumnIdLength,
  tooManyColumnsMessage,
  unknownListMessage,
} from './preferences';
import { type IssueCase, issue, issuesOf } from './test-helpers';

describe('listKeyParamsSchema', () => {
  it.each(['leads', 'clients', 'companies', 'deals', 'objects:heirs', 'objects:court_filing2'])(
    'accepts %s',
    (listKey) => {
      expect(issuesOf(listKeyParamsSchema, { listKey })).toEqual([]);
    },
  );

  it('names the lists it knows when refusing another', () => {
    expect(issuesOf(listKeyParamsSchema, { listKey: 'Leads' })).toEqual(issue('listKey', unknownListMessage));
    expect(unknownListMessage).toBe(
      'Unknown list: use one of leads, clients, companies, deals or objects:<type>',
    );
  });

  it.each([
    'objects:',
    'objects:Heirs',
    'objects:2heirs',
    'objects:heirs-list',
    `objects:h${'x'.repeat(50)}`,
  ])('refuses the custom object list %s', (listKey) => {
    expect(issuesOf(listKeyParamsSchema, { listKey })).toEqual(issue('listKey', unknownListMessage));
  });
});

describe('listPreferenceSchema', () => {
  const cases: IssueCase[] = [
    { name: 'shown and hidden ids', input: { columns: ['industry', '-email', 'cf:1f0c-9a'] }, issues: [] },
    { name: 'no choice', input: { columns: [] }, issues: [] },
    { name: 'missing', input: {}, issues: issue('columns', columnsRequiredMessage) },
    { name: 'not a list', input: { columns: 'email' }, issues: issue('columns', columnsRequiredMessage) },
    { name: 'empty id', input: { columns: [''] }, issues: issue('columns.0', invalidColumnIdMessage) },
    { name: 'spaces', input: { columns: ['a b'] }, issues: issue('columns.0', invalidColumnIdMessage) },
    {
      name: 'too long',
      input: { columns: [`-${'x'.repeat(maxColumnIdLength + 1)}`] },
      issues: issue('columns.0', invalidColumnIdMessage),
    },
    {
      name: 'too many',
      input: { columns: Array.from({ length: 101 }, (_, i) => `c${i}`) },
      issues: issue('columns', tooManyColumnsMessage),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(listPreferenceSchema, input)).toEqual(issues);
  });

  it('allows a hidden id of the longest length', () => {
    expect(issuesOf(listPreferenceSchema, { columns: [`-${'x'.repeat(maxColumnIdLength)}`] })).toEqual([]);
  });
});
