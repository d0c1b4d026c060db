import type { UpdateRelationshipInput } from '../../../common/validation/objects';
import { entityRelationships } from '../../db/schema/custom-fields';
import type { ServiceContext } from '../../lib/service-context';
import { rowInOrganization } from '../../lib/tenant-scope';
import { findRelationship } from './find-entity-relationship';
import { presentRelationships, relationshipFields } from './present-entity-relationship';

/** PATCH /api/entity-relationships/:id: its type ('' is primary again) and notes. */
export async function updateEntityRelationship(
  ctx: ServiceContext,
  id: string,
  input: UpdateRelationshipInput,
) {
  await findRelationship(ctx, id, 'update');
  const [row] = await ctx.db
    .update(entityRelationships)
    .set({
      ...(input.relationshipType !== undefined && { relationshipType: input.relationshipType || 'primary' }),
      ...(input.notes !== undefined && { notes: input.notes }),
      updatedAt: new Date(),
    })
    .where(rowInOrganization(entityRelationships, ctx.orgId, id))
    .returning(relationshipFields);
  const [item] = await presentRelationships(ctx.db, ctx.orgId, [row]);
  return item;
}
