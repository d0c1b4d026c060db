import { objectMessages, type CreateRelationshipInput } from '../../../common/validation/objects';
import { entityRelationships } from '../../db/schema/custom-fields';
import { conflict, invalidField } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { isUniqueViolation } from '../lists/list-entries';
import { findRecord } from './find-entity-record';
import { presentRelationships, relationshipFields } from './present-entity-relationship';
import { assertRelatedReadable } from './related-records';

/**
 * POST /api/entity-relationships: links a custom record (its object's update permission) to a
 * lead, client, company, deal or another custom record of the organization that the caller may read.
 */
export async function createEntityRelationship(ctx: ServiceContext, input: CreateRelationshipInput) {
  await findRecord(ctx, input.entityRecordId, 'update');
  if (input.relatedEntityType === 'entity_record' && input.relatedEntityId === input.entityRecordId) {
    throw invalidField('relatedEntityId', 'A record cannot be related to itself');
  }
  await assertRelatedReadable(ctx, input.relatedEntityType, input.relatedEntityId);
  try {
    const [row] = await ctx.db
      .insert(entityRelationships)
      .values({
        organizationId: ctx.orgId,
        entityRecordId: input.entityRecordId,
        relatedEntityType: input.relatedEntityType,
        relatedEntityId: input.relatedEntityId,
        relationshipType: input.relationshipType || 'primary',
        notes: input.notes ?? null,
      })
      .returning(relationshipFields);
    const [item] = await presentRelationships(ctx.db, ctx.orgId, [row]);
    return item;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(objectMessages.duplicateRelationship);
    throw error;
  }
}
