import { z } from 'zod';
import {
  blankable,
  booleanField,
  idField,
  nameField,
  numberField,
  optionalLine,
} from '../../../common/validation/common';
import {
  type CustomFieldType,
  customFieldTypes,
  defaultValueField,
  fieldValidationSchema,
  optionList,
} from '../../../common/validation/field-values';

/*
 * Custom field definitions (data-model §3 "Custom fields"): the fields an organization adds to
 * leads, clients, companies and deals, grouped in sections. Values live in each record's
 * customFields object, keyed by fieldKey, and are checked by validate-custom-fields.ts.
 */

export const customFieldEntityTypes = ['lead', 'client', 'company', 'deal'] as const;
export type CustomFieldEntityType = (typeof customFieldEntityTypes)[number];

/** The stored dataType of each field type (the JSON shape of its values). */
export const dataTypeOf: Record<CustomFieldType, 'string' | 'number' | 'date' | 'boolean' | 'array'> = {
  text: 'string',
  textarea: 'string',
  number: 'number',
  currency: 'number',
  date: 'date',
  select: 'string',
  multiselect: 'array',
  checkbox: 'boolean',
  email: 'string',
  phone: 'string',
  url: 'string',
};

export const fieldTypesWithOptions: readonly CustomFieldType[] = ['select', 'multiselect'];

export const fieldKeyMessage =
  'Field key must start with a letter and use only letters, numbers and underscores';
export const optionsRequiredMessage = 'Options are required for select fields';
export const duplicateFieldKeyMessage = 'A field with this key already exists';
export const customFieldNotFoundMessage = 'Custom field not found';
export const sectionNotFoundMessage = 'Section not found';

const fieldName = nameField('Name must be at least 2 characters').max(
  100,
  'Name must be at most 100 characters',
);

export const fieldKeyField = z
  .string({ error: fieldKeyMessage })
  .trim()
  .max(64, 'Field key must be at most 64 characters')
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, fieldKeyMessage);

export const fieldTypeField = z.enum(customFieldTypes, { error: 'Invalid field type' });
export const entityTypeField = z.enum(customFieldEntityTypes, { error: 'Invalid entity type' });

/** `required`/`visible`/`dataType` are accepted as aliases of isRequired/isVisible/fieldType. */
function withAliases(value: unknown) {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const input = { ...(value as Record<string, unknown>) };
  if (input.isRequired === undefined && input.required !== undefined) input.isRequired = input.required;
  if (input.isVisible === undefined && input.visible !== undefined) input.isVisible = input.visible;
  if (input.fieldType === undefined && typeof input.dataType === 'string') input.fieldType = input.dataType;
  return input;
}

const fieldShape = {
  name: fieldName,
  fieldKey: blankable(fieldKeyField),
  fieldType: fieldTypeField,
  entityType: entityTypeField,
  isRequired: booleanField('isRequired').optional(),
  isVisible: booleanField('isVisible').optional(),
  orderIndex: numberField('Order index', { min: 0, int: true }).optional(),
  sectionId: blankable(idField('Invalid section ID')),
  placeholder: optionalLine('Placeholder'),
  defaultValue: blankable(defaultValueField),
  options: blankable(optionList),
  validation: blankable(fieldValidationSchema),
};

export const createCustomFieldSchema = z.preprocess(
  withAliases,
  z.object(fieldShape).superRefine((field, ctx) => {
    if (fieldTypesWithOptions.includes(field.fieldType) && !field.options?.length) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: optionsRequiredMessage });
    }
  }),
);

/** The entity a field belongs to is fixed: a PATCH cannot move it. */
export const updateCustomFieldSchema = z.preprocess(
  withAliases,
  z.object({
    name: fieldName.optional(),
    fieldKey: fieldKeyField.optional(),
    fieldType: fieldTypeField.optional(),
    isRequired: fieldShape.isRequired,
    isVisible: fieldShape.isVisible,
    orderIndex: fieldShape.orderIndex,
    sectionId: fieldShape.sectionId,
    placeholder: fieldShape.placeholder,
    defaultValue: fieldShape.defaultValue,
    options: fieldShape.options,
    validation: fieldShape.validation,
  }),
);

export type CreateCustomFieldInput = z.infer<typeof createCustomFieldSchema>;
export type UpdateCustomFieldInput = z.infer<typeof updateCustomFieldSchema>;

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

export const listCustomFieldsQuerySchema = z.object({
  entityType: z.preprocess(blankToUndefined, entityTypeField.optional()),
});

export const createFieldSectionSchema = z.object({
  name: fieldName,
  entityType: entityTypeField,
  orderIndex: fieldShape.orderIndex,
  isCollapsible: booleanField('isCollapsible').optional(),
  isExpanded: booleanField('isExpanded').optional(),
});

export const updateFieldSectionSchema = z.object({
  name: fieldName.optional(),
  orderIndex: fieldShape.orderIndex,
  isCollapsible: booleanField('isCollapsible').optional(),
  isExpanded: booleanField('isExpanded').optional(),
});

export type CreateFieldSectionInput = z.infer<typeof createFieldSectionSchema>;
export type UpdateFieldSectionInput = z.infer<typeof updateFieldSectionSchema>;

/** "Property address" → "propertyAddress"; "2nd phone" → "field2ndPhone". */
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
