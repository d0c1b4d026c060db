import { z } from 'zod';
import { isObjectIconName } from '../object-icons';
import {
  blankable,
  booleanField,
  idField,
  maxLength,
  nameField,
  numberField,
  optionalLine,
  optionalLongText,
  requiredText,
  tagList,
  tooLongMessage,
  withinJsonLength,
} from './common';
import {
  checkCustomFields,
  coerceCustomFieldValue,
  type CustomFieldType,
  customFieldTypes,
  defaultValueField,
  type FieldDefinition,
  fieldValidationSchema,
  optionList,
} from './field-values';

/*
 * Custom objects (issue 14, decision 024): an organization's own record types (entity_definitions),
 * their fields (entity_field_definitions), records (entity_records) and the links from a record
 * to other records (entity_relationships). Shared by Settings › Objects, the record forms,
 * /entity-test and the server, so all of them refuse the same input with the same message.
 */

// ---- Value sets ----

/** A custom object's fields take the custom-field types, with the same value checks. */
export const objectFieldTypes = customFieldTypes;
export type ObjectFieldType = CustomFieldType;

/** Whose permissions govern an object's records (decision 024). */
export const objectPermissionCategories = ['leads', 'clients', 'companies', 'deals'] as const;
export type ObjectPermissionCategory = (typeof objectPermissionCategories)[number];

/** Object types the standard records and the app's own routes already use. */
export const reservedObjectTypes = [
  'lead',
  'leads',
  'client',
  'clients',
  'company',
  'companies',
  'deal',
  'deals',
  'user',
  'users',
  'activity',
  'activities',
] as const;

/** What a relationship may point at; the plural names are accepted and stored singular. */
export const relatedEntityTypes = ['lead', 'client', 'company', 'deal', 'entity_record'] as const;
export type RelatedEntityType = (typeof relatedEntityTypes)[number];
const relatedTypeAliases: Record<string, RelatedEntityType> = {
  leads: 'lead',
  clients: 'client',
  companies: 'company',
  deals: 'deal',
  entity_records: 'entity_record',
};

export const maxFieldsPerObject = 500;
export const maxRecordNameLength = 200;

// ---- Messages ----

export const objectMessages = {
  entityType: 'Object type must start with a letter and use only lowercase letters, numbers and underscores',
  reservedType: 'This object type is reserved',
  duplicateType: 'An object with this type already exists',
  displayName: 'Display name must be at least 2 characters',
  pluralName: 'Plural name must be at least 2 characters',
  unknownIcon: 'Unknown icon',
  permissionCategory: 'Permission category must be one of leads, clients, companies, deals',
  fieldName: 'Field name must start with a letter and use only letters, numbers and underscores',
  duplicateField: 'A field with this name already exists',
  optionsRequired: 'Options are required for select fields',
  fieldType: 'Invalid field type',
  tooManyFields: `An object can have at most ${maxFieldsPerObject} fields`,
  unknownField: 'Unknown field',
  recordName: 'Name is required',
  relatedType: 'Related type must be one of lead, client, company, deal, entity_record',
  relatedNotFound: 'Related record not found',
  duplicateRelationship: 'These records are already related',
  objectNotFound: 'Object not found',
  fieldNotFound: 'Field not found',
  recordNotFound: 'Record not found',
  relationshipNotFound: 'Relationship not found',
  pattern: 'Pattern must be a valid regular expression',
} as const;

// ---- Definitions ----

export const entityTypeField = z
  .string({ error: objectMessages.entityType })
  .trim()
  .max(50, 'Object type must be at most 50 characters')
  .regex(/^[a-z][a-z0-9_]*$/, objectMessages.entityType)
  .refine((type) => !(reservedObjectTypes as readonly string[]).includes(type), objectMessages.reservedType);

export const iconNameField = z.string({ error: objectMessages.unknownIcon }).refine(isObjectIconName, {
  message: objectMessages.unknownIcon,
});

export const permissionCategoryField = z.enum(objectPermissionCategories, {
  error: objectMessages.permissionCategory,
});

const displayOrderField = numberField('Display order', { min: 0, max: 1_000_000, int: true });

// ---- Fields ----

export const fieldNameField = z
  .string({ error: objectMessages.fieldName })
  .trim()
  .max(64, 'Field name must be at most 64 characters')
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, objectMessages.fieldName);

function compiles(pattern: string) {
  try {
    return new RegExp(pattern, 'u') instanceof RegExp;
  } catch {
    return false;
  }
}

/** `{ min?, max?, minLength?, maxLength?, pattern?, patternMessage? }`, all optional. */
export const validationRulesSchema = z.strictObject(
  {
    min: fieldValidationSchema.shape.min,
    max: fieldValidationSchema.shape.max,
    minLength: fieldValidationSchema.shape.minLength,
    maxLength: fieldValidationSchema.shape.maxLength,
    pattern: blankable(
      z
        .string({ error: objectMessages.pattern })
        .max(500, tooLongMessage('Pattern', 500))
        .refine(compiles, objectMessages.pattern),
    ),
    patternMessage: optionalLine('Pattern message'),
  },
  { error: 'Validation rules must be an object' },
);
export type ValidationRules = z.infer<typeof validationRulesSchema>;

const fieldShape = {
  /** Derived from the display name when left out ("Case number" → caseNumber). */
  fieldName: blankable(fieldNameField),
  displayName: requiredText('Display name is required', 100),
  fieldType: z.enum(objectFieldTypes, { error: objectMessages.fieldType }),
  isRequired: booleanField('isRequired').optional(),
  displayOrder: displayOrderField.optional(),
  placeholder: optionalLine('Placeholder'),
  validationRules: blankable(validationRulesSchema),
  options: blankable(optionList),
  defaultValue: blankable(defaultValueField),
  helpText: optionalLongText('Help text', 1000),
  section: optionalLine('Section', 100),
};

type FieldShapeInput = {
  fieldType?: ObjectFieldType;
  options?: string[] | null;
  defaultValue?: string | null;
  validationRules?: ValidationRules | null;
};

/** Options for select fields, and a default value the field itself would accept. */
function checkFieldShape(field: FieldShapeInput, ctx: z.RefinementCtx) {
  if (!field.fieldType) return;
  const hasOptions = field.fieldType === 'select' || field.fieldType === 'multiselect';
  if (hasOptions && !field.options?.length) {
    ctx.addIssue({ code: 'custom', path: ['options'], message: objectMessages.optionsRequired });
  }
  if (field.defaultValue === null || field.defaultValue === undefined) return;
  if (hasOptions && !field.options?.length) return;
  const value = field.fieldType === 'multiselect' ? [field.defaultValue] : field.defaultValue;
  const check = coerceCustomFieldValue(
    toCheckable({
      fieldName: 'defaultValue',
      displayName: 'Default value',
      fieldType: field.fieldType,
      isRequired: false,
      options: field.options ?? null,
      defaultValue: null,
      validationRules: field.validationRules ?? null,
    }),
    value,
  );
  if (!check.ok) ctx.addIssue({ code: 'custom', path: ['defaultValue'], message: check.message });
}

/** A field as part of a new object (POST /api/entity-definitions `fields`). */
export const fieldInputSchema = z.object(fieldShape).superRefine(checkFieldShape);
export type FieldInput = z.input<typeof fieldInputSchema>;
export type ParsedFieldInput = z.output<typeof fieldInputSchema>;

/** POST /api/entity-field-definitions. */
export const createFieldSchema = z
  .object({ entityDefinitionId: idField('Object not found'), ...fieldShape })
  .superRefine(checkFieldShape);
export type CreateFieldInput = z.output<typeof createFieldSchema>;

/**
 * PATCH /api/entity-field-definitions/:id: every key optional. The server checks the merged
 * field (options of a select, the default) and migrates stored values (decision 024).
 */
export const updateFieldSchema = z.object({
  fieldName: fieldNameField.optional(),
  displayName: fieldShape.displayName.optional(),
  fieldType: fieldShape.fieldType.optional(),
  isRequired: fieldShape.isRequired,
  displayOrder: fieldShape.displayOrder,
  placeholder: fieldShape.placeholder,
  validationRules: fieldShape.validationRules,
  options: fieldShape.options,
  defaultValue: fieldShape.defaultValue,
  helpText: fieldShape.helpText,
  section: fieldShape.section,
});
export type UpdateFieldInput = z.output<typeof updateFieldSchema>;

/** The merged field a PATCH leaves must still be a valid field. */
export const mergedFieldSchema = z
  .object({
    fieldType: fieldShape.fieldType,
    options: fieldShape.options,
    defaultValue: fieldShape.defaultValue,
    validationRules: fieldShape.validationRules,
  })
  .superRefine(checkFieldShape);

export const reorderFieldsSchema = z.object({
  entityDefinitionId: idField('Object not found'),
  ids: z.array(idField('Field not found'), { error: 'ids must be a list' }).max(maxFieldsPerObject),
});

// ---- Definitions (input) ----

const definitionShape = {
  entityType: entityTypeField,
  displayName: nameField(objectMessages.displayName, 100),
  pluralName: nameField(objectMessages.pluralName, 100),
  description: optionalLongText('Description', 2000),
  iconName: blankable(iconNameField),
  displayOrder: displayOrderField.optional(),
  isActive: booleanField('isActive').optional(),
  industryTemplate: optionalLine('Industry template', 100),
  permissionCategory: blankable(permissionCategoryField),
};

export const createDefinitionSchema = z.object({
  ...definitionShape,
  fields: z
    .array(fieldInputSchema, { error: 'Fields must be a list' })
    .max(maxFieldsPerObject, objectMessages.tooManyFields)
    .optional(),
});
export type CreateDefinitionInput = z.input<typeof createDefinitionSchema>;
export type ParsedCreateDefinitionInput = z.output<typeof createDefinitionSchema>;

/** The type names the object's records everywhere (URLs, relationships): it cannot change. */
export const updateDefinitionSchema = z.object({
  displayName: definitionShape.displayName.optional(),
  pluralName: definitionShape.pluralName.optional(),
  description: definitionShape.description,
  iconName: definitionShape.iconName,
  displayOrder: definitionShape.displayOrder,
  isActive: definitionShape.isActive,
  industryTemplate: definitionShape.industryTemplate,
  permissionCategory: definitionShape.permissionCategory,
});
export type UpdateDefinitionInput = z.output<typeof updateDefinitionSchema>;

// ---- Records ----

/** A record's field values keyed by fieldName; each value is checked against its field by `checkRecordData`. */
export const recordDataField = z
  .record(z.string(), z.unknown(), { error: 'Data must be an object' })
  .refine(withinJsonLength, 'Data is too large');

const recordShape = {
  displayName: requiredText(objectMessages.recordName, maxRecordNameLength, 'Name'),
  data: recordDataField.optional(),
  tags: tagList.optional(),
  notes: optionalLongText('Notes', maxLength.notes),
  isActive: booleanField('isActive').optional(),
};

export const createRecordSchema = z.object({
  entityType: z
    .string({ error: objectMessages.objectNotFound })
    .trim()
    .min(1, objectMessages.objectNotFound)
    .max(50),
  ...recordShape,
});
export type CreateRecordInput = z.output<typeof createRecordSchema>;

/** The object of a record is fixed; `data` keys sent replace those values, others stay. */
export const updateRecordSchema = z.object({
  displayName: recordShape.displayName.optional(),
  data: recordShape.data,
  tags: recordShape.tags,
  notes: recordShape.notes,
  isActive: recordShape.isActive,
});
export type UpdateRecordInput = z.output<typeof updateRecordSchema>;

export const validateRecordSchema = z.object({ data: recordDataField.optional() });

// ---- Relationships ----

export const relatedEntityTypeField = z.preprocess(
  (value) => (typeof value === 'string' ? (relatedTypeAliases[value] ?? value) : value),
  z.enum(relatedEntityTypes, { error: objectMessages.relatedType }),
);

export const createRelationshipSchema = z.object({
  entityRecordId: idField(objectMessages.recordNotFound),
  relatedEntityType: relatedEntityTypeField,
  relatedEntityId: idField(objectMessages.relatedNotFound),
  relationshipType: blankable(lineTextOf('Relationship type', 50)),
  notes: optionalLongText('Notes', maxLength.text),
});
export type CreateRelationshipInput = z.output<typeof createRelationshipSchema>;

export const updateRelationshipSchema = z.object({
  relationshipType: blankable(lineTextOf('Relationship type', 50)),
  notes: optionalLongText('Notes', maxLength.text),
});
export type UpdateRelationshipInput = z.output<typeof updateRelationshipSchema>;

function lineTextOf(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, tooLongMessage(label, max));
}

// ---- Answers (GET shapes) ----

export interface ObjectFieldDefinition {
  id: string;
  entityDefinitionId: string;
  fieldName: string;
  displayName: string;
  fieldType: ObjectFieldType;
  isRequired: boolean;
  displayOrder: number;
  placeholder: string | null;
  validationRules: ValidationRules | null;
  options: string[] | null;
  defaultValue: string | null;
  helpText: string | null;
  section: string;
}

export interface ObjectDefinition {
  id: string;
  entityType: string;
  displayName: string;
  pluralName: string;
  description: string | null;
  iconName: string;
  displayOrder: number;
  isActive: boolean;
  industryTemplate: string | null;
  permissionCategory: ObjectPermissionCategory;
  createdAt: string;
  updatedAt: string;
  fields: ObjectFieldDefinition[];
  recordCount?: number;
}

export interface ObjectRecord {
  id: string;
  entityType: string;
  displayName: string;
  data: Record<string, unknown>;
  isActive: boolean;
  tags: string[];
  notes: string | null;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ObjectRelationship {
  id: string;
  entityRecordId: string;
  relatedEntityType: RelatedEntityType;
  relatedEntityId: string;
  relationshipType: string;
  notes: string | null;
  createdAt: string;
  record: {
    id: string;
    entityType: string;
    displayName: string;
    data: Record<string, unknown>;
    objectDisplayName: string;
    iconName: string;
  };
  related: { type: RelatedEntityType; id: string; name: string; path: string };
}

// ---- Record data check ----

/** What the check needs of a field definition. */
export type CheckableObjectField = Pick<
  ObjectFieldDefinition,
  'fieldName' | 'displayName' | 'fieldType' | 'isRequired' | 'options' | 'defaultValue' | 'validationRules'
>;

export interface FieldCheckResult {
  fieldName: string;
  valid: boolean;
  message: string | null;
  /** The value as it would be stored (coerced), or what was sent when it is invalid. */
  value: unknown;
}

export interface RecordDataCheck {
  valid: boolean;
  /** The values to store, coerced; blanks as null. */
  values: Record<string, unknown>;
  /** `data.<fieldName>` paths, as the API answers them. */
  errors: { path: string; message: string }[];
  /** One result per field, in the fields' order. */
  fields: FieldCheckResult[];
  /** Keys of `data` that name no field. */
  unknown: string[];
}

function toCheckable(field: CheckableObjectField): FieldDefinition {
  return {
    name: field.displayName,
    fieldKey: field.fieldName,
    fieldType: field.fieldType,
    isRequired: field.isRequired,
    isVisible: true,
    options: field.options,
    defaultValue: field.defaultValue,
    validation: field.validationRules,
  };
}

/**
 * A record's `data` against its object's fields, with the custom fields' messages ("Share must
 * be a number", "Status must be one of the options", "Case number is required") and
 * "Unknown field" for a key no field names. `partial` (a PATCH): only the keys sent are checked
 * and no defaults are applied.
 */
export function checkRecordData(
  fields: readonly CheckableObjectField[],
  data: Record<string, unknown> | null | undefined,
  options: { partial?: boolean } = {},
): RecordDataCheck {
  const input = data ?? {};
  const known = new Set(fields.map((field) => field.fieldName));
  const unknown = Object.keys(input).filter((key) => !known.has(key));
  const check = checkCustomFields(fields.map(toCheckable), input, {
    partial: options.partial,
    pathPrefix: 'data',
  });
  const messageOf = new Map(check.errors.map((error) => [error.path, error.message]));
  const results = fields.map((field): FieldCheckResult => {
    const message = messageOf.get(`data.${field.fieldName}`) ?? null;
    const value = message ? input[field.fieldName] : check.values[field.fieldName];
    return { fieldName: field.fieldName, valid: message === null, message, value: value ?? null };
  });
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    if (Object.hasOwn(check.values, field.fieldName)) values[field.fieldName] = check.values[field.fieldName];
  }
  const errors = [
    ...check.errors,
    ...unknown.map((key) => ({ path: `data.${key}`, message: objectMessages.unknownField })),
  ];
  return { valid: errors.length === 0, values, errors, fields: results, unknown };
}
