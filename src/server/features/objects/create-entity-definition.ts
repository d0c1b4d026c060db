import { sql } from 'drizzle-orm';
import { defaultObjectIcon } from '../../../common/object-icons';
import { objectMessages, type ParsedCreateDefinitionInput } from '../../../common/validation/objects';
import { entityDefinitions, entityFieldDefinitions } from '../../db/schema/custom-fields';
import { conflict, invalidFields } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { isUniqueViolation } from '../lists/list-entries';
import { duplicateFieldNames, newFieldRow } from './field-values';
import { getEntityDefinition } from './get-entity-definition';

/**
 * POST /api/entity-definitions (and a template's install): the object and its fields in one
 * transaction; a type the organization already uses is 409 "An object with this type already exists".
 */
export async function createEntityDefinition(ctx: ServiceContext, input: ParsedCreateDefinitionInput) {
  const fields = input.fields ?? [];
  const duplicates = duplicateFieldNames(fields);
  if (duplicates.length > 0) throw invalidFields(duplicates);
  let id: string;
  try {
    id = await ctx.db.transaction(async (tx) => {
      const [definition] = await tx
        .insert(entityDefinitions)
        .values({
          organizationId: ctx.orgId,
          entityType: input.entityType,
          displayName: input.displayName,
          pluralName: input.pluralName,
          description: input.description ?? null,
          iconName: input.iconName ?? defaultObjectIcon,
          // Without an order the new object goes last (a template's install gives none).
          displayOrder:
            input.displayOrder ??
            sql<number>`(select coalesce(max(${entityDefinitions.displayOrder}) + 1, 0) from ${entityDefinitions} where ${entityDefinitions.organizationId} = ${ctx.orgId})`,
          isActive: input.isActive ?? true,
          industryTemplate: input.industryTemplate ?? null,
          permissionCategory: input.permissionCategory ?? 'deals',
        })
        .returning({ id: entityDefinitions.id });
      if (fields.length > 0) {
        await tx
          .insert(entityFieldDefinitions)
          .values(fields.map((field, index) => newFieldRow(ctx.orgId, definition.id, field, index)));
      }
      return definition.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(objectMessages.duplicateType);
    throw error;
  }
  return getEntityDefinition(ctx, id);
}
