import { entityRecords } from '../../db/schema/custom-fields';
import type { ServiceContext } from '../../lib/service-context';
import { rowInOrganization } from '../../lib/tenant-scope';
import { deleteRelationshipsTo } from './delete-relationships-to';
import { findRecord } from './find-entity-record';

/** DELETE /api/entity-records/:id: its relationships go with it, both ways (from it by foreign key). */
export async function deleteEntityRecord(ctx: ServiceContext, id: string) {
  await findRecord(ctx, id, 'delete');
  await ctx.db.transaction(async (tx) => {
    await deleteRelationshipsTo(tx, ctx.orgId, 'entity_record', [id]);
    await tx.delete(entityRecords).where(rowInOrganization(entityRecords, ctx.orgId, id));
  });
}
