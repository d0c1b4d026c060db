import { objectMessages } from '../../../common/validation/objects';
import { entityRecords } from '../../db/schema/custom-fields';
import { notFound } from '../../lib/app-error';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { rowInOrganization } from '../../lib/tenant-scope';
import { loadObject } from './get-entity-definition';
import { assertObjectAccess, type ObjectAction } from './object-access';
import { recordFields } from './present-entity-record';

/**
 * A record of the organization with its object, once the caller is known to hold `action` on
 * the object's category: 404 "Record not found" for a missing or foreign id, else 403.
 */
export async function findRecord(ctx: ServiceContext, id: string, action: ObjectAction) {
  if (!isUuid(id)) throw notFound(objectMessages.recordNotFound);
  const [record] = await ctx.db
    .select(recordFields)
    .from(entityRecords)
    .where(rowInOrganization(entityRecords, ctx.orgId, id))
    .limit(1);
  if (!record) throw notFound(objectMessages.recordNotFound);
  const object = await loadObject(ctx.db, ctx.orgId, record.entityType);
  assertObjectAccess(ctx, object.definition, action);
  return { record, ...object };
}

/** An object by type for a records route, once the caller is known to hold `action` on its category. */
export async function objectFor(ctx: ServiceContext, entityType: string, action: ObjectAction) {
  const object = await loadObject(ctx.db, ctx.orgId, entityType);
  assertObjectAccess(ctx, object.definition, action);
  return object;
}
