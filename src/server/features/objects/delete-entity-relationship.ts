import { entityRelationships } from '../../db/schema/custom-fields';
import type { ServiceContext } from '../../lib/service-context';
import { rowInOrganization } from '../../lib/tenant-scope';
import { findRelationship } from './find-entity-relationship';

/** DELETE /api/entity-relationships/:id: unlinks; both records stay. */
export async function deleteEntityRelationship(ctx: ServiceContext, id: string) {
  await findRelationship(ctx, id, 'update');
  await ctx.db.delete(entityRelationships).where(rowInOrganization(entityRelationships, ctx.orgId, id));
}
