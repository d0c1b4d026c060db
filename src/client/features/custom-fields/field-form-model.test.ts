import { describe, expect, it } from 'vitest';
import {
  createCustomFieldSchema,
  fieldKeyFromName as serverFieldKey,
} from '../../../server/features/custom-fields/custom-field-schemas';
import { type FieldFormValues, fieldFormSchema, fieldKeyFromName, toFieldInput } from './field-form-model';

const values = (over: Partial<FieldFormValues> = {}): FieldFormValues => ({
  name: 'Preferred contact',
  fieldKey: '',
  fieldType: 'select',
  sectionId: '',
  isRequired: false,
  isVisible: true,
  placeholder: '',
  defaultValue: '',
  options: [{ value: 'Phone' }, { value: 'Email' }],
  ...over,
});

const issues = (input: FieldFormValues) => {
  const result = fieldFormSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('custom field dialog rules', () => {
  it('accepts a select with options and sends what the server accepts', () => {
    expect(issues(values())).toEqual([]);
    const input = toFieldInput(values({ defaultValue: 'Email' }), false);
    expect(input).toMatchObject({ fieldType: 'select', options: ['Phone', 'Email'], defaultValue: 'Email' });
    expect(createCustomFieldSchema.safeParse({ ...input, entityType: 'lead' }).success).toBe(true);
  });

  it('words problems as the server does', () => {
    expect(issues(values({ name: 'x' }))).toContain('name: Name must be at least 2 characters');
    expect(issues(values({ options: [{ value: '' }, { value: ' ' }] }))).toEqual([
      'options.0.value: Options cannot be empty',
      'options.1.value: Options cannot be empty',
      'options: Options are required for select fields',
    ]);
    expect(issues(values({ options: [{ value: 'A' }, { value: 'A' }] }))).toEqual([
      'options.1.value: Options must be unique',
    ]);
    expect(issues(values({ fieldKey: '1abc' }))).toEqual([
      'fieldKey: Field key must start with a letter and use only letters, numbers and underscores',
    ]);
    expect(issues(values({ defaultValue: 'Fax' }))).toEqual([
      'defaultValue: Preferred contact must be one of the options',
    ]);
    expect(issues(values({ fieldType: 'number', name: 'Budget', defaultValue: 'lots' }))).toEqual([
      'defaultValue: Budget must be a number',
    ]);
    const server = createCustomFieldSchema.safeParse({ name: 'x', fieldType: 'select', entityType: 'lead' });
    expect(server.success ? [] : server.error.issues.map((i) => i.message)).toContain(
      'Name must be at least 2 characters',
    );
  });

  it('derives the key from the name like the server', () => {
    for (const name of ['Property address', '2nd phone', 'Équipe — main', '!!!']) {
      expect(fieldKeyFromName(name)).toBe(serverFieldKey(name));
    }
  });

  it('keeps the key of an existing field and drops options of other types', () => {
    expect(toFieldInput(values({ fieldKey: 'renamed' }), true)).not.toHaveProperty('fieldKey');
    expect(toFieldInput(values({ fieldType: 'text' }), false).options).toBeNull();
  });
});
