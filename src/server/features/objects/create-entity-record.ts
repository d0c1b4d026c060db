import { inArray } from 'drizzle-orm';
import type { FieldError } from '../../../common/validation/common';
import {
  checkRecordData,
  type CreateRecordInput,
  type ObjectRecord,
} from '../../../common/validation/objects';
import { entityRecords } from '../../db/schema/custom-fields';
import { invalidFields } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { catalogueTags } from '../../lib/tag-catalogue';
import { uniqueTags } from '../../lib/tenant-scope';
import { objectFor } from './find-entity-record';
import type { loadObject } from './get-entity-definition';
import { presentField } from './present-entity-definition';
import { presentRecord, recordFields, storedData } from './present-entity-record';
import { refreshSearchText, searchedFieldNames } from './record-search-text';

export type LoadedObject = Awaited<ReturnType<typeof loadObject>>;

/** One record to create; `entityType` is the object's. */
export type NewRecord = Omit<CreateRecordInput, 'entityType'>;

/** A row that could not be created: its index in the input, and why. */
export interface RowError extends FieldError {
  row: number;
}

/**
 * Creates the valid rows among `rows` for the object, in one transaction (an import's rows, or
 * a single record), and answers them with the errors of the others: each row's `data` is checked
 * against the fields (defaults applied), its search text written. The caller has checked the
 * object's create permission (objectFor).
 */
export async function createEntityRecords(
  ctx: ServiceContext,
  { definition, fields }: LoadedObject,
  rows: NewRecord[],
): Promise<{ records: ObjectRecord[]; errors: RowError[] }> {
  const checkable = fields.map(presentField);
  const errors: RowError[] = [];
  const values: (typeof entityRecords.$inferInsert)[] = [];
  rows.forEach((row, index) => {
    const check = checkRecordData(checkable, row.data);
    if (!check.valid) {
      errors.push(...check.errors.map((error) => ({ row: index, ...error })));
      return;
    }
    values.push({
      organizationId: ctx.orgId,
      entityType: definition.entityType,
      displayName: row.displayName,
      data: storedData(check.values),
      tags: uniqueTags(row.tags ?? []),
      notes: row.notes ?? null,
      isActive: row.isActive ?? true,
      createdBy: ctx.actor.id,
    });
  });
  if (values.length === 0) return { records: [], errors };
  const records = await ctx.db.transaction(async (tx) => {
    const inserted = [];
    // A few thousand rows per statement keeps each under PostgreSQL's parameter limit.
    for (let start = 0; start < values.length; start += 2000) {
      inserted.push(
        ...(await tx
          .insert(entityRecords)
          .values(values.slice(start, start + 2000))
          .returning(recordFields)),
      );
    }
    const ids = inserted.map((row) => row.id);
    await refreshSearchText(tx, ctx.orgId, inArray(entityRecords.id, ids), searchedFieldNames(fields));
    await catalogueTags(tx, ctx.orgId, [...new Set(values.flatMap((value) => value.tags ?? []))]);
    return inserted;
  });
  return { records: records.map(presentRecord), errors };
}

/** POST /api/entity-records: 400 with `data.<fieldName>` paths when the data does not pass. */
export async function createEntityRecord(ctx: ServiceContext, input: CreateRecordInput) {
  const object = await objectFor(ctx, input.entityType, 'create');
  const { records, errors } = await createEntityRecords(ctx, object, [input]);
  if (errors.length > 0) throw invalidFields(errors.map(({ path, message }) => ({ path, message })));
  return records[0];
}
