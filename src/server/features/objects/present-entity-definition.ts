import type {
  ObjectDefinition,
  ObjectFieldDefinition,
  ObjectFieldType,
  ObjectPermissionCategory,
  ValidationRules,
} from '../../../common/validation/objects';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { entityDefinitions, entityFieldDefinitions } from '../../db/schema/custom-fields';

/** The columns a definition answers with (GET shape, decision 024). */
export const definitionFields = {
  id: entityDefinitions.id,
  entityType: entityDefinitions.entityType,
  displayName: entityDefinitions.displayName,
  pluralName: entityDefinitions.pluralName,
  description: entityDefinitions.description,
  iconName: entityDefinitions.iconName,
  displayOrder: entityDefinitions.displayOrder,
  isActive: entityDefinitions.isActive,
  industryTemplate: entityDefinitions.industryTemplate,
  permissionCategory: entityDefinitions.permissionCategory,
  createdAt: entityDefinitions.createdAt,
  updatedAt: entityDefinitions.updatedAt,
};

export const fieldDefinitionFields = {
  id: entityFieldDefinitions.id,
  entityDefinitionId: entityFieldDefinitions.entityDefinitionId,
  fieldName: entityFieldDefinitions.fieldName,
  displayName: entityFieldDefinitions.displayName,
  fieldType: entityFieldDefinitions.fieldType,
  isRequired: entityFieldDefinitions.isRequired,
  displayOrder: entityFieldDefinitions.displayOrder,
  placeholder: entityFieldDefinitions.placeholder,
  validationRules: entityFieldDefinitions.validationRules,
  options: entityFieldDefinitions.options,
  defaultValue: entityFieldDefinitions.defaultValue,
  helpText: entityFieldDefinitions.helpText,
  section: entityFieldDefinitions.section,
};

export type DefinitionRow = SelectResultFields<typeof definitionFields>;
export type FieldRow = SelectResultFields<typeof fieldDefinitionFields>;

export function presentField(row: FieldRow): ObjectFieldDefinition {
  return {
    ...row,
    fieldType: row.fieldType as ObjectFieldType,
    validationRules: (row.validationRules as ValidationRules | null) ?? null,
    options: Array.isArray(row.options) ? (row.options as string[]) : null,
  };
}

/** A definition with its fields (already in form order) and, when counted, its records. */
export function presentDefinition(
  row: DefinitionRow,
  fields: FieldRow[],
  recordCount?: number,
): ObjectDefinition {
  return {
    ...row,
    pluralName: row.pluralName ?? row.displayName,
    permissionCategory: row.permissionCategory as ObjectPermissionCategory,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    fields: fields.map(presentField),
    ...(recordCount !== undefined && { recordCount }),
  };
}
