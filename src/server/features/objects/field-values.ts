import { objectMessages, type ParsedFieldInput } from '../../../common/validation/objects';
import type { FieldError } from '../../../common/validation/common';
import { entityFieldDefinitions } from '../../db/schema/custom-fields';
import { fieldKeyFromName } from '../custom-fields/custom-field-schemas';

/** A field's name: the one given, else derived from its display name ("Case number" → caseNumber). */
export function fieldNameOf(input: Pick<ParsedFieldInput, 'fieldName' | 'displayName'>): string {
  return input.fieldName ?? fieldKeyFromName(input.displayName);
}

/** The row a new field is stored as. */
export function newFieldRow(
  orgId: string,
  entityDefinitionId: string,
  input: ParsedFieldInput,
  displayOrder: number,
): typeof entityFieldDefinitions.$inferInsert {
  return {
    organizationId: orgId,
    entityDefinitionId,
    fieldName: fieldNameOf(input),
    displayName: input.displayName,
    fieldType: input.fieldType,
    isRequired: input.isRequired ?? false,
    displayOrder: input.displayOrder ?? displayOrder,
    placeholder: input.placeholder ?? null,
    validationRules: input.validationRules ?? null,
    options: input.options ?? null,
    defaultValue: input.defaultValue ?? null,
    helpText: input.helpText ?? null,
    section: input.section || 'general',
  };
}

/** "A field with this name already exists" for each repeated name of a new object's fields. */
export function duplicateFieldNames(fields: ParsedFieldInput[]): FieldError[] {
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  fields.forEach((field, index) => {
    const name = fieldNameOf(field);
    if (seen.has(name))
      errors.push({ path: `fields.${index}.fieldName`, message: objectMessages.duplicateField });
    seen.add(name);
  });
  return errors;
}
