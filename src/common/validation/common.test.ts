import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  blankable,
  dateField,
  emailField,
  hexColor,
  idField,
  nameField,
  numberField,
  numberLike,
  optionalEmail,
  permissionSetField,
  requiredHexColor,
  tagList,
  toFieldErrors,
  updateSchemaOf,
  withOrganization,
} from './common';
import { type IssueCase, issue, issuesOf } from './test-helpers';

const probe = (schema: z.ZodType) => z.object({ value: schema });

describe('field primitives', () => {
  const cases: (IssueCase & { schema: z.ZodType })[] = [
    { name: 'name: two characters', schema: nameField('Too short'), input: 'Al', issues: [] },
    {
      name: 'name: trimmed before the length check',
      schema: nameField('Too short'),
      input: ' A ',
      issues: issue('value', 'Too short'),
    },
    {
      name: 'name: missing uses the same message',
      schema: nameField('Too short'),
      input: undefined,
      issues: issue('value', 'Too short'),
    },
    {
      name: 'name: not a string',
      schema: nameField('Too short'),
      input: 42,
      issues: issue('value', 'Too short'),
    },
    { name: 'email: valid', schema: emailField(), input: 'ann@example.com', issues: [] },
    {
      name: 'email: invalid',
      schema: emailField(),
      input: 'ann@',
      issues: issue('value', 'Please enter a valid email address'),
    },
    {
      name: 'email: missing',
      schema: emailField('Bad email'),
      input: undefined,
      issues: issue('value', 'Bad email'),
    },
    { name: 'optional email: absent', schema: optionalEmail(), input: undefined, issues: [] },
    { name: 'optional email: blank', schema: optionalEmail(), input: '  ', issues: [] },
    {
      name: 'optional email: invalid',
      schema: optionalEmail('Bad'),
      input: 'nope',
      issues: issue('value', 'Bad'),
    },
    { name: 'hex: valid', schema: hexColor, input: '#A1b2C3', issues: [] },
    {
      name: 'hex: 3 digits',
      schema: hexColor,
      input: '#abc',
      issues: issue('value', 'Color must be a valid hex code'),
    },
    {
      name: 'hex: no #',
      schema: hexColor,
      input: 'a1b2c3',
      issues: issue('value', 'Color must be a valid hex code'),
    },
    {
      name: 'hex: missing',
      schema: hexColor,
      input: undefined,
      issues: issue('value', 'Color must be a valid hex code'),
    },
    {
      name: 'required hex: empty',
      schema: requiredHexColor,
      input: '',
      issues: issue('value', 'Color is required'),
    },
    {
      name: 'required hex: malformed',
      schema: requiredHexColor,
      input: 'blue',
      issues: issue('value', 'Color must be a valid hex code'),
    },
    {
      name: 'id: any 8-4-4-4-12 hex',
      schema: idField('Bad id'),
      input: '00000000-0000-0000-0000-000000000001',
      issues: [],
    },
    { name: 'id: not an id', schema: idField('Bad id'), input: '42', issues: issue('value', 'Bad id') },
    { name: 'date: calendar date', schema: dateField('Due date'), input: '2025-03-01', issues: [] },
    {
      name: 'date: date-time with Z',
      schema: dateField('Due date'),
      input: '2025-03-01T10:30:00.000Z',
      issues: [],
    },
    {
      name: 'date: date-time with offset',
      schema: dateField('Due date'),
      input: '2025-03-01T10:30:00+02:00',
      issues: [],
    },
    {
      name: 'date: date-time without an offset',
      schema: dateField('Due date'),
      input: '2025-03-01T10:30',
      issues: [],
    },
    {
      name: 'date: date-time with a space instead of T',
      schema: dateField('Due date'),
      input: '2025-03-01 10:30:00',
      issues: issue('value', 'Due date must be a valid date'),
    },
    {
      name: 'date: impossible day',
      schema: dateField('Due date'),
      input: '2025-02-30',
      issues: issue('value', 'Due date must be a valid date'),
    },
    {
      name: 'date: free text',
      schema: dateField('Due date'),
      input: 'tomorrow',
      issues: issue('value', 'Due date must be a valid date'),
    },
    {
      name: 'date: year 0, which PostgreSQL has not',
      schema: dateField('Due date'),
      input: '0000-01-01',
      issues: issue('value', 'Due date must be a valid date'),
    },
    {
      name: 'date: an offset that lands in year 0',
      schema: dateField('Due date'),
      input: '0001-01-01T00:00:00+14:00',
      issues: issue('value', 'Due date must be a valid date'),
    },
    {
      name: 'number: whole, beyond an integer column',
      schema: numberField('Order index', { min: 0, int: true }),
      input: 1e12,
      issues: issue('value', 'Order index is too large'),
    },
    {
      name: 'number: whole, below an integer column',
      schema: numberField('Offset X', { int: true }),
      input: -1e12,
      issues: issue('value', 'Offset X is too small'),
    },
    {
      name: 'number: in range',
      schema: numberField('Probability', { min: 0, max: 100 }),
      input: 50,
      issues: [],
    },
    {
      name: 'number: above range',
      schema: numberField('Probability', { min: 0, max: 100 }),
      input: 101,
      issues: issue('value', 'Probability must be between 0 and 100'),
    },
    {
      name: 'number: below minimum',
      schema: numberField('Width', { min: 50 }),
      input: 49,
      issues: issue('value', 'Width must be at least 50'),
    },
    {
      name: 'number: above maximum',
      schema: numberField('Depth', { max: 3 }),
      input: 4,
      issues: issue('value', 'Depth must be at most 3'),
    },
    {
      name: 'number: not whole',
      schema: numberField('Page', { min: 1, int: true }),
      input: 1.5,
      issues: issue('value', 'Page must be a whole number'),
    },
    {
      name: 'number: missing',
      schema: numberField('Width'),
      input: undefined,
      issues: issue('value', 'Width is required'),
    },
    {
      name: 'number: text',
      schema: numberField('Width'),
      input: '60',
      issues: issue('value', 'Width must be a number'),
    },
    {
      name: 'permissions: valid',
      schema: permissionSetField,
      input: { leads: { read: true, delete: false } },
      issues: [],
    },
    {
      name: 'permissions: non-boolean flag',
      schema: permissionSetField,
      input: { leads: { read: 'yes' } },
      issues: issue('value.leads.read', 'Permissions must map each category to actions set to true or false'),
    },
  ];

  it.each(cases)('$name', ({ schema, input, issues }) => {
    expect(issuesOf(probe(schema), { value: input })).toEqual(issues);
  });

  it('reads a date-time without an offset as UTC, and leaves the others as sent', () => {
    expect(dateField('Due date').parse('2025-03-01T10:30')).toBe('2025-03-01T10:30Z');
    expect(dateField('Due date').parse('2025-03-01T10:30:00.5')).toBe('2025-03-01T10:30:00.5Z');
    expect(dateField('Due date').parse('2025-03-01T10:30:00+02:00')).toBe('2025-03-01T10:30:00+02:00');
    expect(dateField('Due date').parse('2025-03-01')).toBe('2025-03-01');
  });

  it('keeps tags short and few', () => {
    expect(tagList.parse([' VIP ', 'Probate'])).toEqual(['VIP', 'Probate']);
    expect(tagList.safeParse(Array(101).fill('t')).error?.issues[0].message).toBe(
      'A record can have at most 100 tags',
    );
    expect(tagList.safeParse(['x'.repeat(51)]).error?.issues[0].message).toBe(
      'Tag must be at most 50 characters',
    );
    expect(tagList.safeParse([3]).error?.issues[0].message).toBe('Tags must be text');
  });

  it('trims emails and names', () => {
    expect(emailField().parse('  ann@example.com ')).toBe('ann@example.com');
    expect(nameField('x').parse('  Ann  ')).toBe('Ann');
  });

  it('turns blank optional values into null and keeps a missing one undefined', () => {
    const schema = z.object({ note: blankable(z.string()) });
    expect(schema.parse({ note: '   ' })).toEqual({ note: null });
    expect(schema.parse({ note: null })).toEqual({ note: null });
    expect(schema.parse({})).toEqual({});
    expect(schema.parse({ note: 'hi' })).toEqual({ note: 'hi' });
  });
});

describe('numberLike', () => {
  const schema = numberLike('Deal value', { min: 0 });
  it.each([
    ['', null],
    ['   ', null],
    [null, null],
    [undefined, undefined],
    [7, 7],
    ['12.5', 12.5],
    [' 42 ', 42],
    ['$1,250.50', 1250.5],
    ['.5', 0.5],
  ])('%j → %j', (input, expected) => {
    expect(schema.parse(input)).toBe(expected);
  });

  it.each(['abc', '12abc', '$', '1.2.3', '0x10', 'Infinity', '1e3'])('rejects %j', (input) => {
    expect(issuesOf(probe(schema), { value: input })).toEqual(issue('value', 'Deal value must be a number'));
  });

  it('rejects other types with the same message', () => {
    expect(issuesOf(probe(schema), { value: true })).toEqual(issue('value', 'Deal value must be a number'));
    expect(issuesOf(probe(schema), { value: Number.NaN })).toEqual(
      issue('value', 'Deal value must be a number'),
    );
  });

  it('applies the bounds after parsing text', () => {
    const percent = numberLike('Close probability', { min: 0, max: 100, int: true });
    expect(issuesOf(probe(percent), { value: '120' })).toEqual(
      issue('value', 'Close probability must be between 0 and 100'),
    );
    expect(issuesOf(probe(percent), { value: 33.3 })).toEqual(
      issue('value', 'Close probability must be a whole number'),
    );
  });
});

describe('schema helpers', () => {
  const create = z.object({
    name: nameField('Name must be at least 2 characters'),
    status: z.enum(['active', 'inactive']).default('active'),
  });

  it('updateSchemaOf makes every field optional and drops defaults', () => {
    const update = updateSchemaOf(create);
    expect(update.parse({})).toEqual({});
    expect(update.parse({ status: 'inactive' })).toEqual({ status: 'inactive' });
    expect(issuesOf(update, { name: 'A' })).toEqual(issue('name', 'Name must be at least 2 characters'));
  });

  it('withOrganization requires organizationId', () => {
    const record = withOrganization(create);
    expect(issuesOf(record, { name: 'Ann' })).toEqual(issue('organizationId', 'Organization ID is required'));
    expect(issuesOf(record, { name: 'Ann', organizationId: '' })).toEqual(
      issue('organizationId', 'Organization ID is required'),
    );
    expect(issuesOf(record, { name: 'Ann', organizationId: 'org-1' })).toEqual([]);
  });

  it('toFieldErrors joins nested paths with dots', () => {
    const schema = z.object({ tags: z.array(z.string('Tag must be text')) });
    const result = schema.safeParse({ tags: ['a', 3] });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(toFieldErrors(result.error.issues)).toEqual([{ path: 'tags.1', message: 'Tag must be text' }]);
    }
  });
});
