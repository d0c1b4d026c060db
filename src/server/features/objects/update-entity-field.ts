import { and, eq, ne, sql } from 'drizzle-orm';
import { toFieldErrors } from '../../../common/validation/common';
import { mergedFieldSchema, objectMessages, type UpdateFieldInput } from '../../../common/validation/objects';
import { entityFieldDefinitions, entityRecords } from '../../db/schema/custom-fields';
import { conflict, invalidFields } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { rowInOrganization } from '../../lib/tenant-scope';
import { findField } from './find-entity-field';
import { loadObjectFields } from './get-entity-definition';
import { type FieldMigration, migrateFieldValues } from './migrate-field-values';
import { fieldDefinitionFields, presentField } from './present-entity-definition';
import { refreshSearchText, searchedFieldNames } from './record-search-text';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * PATCH /api/entity-field-definitions/:id. A renamed field moves its values to the new name; a
 * change of type, options or rules re-checks the stored values (migrate-field-values.ts) and
 * answers how many were converted and cleared in `migration`.
 */
export async function updateEntityField(ctx: ServiceContext, id: string, input: UpdateFieldInput) {
  const { field, definition } = await findField(ctx.db, ctx.orgId, id);
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  const merged = { ...field, ...changes } as typeof field;
  const check = mergedFieldSchema.safeParse({
    fieldType: merged.fieldType,
    options: merged.options,
    defaultValue: merged.defaultValue,
    validationRules: merged.validationRules,
  });
  if (!check.success) throw invalidFields(toFieldErrors(check.error.issues));
  if (merged.fieldName !== field.fieldName) {
    const [taken] = await ctx.db
      .select({ id: entityFieldDefinitions.id })
      .from(entityFieldDefinitions)
      .where(
        and(
          eq(entityFieldDefinitions.organizationId, ctx.orgId),
          eq(entityFieldDefinitions.entityDefinitionId, definition.id),
          eq(entityFieldDefinitions.fieldName, merged.fieldName),
          ne(entityFieldDefinitions.id, id),
        ),
      )
      .limit(1);
    if (taken) throw conflict(objectMessages.duplicateField);
  }
  const valuesChange =
    merged.fieldType !== field.fieldType ||
    !sameJson(merged.options, field.options) ||
    !sameJson(merged.validationRules, field.validationRules);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(entityFieldDefinitions)
      .set({ ...changes, section: merged.section || 'general', updatedAt: new Date() })
      .where(rowInOrganization(entityFieldDefinitions, ctx.orgId, id))
      .returning(fieldDefinitionFields);
    const ofObject = eq(entityRecords.entityType, definition.entityType);
    if (merged.fieldName !== field.fieldName) {
      await tx
        .update(entityRecords)
        .set({
          data: sql`(${entityRecords.data} - ${field.fieldName}::text) || jsonb_build_object(${merged.fieldName}::text, ${entityRecords.data} -> ${field.fieldName}::text)`,
        })
        .where(
          and(
            eq(entityRecords.organizationId, ctx.orgId),
            ofObject,
            sql`${entityRecords.data} ? ${field.fieldName}`,
          ),
        );
    }
    let migration: FieldMigration = { converted: 0, cleared: 0 };
    if (valuesChange)
      migration = await migrateFieldValues(tx, ctx.orgId, definition.entityType, presentField(row));
    if (valuesChange || merged.fieldName !== field.fieldName) {
      const fields = await loadObjectFields(tx, ctx.orgId, [definition.id]);
      await refreshSearchText(tx, ctx.orgId, ofObject, searchedFieldNames(fields));
    }
    return { ...presentField(row), migration };
  });
}
