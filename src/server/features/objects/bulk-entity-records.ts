import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { booleanField } from '../../../common/validation/common';
import { entityRecords } from '../../db/schema/custom-fields';
import { planBulkJob } from '../../lib/bulk-job';
import type { ServiceContext } from '../../lib/service-context';
import { bulkOperationOf, bulkPermission, bulkSchemaOf, inOrganization } from '../../lib/tenant-scope';
import { recordRelationshipsCleanup } from './delete-relationships-to';
import { objectFor } from './find-entity-record';
import { listRecordsQuerySchema, recordConditions } from './list-entity-records';

/**
 * POST /api/entity-records/bulk: the leads' bulk body (docs/decisions/020) plus the object's
 * `entityType`: delete, add or remove a tag, or set isActive on the records named by `ids` or by
 * the list's `filter` (field filters included). Only the object's own records are touched.
 */
const recordFilterSchema = listRecordsQuerySchema.omit({
  entityType: true,
  limit: true,
  cursor: true,
  sort: true,
});

export const bulkRecordsSchema = bulkSchemaOf(
  z.object({ isActive: booleanField('isActive').optional() }),
  z.object({}),
).safeExtend({
  entityType: listRecordsQuerySchema.shape.entityType,
  // The list's own query with its field filters, so not strict as the standard lists' are: a key
  // that names no filter is refused by recordConditions, never ignored.
  filter: recordFilterSchema.optional() as never,
});

export type BulkRecordsInput = z.infer<typeof bulkRecordsSchema>;

export async function bulkEntityRecords(ctx: ServiceContext, input: BulkRecordsInput, batchSize?: number) {
  const object = await objectFor(ctx, input.entityType, bulkPermission(input.action));
  let where: SQL;
  if (input.filter !== undefined) {
    // Acting on a filter reveals which records match it: the object's read permission too.
    await objectFor(ctx, input.entityType, 'read');
    where = recordConditions(ctx, object, {
      ...(input.filter as z.infer<typeof recordFilterSchema>),
      entityType: input.entityType,
    });
  } else {
    where = inOrganization(
      entityRecords,
      ctx.orgId,
      and(
        eq(entityRecords.entityType, object.definition.entityType),
        inArray(entityRecords.id, input.ids ?? []),
      ),
    );
  }
  return planBulkJob(
    ctx.db,
    ctx.orgId,
    { table: entityRecords, tagsKey: 'tags' },
    { where, excludeIds: input.excludeIds },
    bulkOperationOf(input),
    { batchSize, dryRun: input.dryRun, afterDelete: recordRelationshipsCleanup(ctx) },
  );
}
