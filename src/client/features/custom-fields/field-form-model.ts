import { z } from 'zod';
import { nameField } from '../../../common/validation/common';
import {
  type CustomFieldDefinition,
  type CustomFieldType,
  customFieldTypes,
  fieldTypesWithOptions,
  optionsOf,
} from '../../components/custom-fields/types';
import { checkCustomFieldValue } from '../../components/custom-fields/validation';

/*
 * The custom field dialog's rules: the server's (server/features/custom-fields/
 * custom-field-schemas.ts) with the same messages, checked before sending.
 */

export const fieldKeyMessage =
  'Field key must start with a letter and use only letters, numbers and underscores';
export const optionsRequiredMessage = 'Options are required for select fields';

export interface FieldFormValues {
  name: string;
  fieldKey: string;
  fieldType: CustomFieldType;
  sectionId: string;
  isRequired: boolean;
  isVisible: boolean;
  placeholder: string;
  defaultValue: string;
  options: { value: string }[];
}

export const fieldFormSchema = z
  .object({
    name: nameField('Name must be at least 2 characters').max(100, 'Name must be at most 100 characters'),
    fieldKey: z.union([
      z.literal(''),
      z
        .string()
        .trim()
        .max(64, 'Field key must be at most 64 characters')
        .regex(/^[A-Za-z][A-Za-z0-9_]*$/, fieldKeyMessage),
    ]),
    fieldType: z.enum(customFieldTypes, { error: 'Invalid field type' }),
    sectionId: z.string(),
    isRequired: z.boolean(),
    isVisible: z.boolean(),
    placeholder: z.string(),
    defaultValue: z.string(),
    options: z.array(z.object({ value: z.string() })),
  })
  .superRefine((values, ctx) => refineOptionsAndDefault(values, ctx));

/** What the options and default rules read of a field form (custom fields and objects' fields alike). */
export interface OptionsAndDefault {
  /** The field's label, named in the default's message. */
  name: string;
  fieldType: CustomFieldType;
  options: { value: string }[];
  defaultValue: string;
}

/**
 * Options of a select are filled in and unique (at least one); a default is itself a valid
 * value of the field (the server checks the same).
 */
export function refineOptionsAndDefault(values: OptionsAndDefault, ctx: z.RefinementCtx) {
  const withOptions = fieldTypesWithOptions.includes(values.fieldType);
  const options = values.options.map((option) => option.value.trim());
  if (withOptions) {
    options.forEach((option, index) => {
      if (option === '') {
        ctx.addIssue({
          code: 'custom',
          path: ['options', index, 'value'],
          message: 'Options cannot be empty',
        });
      } else if (options.indexOf(option) !== index) {
        ctx.addIssue({
          code: 'custom',
          path: ['options', index, 'value'],
          message: 'Options must be unique',
        });
      }
    });
    if (options.filter(Boolean).length === 0) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: optionsRequiredMessage });
    }
  }
  const defaultValue = values.defaultValue.trim();
  if (defaultValue === '') return;
  const message = checkCustomFieldValue(
    {
      name: values.name.trim() || 'Default value',
      fieldKey: 'defaultValue',
      fieldType: values.fieldType,
      isRequired: false,
      isVisible: true,
      options: withOptions ? options : null,
      defaultValue: null,
      validation: null,
    },
    values.fieldType === 'multiselect' ? [defaultValue] : defaultValue,
  );
  if (message) ctx.addIssue({ code: 'custom', path: ['defaultValue'], message });
}

/** "Property address" → "propertyAddress"; "2nd phone" → "field2ndPhone" (as the server derives it). */
export function fieldKeyFromName(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  const key = words
    .map((word, i) => (i === 0 ? word.toLowerCase() : word[0].toUpperCase() + word.slice(1).toLowerCase()))
    .join('')
    .slice(0, 60);
  if (!key) return 'field';
  return /^[A-Za-z]/.test(key) ? key : `field${key}`;
}

export function formDefaults(
  field: CustomFieldDefinition | null,
  sectionId?: string | null,
): FieldFormValues {
  const type = (field?.fieldType ?? 'text') as CustomFieldType;
  const options = field ? optionsOf(field) : [];
  return {
    name: field?.name ?? '',
    fieldKey: field?.fieldKey ?? '',
    fieldType: (customFieldTypes as readonly string[]).includes(type) ? type : 'text',
    sectionId: field?.sectionId ?? sectionId ?? '',
    isRequired: field?.isRequired ?? false,
    isVisible: field?.isVisible ?? true,
    placeholder: field?.placeholder ?? '',
    defaultValue: field?.defaultValue ?? '',
    options: options.length > 0 ? options.map((value) => ({ value })) : [{ value: '' }, { value: '' }],
  };
}

/** The request body: blanks as null, options only for select types, the key only when typed. */
export function toFieldInput(values: FieldFormValues, editing: boolean) {
  const hasOptions = fieldTypesWithOptions.includes(values.fieldType);
  return {
    name: values.name.trim(),
    // A new field without a key gets one from its name (server side); an edit keeps its key.
    ...(values.fieldKey.trim() && !editing ? { fieldKey: values.fieldKey.trim() } : {}),
    fieldType: values.fieldType,
    sectionId: values.sectionId || null,
    isRequired: values.isRequired,
    isVisible: values.isVisible,
    placeholder: values.placeholder.trim() || null,
    defaultValue: values.defaultValue.trim() || null,
    options: hasOptions ? values.options.map((option) => option.value.trim()).filter(Boolean) : null,
  };
}
