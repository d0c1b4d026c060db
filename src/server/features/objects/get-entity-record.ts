import type { ServiceContext } from '../../lib/service-context';
import { findRecord } from './find-entity-record';
import { listEntityRelationships } from './list-entity-relationships';
import { presentRecord } from './present-entity-record';

/** How many relationships a record's page shows at first; the rest page through the relationships list. */
export const recordPageRelationships = 200;

/** GET /api/entity-records/:id: the record and its first 200 relationships (both ways, readable ones). */
export async function getEntityRecord(ctx: ServiceContext, id: string) {
  const { record } = await findRecord(ctx, id, 'read');
  const relationships = await listEntityRelationships(ctx, {
    entityRecordId: id,
    limit: recordPageRelationships,
  });
  return { ...presentRecord(record), relationships: relationships.items };
}
