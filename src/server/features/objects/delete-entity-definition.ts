import { and, eq } from 'drizzle-orm';
import { objectMessages } from '../../../common/validation/objects';
import { entityDefinitions, entityRecords } from '../../db/schema/custom-fields';
import { notFound } from '../../lib/app-error';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { rowInOrganization } from '../../lib/tenant-scope';
import { findDefinition } from './get-entity-definition';
import { deleteRelationshipsTo } from './delete-relationships-to';

/**
 * DELETE /api/entity-definitions/:id: the object, its fields, its records and every relationship
 * from or to them, in one transaction (the UI has the user type the object's name first).
 */
export async function deleteEntityDefinition(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(objectMessages.objectNotFound);
  const definition = await findDefinition(ctx.db, ctx.orgId, id);
  await ctx.db.transaction(async (tx) => {
    const records = tx
      .select({ id: entityRecords.id })
      .from(entityRecords)
      .where(
        and(eq(entityRecords.organizationId, ctx.orgId), eq(entityRecords.entityType, definition.entityType)),
      );
    await deleteRelationshipsTo(tx, ctx.orgId, 'entity_record', records);
    // Relationships from the records go with them (foreign key cascade); fields with the object.
    await tx
      .delete(entityRecords)
      .where(
        and(eq(entityRecords.organizationId, ctx.orgId), eq(entityRecords.entityType, definition.entityType)),
      );
    await tx.delete(entityDefinitions).where(rowInOrganization(entityDefinitions, ctx.orgId, id));
  });
}
