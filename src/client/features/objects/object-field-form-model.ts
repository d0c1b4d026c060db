import { z } from 'zod';
import { numberLike } from '../../../common/validation/common';
import {
  fieldNameField,
  type FieldInput,
  type ObjectFieldDefinition,
  type ObjectFieldType,
  objectFieldTypes,
  objectMessages,
  validationRulesSchema,
} from '../../../common/validation/objects';
import { fieldTypesWithOptions } from '../../components/custom-fields/types';
import { refineOptionsAndDefault } from '../custom-fields/field-form-model';

/*
 * The dialog for an object's field: the server's rules (common/validation/objects.ts), with the
 * options and default checked as Settings › Custom fields checks them.
 */

export interface ObjectFieldFormValues {
  displayName: string;
  fieldName: string;
  fieldType: ObjectFieldType;
  section: string;
  isRequired: boolean;
  placeholder: string;
  helpText: string;
  defaultValue: string;
  options: { value: string }[];
  min: string;
  max: string;
  minLength: string;
  maxLength: string;
  pattern: string;
  patternMessage: string;
}

/** Which validation rules a type takes: bounds for numbers, length and a pattern for text. */
export function rulesForType(type: ObjectFieldType): { bounds: boolean; text: boolean } {
  return {
    bounds: type === 'number' || type === 'currency',
    text: ['text', 'textarea', 'email', 'phone', 'url'].includes(type),
  };
}

const lengthRule = (label: string) => numberLike(label, { min: 0, max: 100_000, int: true });

export const objectFieldFormSchema = z
  .object({
    displayName: z
      .string()
      .trim()
      .min(1, 'Display name is required')
      .max(100, 'Display name must be at most 100 characters'),
    fieldName: z.union([z.literal(''), fieldNameField]),
    fieldType: z.enum(objectFieldTypes, { error: objectMessages.fieldType }),
    section: z.string().trim().max(100, 'Section must be at most 100 characters'),
    isRequired: z.boolean(),
    placeholder: z.string().trim().max(255, 'Placeholder must be at most 255 characters'),
    helpText: z.string().trim().max(1000, 'Help text must be at most 1,000 characters'),
    defaultValue: z.string(),
    options: z.array(z.object({ value: z.string() })),
    min: numberLike('Minimum'),
    max: numberLike('Maximum'),
    minLength: lengthRule('Minimum length'),
    maxLength: lengthRule('Maximum length'),
    pattern: validationRulesSchema.shape.pattern,
    patternMessage: z.string().trim().max(255, 'Pattern message must be at most 255 characters'),
  })
  .superRefine((values, ctx) =>
    refineOptionsAndDefault({ ...values, name: values.displayName, fieldType: values.fieldType }, ctx),
  );

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

export function objectFieldFormDefaults(
  field: ObjectFieldDefinition | null,
  section?: string,
): ObjectFieldFormValues {
  const rules = field?.validationRules ?? {};
  const options = field?.options ?? [];
  return {
    displayName: field?.displayName ?? '',
    fieldName: field?.fieldName ?? '',
    fieldType: field?.fieldType ?? 'text',
    section: field?.section ?? section ?? 'general',
    isRequired: field?.isRequired ?? false,
    placeholder: field?.placeholder ?? '',
    helpText: field?.helpText ?? '',
    defaultValue: field?.defaultValue ?? '',
    options: options.length > 0 ? options.map((value) => ({ value })) : [{ value: '' }, { value: '' }],
    min: text(rules.min),
    max: text(rules.max),
    minLength: text(rules.minLength),
    maxLength: text(rules.maxLength),
    pattern: rules.pattern ?? '',
    patternMessage: rules.patternMessage ?? '',
  };
}

const numberOrUndefined = (value: string) => (value.trim() === '' ? undefined : Number(value.trim()));

/** The rules the field's type takes, without blanks; null when none is set. */
function toValidationRules(values: ObjectFieldFormValues): FieldInput['validationRules'] {
  const { bounds, text: textRules } = rulesForType(values.fieldType);
  const rules = {
    ...(bounds ? { min: numberOrUndefined(values.min), max: numberOrUndefined(values.max) } : {}),
    ...(textRules
      ? {
          minLength: numberOrUndefined(values.minLength),
          maxLength: numberOrUndefined(values.maxLength),
          pattern: values.pattern.trim() || undefined,
          patternMessage: (values.pattern.trim() && values.patternMessage.trim()) || undefined,
        }
      : {}),
  };
  const set = Object.fromEntries(Object.entries(rules).filter(([, value]) => value !== undefined));
  return Object.keys(set).length > 0 ? set : null;
}

/** The request body: blanks as null, options only for select types, the name only when typed on create. */
export function toObjectFieldInput(values: ObjectFieldFormValues, editing: boolean): FieldInput {
  const hasOptions = fieldTypesWithOptions.includes(values.fieldType);
  return {
    displayName: values.displayName.trim(),
    ...(values.fieldName.trim() && !editing ? { fieldName: values.fieldName.trim() } : {}),
    fieldType: values.fieldType,
    section: values.section.trim() || 'general',
    isRequired: values.isRequired,
    placeholder: values.fieldType === 'checkbox' ? null : values.placeholder.trim() || null,
    helpText: values.helpText.trim() || null,
    defaultValue: values.defaultValue.trim() || null,
    options: hasOptions ? values.options.map((option) => option.value.trim()).filter(Boolean) : null,
    validationRules: toValidationRules(values),
  };
}
