import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { customFields, fieldSections } from '../../db/schema/custom-fields';
import { conflict, invalidField, notFound } from '../../lib/app-error';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { isUniqueViolation, listAnswer, reorderRows } from '../lists/list-entries';
import {
  type CreateCustomFieldInput,
  type CustomFieldEntityType,
  customFieldNotFoundMessage,
  dataTypeOf,
  duplicateFieldKeyMessage,
  fieldKeyFromName,
  fieldTypesWithOptions,
  optionsRequiredMessage,
  sectionNotFoundMessage,
  type UpdateCustomFieldInput,
} from './custom-field-schemas';
import {
  coerceCustomFieldValue,
  type CustomFieldType,
  type FieldDefinition,
} from '../../../common/validation/field-values';

type CustomFieldRow = typeof customFields.$inferSelect;

export async function listCustomFields(ctx: ServiceContext, query: { entityType?: CustomFieldEntityType }) {
  const conditions: SQL[] = [eq(customFields.organizationId, ctx.orgId)];
  if (query.entityType) conditions.push(eq(customFields.entityType, query.entityType));
  const rows = await ctx.db
    .select()
    .from(customFields)
    .where(and(...conditions))
    .orderBy(
      asc(customFields.entityType),
      asc(customFields.orderIndex),
      asc(customFields.name),
      asc(customFields.id),
    );
  return listAnswer(rows);
}

async function findField(db: Database, orgId: string, id: string): Promise<CustomFieldRow> {
  if (!isUuid(id)) throw notFound(customFieldNotFoundMessage);
  const [row] = await db
    .select()
    .from(customFields)
    .where(and(eq(customFields.id, id), eq(customFields.organizationId, orgId)))
    .limit(1);
  if (!row) throw notFound(customFieldNotFoundMessage);
  return row;
}

export async function getCustomField(ctx: ServiceContext, id: string) {
  return findField(ctx.db, ctx.orgId, id);
}

/** A section named in a body must be the caller's, for the same entity (404 otherwise, as for a URL id). */
async function assertSection(ctx: ServiceContext, sectionId: string, entityType: string) {
  const [section] = await ctx.db
    .select({ id: fieldSections.id })
    .from(fieldSections)
    .where(
      and(
        eq(fieldSections.id, sectionId),
        eq(fieldSections.organizationId, ctx.orgId),
        eq(fieldSections.entityType, entityType),
      ),
    )
    .limit(1);
  if (!section) throw notFound(sectionNotFoundMessage);
}

/** The options a select keeps; other types store none. */
function optionsFor(type: CustomFieldType, options: string[] | null | undefined) {
  if (!fieldTypesWithOptions.includes(type)) return null;
  if (!options?.length) {
    throw invalidField('options', optionsRequiredMessage);
  }
  return options;
}

/** A default value must itself be a valid value of the field. */
function assertDefaultValue(field: FieldDefinition) {
  if (field.defaultValue === null || field.defaultValue === '') return;
  const value = field.fieldType === 'multiselect' ? [field.defaultValue] : field.defaultValue;
  const check = coerceCustomFieldValue(field, value);
  if (!check.ok) throw invalidField('defaultValue', check.message);
}

async function uniquely<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(duplicateFieldKeyMessage);
    throw error;
  }
}

async function assertKeyFree(ctx: ServiceContext, entityType: string, fieldKey: string, exceptId?: string) {
  const [taken] = await ctx.db
    .select({ id: customFields.id })
    .from(customFields)
    .where(
      and(
        eq(customFields.organizationId, ctx.orgId),
        eq(customFields.entityType, entityType),
        sql`lower(${customFields.fieldKey}) = lower(${fieldKey})`,
      ),
    )
    .limit(1);
  if (taken && taken.id !== exceptId) throw conflict(duplicateFieldKeyMessage);
}

async function nextOrderIndex(ctx: ServiceContext, entityType: string) {
  const [{ next }] = await ctx.db
    .select({ next: sql<number>`coalesce(max(${customFields.orderIndex}) + 1, 0)`.mapWith(Number) })
    .from(customFields)
    .where(and(eq(customFields.organizationId, ctx.orgId), eq(customFields.entityType, entityType)));
  return next;
}

export async function createCustomField(ctx: ServiceContext, input: CreateCustomFieldInput) {
  const fieldKey = input.fieldKey ?? fieldKeyFromName(input.name);
  const options = optionsFor(input.fieldType, input.options);
  const definition = {
    name: input.name,
    fieldKey,
    fieldType: input.fieldType,
    isRequired: input.isRequired ?? false,
    isVisible: input.isVisible ?? true,
    options,
    defaultValue: input.defaultValue ?? null,
    validation: input.validation ?? null,
  };
  assertDefaultValue(definition);
  if (input.sectionId) await assertSection(ctx, input.sectionId, input.entityType);
  await assertKeyFree(ctx, input.entityType, fieldKey);
  const orderIndex = input.orderIndex ?? (await nextOrderIndex(ctx, input.entityType));
  const [row] = await uniquely(() =>
    ctx.db
      .insert(customFields)
      .values({
        ...definition,
        organizationId: ctx.orgId,
        entityType: input.entityType,
        dataType: dataTypeOf[input.fieldType],
        orderIndex,
        sectionId: input.sectionId ?? null,
        placeholder: input.placeholder ?? null,
      })
      .returning(),
  );
  return row;
}

export async function updateCustomField(ctx: ServiceContext, id: string, input: UpdateCustomFieldInput) {
  const current = await findField(ctx.db, ctx.orgId, id);
  const fieldType = (input.fieldType ?? current.fieldType ?? 'text') as CustomFieldType;
  const requestedOptions =
    input.options !== undefined
      ? input.options
      : Array.isArray(current.options)
        ? (current.options as string[])
        : null;
  const options = optionsFor(fieldType, requestedOptions);
  assertDefaultValue({
    name: input.name ?? current.name,
    fieldKey: current.fieldKey,
    fieldType,
    isRequired: false,
    isVisible: true,
    options,
    defaultValue: input.defaultValue !== undefined ? input.defaultValue : current.defaultValue,
    validation: input.validation !== undefined ? input.validation : current.validation,
  });
  if (input.sectionId) await assertSection(ctx, input.sectionId, current.entityType);
  if (input.fieldKey !== undefined) await assertKeyFree(ctx, current.entityType, input.fieldKey, id);
  const [row] = await uniquely(() =>
    ctx.db
      .update(customFields)
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.fieldKey !== undefined && { fieldKey: input.fieldKey }),
        ...(input.fieldType !== undefined && {
          fieldType: input.fieldType,
          dataType: dataTypeOf[input.fieldType],
        }),
        ...(input.isRequired !== undefined && { isRequired: input.isRequired }),
        ...(input.isVisible !== undefined && { isVisible: input.isVisible }),
        ...(input.orderIndex !== undefined && { orderIndex: input.orderIndex }),
        ...(input.sectionId !== undefined && { sectionId: input.sectionId }),
        ...(input.placeholder !== undefined && { placeholder: input.placeholder }),
        ...(input.defaultValue !== undefined && { defaultValue: input.defaultValue }),
        ...(input.validation !== undefined && { validation: input.validation }),
        options,
        updatedAt: new Date(),
      })
      .where(and(eq(customFields.id, id), eq(customFields.organizationId, ctx.orgId)))
      .returning(),
  );
  if (!row) throw notFound(customFieldNotFoundMessage);
  return row;
}

/** Deletes the definition; values already stored in records stay in their customFields. */
export async function deleteCustomField(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(customFieldNotFoundMessage);
  const deleted = await ctx.db
    .delete(customFields)
    .where(and(eq(customFields.id, id), eq(customFields.organizationId, ctx.orgId)))
    .returning({ id: customFields.id });
  if (deleted.length === 0) throw notFound(customFieldNotFoundMessage);
}

export async function reorderCustomFields(ctx: ServiceContext, ids: string[]) {
  await reorderRows(ctx, customFields, ids, customFieldNotFoundMessage);
  const rows = await ctx.db
    .select()
    .from(customFields)
    .where(and(eq(customFields.organizationId, ctx.orgId), inArray(customFields.id, ids)))
    .orderBy(asc(customFields.orderIndex), asc(customFields.id));
  return listAnswer(rows);
}
