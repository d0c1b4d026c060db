import { objectMessages } from '../../../common/validation/objects';
import { entityRelationships } from '../../db/schema/custom-fields';
import { notFound } from '../../lib/app-error';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { rowInOrganization } from '../../lib/tenant-scope';
import { findRecord } from './find-entity-record';
import type { ObjectAction } from './object-access';
import { relationshipFields } from './present-entity-relationship';

/** A relationship of the organization, once the caller holds `action` on its record's object; else 404/403. */
export async function findRelationship(ctx: ServiceContext, id: string, action: ObjectAction) {
  if (!isUuid(id)) throw notFound(objectMessages.relationshipNotFound);
  const [row] = await ctx.db
    .select(relationshipFields)
    .from(entityRelationships)
    .where(rowInOrganization(entityRelationships, ctx.orgId, id))
    .limit(1);
  if (!row) throw notFound(objectMessages.relationshipNotFound);
  await findRecord(ctx, row.entityRecordId, action);
  return row;
}
