import { inArray } from 'drizzle-orm';
import { isBlank } from '../../../common/validation/field-values';
import { checkRecordData, type UpdateRecordInput } from '../../../common/validation/objects';
import { entityRecords } from '../../db/schema/custom-fields';
import { invalidFields } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { catalogueTags } from '../../lib/tag-catalogue';
import { rowInOrganization, uniqueTags } from '../../lib/tenant-scope';
import { findRecord } from './find-entity-record';
import { presentField } from './present-entity-definition';
import { storedData } from './present-entity-record';
import { refreshSearchText, searchedFieldNames } from './record-search-text';

/**
 * PATCH /api/entity-records/:id: only the keys sent change; `data` keys sent replace those
 * values ('' or null clears one). When `data` is sent, the record must then satisfy every
 * required field, including one made required after the record was created.
 */
export async function updateEntityRecord(ctx: ServiceContext, id: string, input: UpdateRecordInput) {
  const { record, fields } = await findRecord(ctx, id, 'update');
  let data: Record<string, unknown> | undefined;
  if (input.data !== undefined) {
    const checkable = fields.map(presentField);
    const check = checkRecordData(checkable, input.data, { partial: true });
    const merged = storedData({ ...record.data, ...check.values });
    const missing = checkable
      .filter(
        (field) =>
          field.isRequired &&
          isBlank(merged[field.fieldName]) &&
          !Object.hasOwn(input.data ?? {}, field.fieldName),
      )
      .map((field) => ({ path: `data.${field.fieldName}`, message: `${field.displayName} is required` }));
    if (!check.valid || missing.length > 0) throw invalidFields([...check.errors, ...missing]);
    data = merged;
  }
  await ctx.db
    .update(entityRecords)
    .set({
      ...(input.displayName !== undefined && { displayName: input.displayName }),
      ...(data !== undefined && { data }),
      ...(input.tags !== undefined && { tags: uniqueTags(input.tags) }),
      ...(input.notes !== undefined && { notes: input.notes }),
      ...(input.isActive !== undefined && { isActive: input.isActive }),
      updatedAt: new Date(),
    })
    .where(rowInOrganization(entityRecords, ctx.orgId, id));
  if (input.displayName !== undefined || data !== undefined) {
    await refreshSearchText(ctx.db, ctx.orgId, inArray(entityRecords.id, [id]), searchedFieldNames(fields));
  }
  await catalogueTags(ctx.db, ctx.orgId, input.tags);
}
