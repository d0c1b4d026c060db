import { and, eq, inArray, type SQLWrapper } from 'drizzle-orm';
import type { RelatedEntityType } from '../../../common/validation/objects';
import type { Database } from '../../db';
import { entityRelationships } from '../../db/schema/custom-fields';
import type { ServiceContext } from '../../lib/service-context';
import type { AfterBulkDelete } from '../../lib/tenant-scope';

/*
 * A relationship points at its related record by type and id (no foreign key: the target is one
 * of five tables), so whoever deletes such a record also deletes the relationships to it, in the
 * same transaction. Relationships *from* a custom record go with it by foreign key.
 */

/** Deletes the organization's relationships to `ids` (a list or a subquery of ids) of `type`. */
export async function deleteRelationshipsTo(
  db: Database,
  orgId: string,
  type: RelatedEntityType,
  ids: string[] | SQLWrapper,
): Promise<void> {
  if (Array.isArray(ids) && ids.length === 0) return;
  await db
    .delete(entityRelationships)
    .where(
      and(
        eq(entityRelationships.organizationId, orgId),
        eq(entityRelationships.relatedEntityType, type),
        inArray(entityRelationships.relatedEntityId, ids),
      ),
    );
}

/**
 * The delete of one lead, client, company or deal (`remove`, answering the deleted ids) with its
 * relationships, in one transaction.
 */
export function deleteWithRelationships<T extends { id: string }>(
  ctx: ServiceContext,
  type: Exclude<RelatedEntityType, 'entity_record'>,
  remove: (db: Database) => Promise<T[]>,
): Promise<T[]> {
  return ctx.db.transaction(async (tx) => {
    const deleted = await remove(tx);
    await deleteRelationshipsTo(
      tx,
      ctx.orgId,
      type,
      deleted.map((row) => row.id),
    );
    return deleted;
  });
}

/** For a bulk delete (`afterDelete`): the relationships to the deleted records, then `next`. */
export function alsoDeleteRelationships(
  ctx: ServiceContext,
  type: Exclude<RelatedEntityType, 'entity_record'>,
  next?: AfterBulkDelete,
): AfterBulkDelete {
  return async (tx, deletedIds) => {
    await deleteRelationshipsTo(tx, ctx.orgId, type, deletedIds);
    await next?.(tx, deletedIds);
  };
}

/** For a bulk delete of custom records: the relationships from other records to them. */
export function recordRelationshipsCleanup(ctx: ServiceContext): AfterBulkDelete {
  return (tx, deletedIds) => deleteRelationshipsTo(tx, ctx.orgId, 'entity_record', deletedIds);
}
