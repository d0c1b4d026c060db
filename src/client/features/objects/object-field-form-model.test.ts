import { describe, expect, it } from 'vitest';
import { fieldInputSchema, type ObjectFieldDefinition } from '../../../common/validation/objects';
import {
  objectFieldFormDefaults,
  objectFieldFormSchema,
  type ObjectFieldFormValues,
  toObjectFieldInput,
} from './object-field-form-model';

const values = (over: Partial<ObjectFieldFormValues> = {}): ObjectFieldFormValues => ({
  ...objectFieldFormDefaults(null),
  displayName: 'Status',
  fieldType: 'select',
  options: [{ value: 'Filed' }, { value: 'Granted' }],
  ...over,
});

const issues = (input: ObjectFieldFormValues) => {
  const result = objectFieldFormSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe("an object's field dialog", () => {
  it('sends a select with its options in the general section, as the server accepts it', () => {
    expect(issues(values())).toEqual([]);
    const body = toObjectFieldInput(values({ defaultValue: 'Filed' }), false);
    expect(body).toMatchObject({
      fieldType: 'select',
      options: ['Filed', 'Granted'],
      defaultValue: 'Filed',
      section: 'general',
      validationRules: null,
    });
    expect(fieldInputSchema.safeParse(body).success).toBe(true);
  });

  it("keeps only the rules of the field's type", () => {
    const number = toObjectFieldInput(
      values({ fieldType: 'number', min: '0', max: '100', minLength: '3', pattern: '[0-9]+' }),
      false,
    );
    expect(number.validationRules).toEqual({ min: 0, max: 100 });
    expect(number.options).toBeNull();
    const text = toObjectFieldInput(
      values({
        fieldType: 'text',
        min: '1',
        maxLength: '20',
        pattern: '[0-9]{4}',
        patternMessage: 'Four digits',
      }),
      false,
    );
    expect(text.validationRules).toEqual({
      maxLength: 20,
      pattern: '[0-9]{4}',
      patternMessage: 'Four digits',
    });
    expect(fieldInputSchema.safeParse(text).success).toBe(true);
  });

  it('sends the field name only when typed on a new field', () => {
    expect(toObjectFieldInput(values({ fieldName: 'status' }), false)).toHaveProperty('fieldName', 'status');
    expect(toObjectFieldInput(values({ fieldName: 'status' }), true)).not.toHaveProperty('fieldName');
    expect(toObjectFieldInput(values(), false)).not.toHaveProperty('fieldName');
  });

  it("refuses bad names, options, defaults and patterns with the server's messages", () => {
    expect(issues(values({ fieldName: '1st', options: [{ value: '' }] }))).toEqual([
      'fieldName: Field name must start with a letter and use only letters, numbers and underscores',
      'options.0.value: Options cannot be empty',
      'options: Options are required for select fields',
    ]);
    expect(issues(values({ fieldType: 'number', defaultValue: 'abc', options: [] }))).toEqual([
      'defaultValue: Status must be a number',
    ]);
    expect(issues(values({ fieldType: 'text', pattern: '([a-z' }))).toEqual([
      'pattern: Pattern must be a valid regular expression',
    ]);
  });

  it('opens an existing field with its rules as text', () => {
    const field: ObjectFieldDefinition = {
      id: 'f1',
      entityDefinitionId: 'd1',
      fieldName: 'share',
      displayName: 'Share %',
      fieldType: 'number',
      isRequired: true,
      displayOrder: 2,
      placeholder: null,
      validationRules: { min: 0, max: 100 },
      options: null,
      defaultValue: null,
      helpText: 'Of the surplus',
      section: 'share',
    };
    expect(objectFieldFormDefaults(field)).toMatchObject({
      min: '0',
      max: '100',
      minLength: '',
      section: 'share',
      helpText: 'Of the surplus',
      isRequired: true,
    });
  });
});
