import { count, eq } from 'drizzle-orm';
import {
  type CreateFieldInput,
  maxFieldsPerObject,
  objectMessages,
} from '../../../common/validation/objects';
import { entityDefinitions, entityFieldDefinitions } from '../../db/schema/custom-fields';
import { conflict, invalidField } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { rowInOrganization } from '../../lib/tenant-scope';
import { isUniqueViolation } from '../lists/list-entries';
import { newFieldRow } from './field-values';
import { findDefinition } from './get-entity-definition';
import { fieldDefinitionFields, presentField } from './present-entity-definition';

/**
 * POST /api/entity-field-definitions: a field added to an object (at the end unless an order is
 * given). Existing records simply have no value for it; a required one is asked for on their
 * next save. At most 500 fields per object.
 */
export async function createEntityField(ctx: ServiceContext, input: CreateFieldInput) {
  const definition = await findDefinition(ctx.db, ctx.orgId, input.entityDefinitionId);
  try {
    return await ctx.db.transaction(async (tx) => {
      // The object's row is locked so two additions cannot both take the 500th place.
      await tx
        .select({ id: entityDefinitions.id })
        .from(entityDefinitions)
        .where(rowInOrganization(entityDefinitions, ctx.orgId, definition.id))
        .for('update');
      const [{ fields }] = await tx
        .select({ fields: count() })
        .from(entityFieldDefinitions)
        .where(eq(entityFieldDefinitions.entityDefinitionId, definition.id));
      if (fields >= maxFieldsPerObject)
        throw invalidField('entityDefinitionId', objectMessages.tooManyFields);
      const [row] = await tx
        .insert(entityFieldDefinitions)
        .values(newFieldRow(ctx.orgId, definition.id, input, fields))
        .returning(fieldDefinitionFields);
      return presentField(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(objectMessages.duplicateField);
    throw error;
  }
}
