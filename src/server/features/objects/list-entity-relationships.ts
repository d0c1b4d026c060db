import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { objectMessages, relatedEntityTypeField } from '../../../common/validation/objects';
import { entityDefinitions, entityRecords, entityRelationships } from '../../db/schema/custom-fields';
import { forbidden, invalidField } from '../../lib/app-error';
import {
  cursorField,
  type KeysetSpec,
  keysetPage,
  listQuerySchema,
  listTotal,
  planKeysetPage,
} from '../../lib/keyset-pagination';
import { actorCan, type ServiceContext } from '../../lib/service-context';
import { queryFilter } from '../../lib/tenant-scope';
import { findRecord } from './find-entity-record';
import { readableCategories } from './object-access';
import {
  presentRelationships,
  type RelationshipRow,
  relationshipFields,
} from './present-entity-relationship';
import { assertRelatedReadable, categoryOfType, readableStandardTypes } from './related-records';

export const listRelationshipsQuerySchema = listQuerySchema.pick({ limit: true, cursor: true }).extend({
  entityRecordId: queryFilter(z.guid({ error: objectMessages.recordNotFound })),
  relatedEntityType: queryFilter(relatedEntityTypeField),
  relatedEntityId: queryFilter(z.guid({ error: objectMessages.relatedNotFound })),
});

export type ListRelationshipsQuery = z.infer<typeof listRelationshipsQuerySchema>;

/** Oldest first, by (createdAt, id): 10,000 relationships on one record page like any list. */
const relationshipListSpec: KeysetSpec = {
  sortable: { createdAt: entityRelationships.createdAt },
  defaultSort: 'createdAt',
  id: entityRelationships.id,
};

/** Whether a custom record (by id column) belongs to an object whose category the caller reads. */
function readableRecord(ctx: ServiceContext, recordId: SQL | typeof entityRelationships.entityRecordId): SQL {
  const categories = readableCategories(ctx.actor);
  if (categories.length === 0) return sql`false`;
  return sql`exists (select 1 from ${entityRecords} er join ${entityDefinitions} d
    on d.organization_id = er.organization_id and d.entity_type = er.entity_type
    where er.id = ${recordId} and er.organization_id = ${ctx.orgId}
      and d.permission_category in (${sql.join(
        categories.map((category) => sql`${category}`),
        sql`, `,
      )}))`;
}

/** Both ends readable: the record's object, and the related record's category. */
function readableRows(ctx: ServiceContext): SQL {
  const standard = readableStandardTypes(ctx);
  return and(
    readableRecord(ctx, entityRelationships.entityRecordId),
    or(
      standard.length ? inArray(entityRelationships.relatedEntityType, standard) : undefined,
      and(
        eq(entityRelationships.relatedEntityType, 'entity_record'),
        readableRecord(ctx, sql`${entityRelationships.relatedEntityId}`),
      ),
    ),
  ) as SQL;
}

/** A custom record's relationships both ways: from it, and from other records to it. */
function ofRecord(recordId: string): SQL {
  return or(
    eq(entityRelationships.entityRecordId, recordId),
    and(
      eq(entityRelationships.relatedEntityType, 'entity_record'),
      eq(entityRelationships.relatedEntityId, recordId),
    ),
  ) as SQL;
}

/** Which relationships the query names, once the caller may read that side (else 404/403). */
async function scopeOf(ctx: ServiceContext, query: ListRelationshipsQuery): Promise<SQL> {
  if (query.entityRecordId) {
    await findRecord(ctx, query.entityRecordId, 'read');
    return ofRecord(query.entityRecordId);
  }
  const { relatedEntityType: type, relatedEntityId: id } = query;
  if (!type || !id)
    throw invalidField('entityRecordId', 'Give entityRecordId, or relatedEntityType and relatedEntityId');
  if (type === 'entity_record') {
    await findRecord(ctx, id, 'read');
    return ofRecord(id);
  }
  if (!actorCan(ctx.actor, categoryOfType(type), 'read')) throw forbidden();
  await assertRelatedReadable(ctx, type, id);
  return and(
    eq(entityRelationships.relatedEntityType, type),
    eq(entityRelationships.relatedEntityId, id),
  ) as SQL;
}

/**
 * GET /api/entity-relationships?entityRecordId= or ?relatedEntityType=&relatedEntityId=: the
 * relationships of one record in both directions, keyset paged, only rows whose both ends the
 * caller may read, each with `record` and `related` named.
 */
export async function listEntityRelationships(ctx: ServiceContext, query: ListRelationshipsQuery) {
  const where = and(
    eq(entityRelationships.organizationId, ctx.orgId),
    await scopeOf(ctx, query),
    readableRows(ctx),
  );
  const plan = planKeysetPage(query, relationshipListSpec);
  const rows = await ctx.db
    .select({ ...relationshipFields, [cursorField]: plan.cursorValue })
    .from(entityRelationships)
    .where(and(where, plan.after))
    .orderBy(...plan.orderBy)
    .limit(plan.fetch);
  const total = await listTotal(ctx.db, entityRelationships, where);
  const page = keysetPage(
    rows as (RelationshipRow & { [cursorField]: string | null })[],
    plan,
    total,
    (row) => row,
  );
  return { ...page, items: await presentRelationships(ctx.db, ctx.orgId, page.items) };
}
