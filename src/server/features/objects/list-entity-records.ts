import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { parseAmount } from '../../../common/surplus';
import { isDateText, maxLength, tooLongMessage } from '../../../common/validation/common';
import { objectMessages, relatedEntityTypeField } from '../../../common/validation/objects';
import { entityRecords, entityRelationships } from '../../db/schema/custom-fields';
import { invalidField, invalidFields } from '../../lib/app-error';
import { csvLines, keysetBatches } from '../../lib/csv';
import {
  containsPattern,
  type KeysetSpec,
  listQuerySchema,
  paginate,
  type SortKey,
  sortCaseInsensitively,
} from '../../lib/keyset-pagination';
import { recordListFilters } from '../../lib/list-filters';
import type { ServiceContext } from '../../lib/service-context';
import { inOrganization, queryFilter } from '../../lib/tenant-scope';
import { objectFor } from './find-entity-record';
import type { FieldRow } from './present-entity-definition';
import { presentRecord, recordFields } from './present-entity-record';
import type { LoadedObject } from './create-entity-record';

/** Tags (`tag`/`tags`) and the created range, as every record list has them. */
const sharedFilters = recordListFilters({ tags: entityRecords.tags, createdAt: entityRecords.createdAt }, {});

/**
 * GET /api/entity-records: the standard keys below; every other key filters by a field of the
 * object (`<fieldName>=`, and `<fieldName>From`/`To` for number and date fields), checked
 * against the object's fields when it is known (an unknown key is a 400, never ignored).
 */
export const listRecordsQuerySchema = listQuerySchema
  .extend({
    entityType: z
      .string({ error: objectMessages.objectNotFound })
      .trim()
      .min(1, objectMessages.objectNotFound)
      .max(50, objectMessages.objectNotFound),
    isActive: queryFilter(z.enum(['true', 'false'], { error: 'isActive must be true or false' })),
    relatedEntityType: queryFilter(relatedEntityTypeField),
    relatedEntityId: queryFilter(z.guid({ error: objectMessages.relatedNotFound })),
    ...sharedFilters.query,
  })
  .loose();

export type ListRecordsQuery = z.infer<typeof listRecordsQuerySchema>;

const standardKeys = new Set(Object.keys(listRecordsQuerySchema.shape));

const fieldValue = (field: FieldRow) => sql`${entityRecords.data} -> ${field.fieldName}::text`;

/** A number field's value as a number (null when the stored value is not one, never an error). */
const numericValue = (field: FieldRow) =>
  sql`(case when jsonb_typeof(${fieldValue(field)}) = 'number' then (${entityRecords.data} ->> ${field.fieldName}::text)::numeric end)`;

/** A field as a sort key: numbers as numbers, text ignoring case, dates and the rest as stored text. */
function sortKeyOf(field: FieldRow): SortKey {
  if (field.fieldType === 'number' || field.fieldType === 'currency') return numericValue(field);
  const text = sql`(${entityRecords.data} ->> ${field.fieldName}::text)`;
  return field.fieldType === 'date' || field.fieldType === 'checkbox' ? text : sql`lower(${text})`;
}

const displayNameKey = sortCaseInsensitively(entityRecords.displayName);

/** The object's sort allow-list: name, created, updated, then each field by its name. */
export function recordListSpec(fields: FieldRow[]): KeysetSpec {
  const sortable: Record<string, SortKey> = {};
  for (const field of fields) sortable[field.fieldName] = sortKeyOf(field);
  return {
    sortable: {
      ...sortable,
      displayName: displayNameKey,
      createdAt: entityRecords.createdAt,
      updatedAt: entityRecords.updatedAt,
    },
    defaultSort: '-createdAt',
    id: entityRecords.id,
  };
}

/** `data @> {"name": value}`: served by the GIN (jsonb_path_ops) index on data. */
const dataContains = (name: string, value: unknown) =>
  sql`${entityRecords.data} @> ${JSON.stringify({ [name]: value })}::jsonb`;

/** The condition of `?<key>=<text>` for one field, or an error message. */
function fieldCondition(field: FieldRow, bound: 'eq' | 'from' | 'to', text: string): SQL | string {
  const label = field.displayName;
  if (text.length > maxLength.line) return tooLongMessage(label);
  switch (field.fieldType) {
    case 'number':
    case 'currency': {
      const value = parseAmount(text);
      if (value === null) return `${label} must be a number`;
      if (bound === 'eq') return dataContains(field.fieldName, value);
      return bound === 'from'
        ? sql`${numericValue(field)} >= ${value}`
        : sql`${numericValue(field)} <= ${value}`;
    }
    case 'date': {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || !isDateText(text)) return `${label} must be a valid date`;
      if (bound === 'eq') return dataContains(field.fieldName, text);
      const stored = sql`(${entityRecords.data} ->> ${field.fieldName}::text)`;
      return bound === 'from' ? sql`${stored} >= ${text}` : sql`${stored} <= ${text}`;
    }
    case 'checkbox':
      if (text !== 'true' && text !== 'false') return `${label} must be true or false`;
      // An unticked box may be stored as false or not at all.
      return text === 'true'
        ? dataContains(field.fieldName, true)
        : sql`not (${dataContains(field.fieldName, true)})`;
    case 'multiselect':
      return dataContains(field.fieldName, [text]);
    default:
      return dataContains(field.fieldName, text);
  }
}

/** The conditions of the field filters in `query`; 400 for a key that names no filter. */
function fieldFilters(fields: FieldRow[], query: Record<string, unknown>): SQL[] {
  const byName = new Map(fields.map((field) => [field.fieldName, field]));
  const conditions: SQL[] = [];
  const errors: { path: string; message: string }[] = [];
  for (const [key, raw] of Object.entries(query)) {
    if (standardKeys.has(key) || raw === undefined) continue;
    const ranged = /^(.+)(From|To)$/.exec(key);
    let field = byName.get(key);
    let bound: 'eq' | 'from' | 'to' = 'eq';
    if (!field && ranged && ['number', 'currency', 'date'].includes(byName.get(ranged[1])?.fieldType ?? '')) {
      field = byName.get(ranged[1]);
      bound = ranged[2] === 'From' ? 'from' : 'to';
    }
    if (!field) {
      errors.push({ path: key, message: `Unknown filter "${key}"` });
      continue;
    }
    for (const text of [raw].flat()) {
      if (typeof text !== 'string' || text.trim() === '') continue;
      const condition = fieldCondition(field, bound, text.trim());
      if (typeof condition === 'string') errors.push({ path: key, message: condition });
      else conditions.push(condition);
    }
  }
  if (errors.length > 0) throw invalidFields(errors);
  return conditions;
}

/** Records related to (type, id), in either direction. */
function relatedTo(type: string, id: string): SQL {
  const outgoing = sql`exists (select 1 from ${entityRelationships} r
    where r.organization_id = ${entityRecords.organizationId} and r.entity_record_id = ${entityRecords.id}
      and r.related_entity_type = ${type} and r.related_entity_id = ${id})`;
  if (type !== 'entity_record') return outgoing;
  const incoming = sql`exists (select 1 from ${entityRelationships} r
    where r.organization_id = ${entityRecords.organizationId} and r.entity_record_id = ${id}
      and r.related_entity_type = 'entity_record' and r.related_entity_id = ${entityRecords.id})`;
  return or(outgoing, incoming) as SQL;
}

/** The list's conditions: the organization and object first, then search and filters. */
export function recordConditions(
  ctx: ServiceContext,
  { definition, fields }: LoadedObject,
  query: ListRecordsQuery,
): SQL {
  const filters: (SQL | undefined)[] = [eq(entityRecords.entityType, definition.entityType)];
  // search_text is lower-cased when written; the trigram index serves the LIKE.
  if (query.search)
    filters.push(sql`${entityRecords.searchText} like ${containsPattern(query.search.toLowerCase())}`);
  if (query.isActive) filters.push(eq(entityRecords.isActive, query.isActive === 'true'));
  if (query.relatedEntityType || query.relatedEntityId) {
    if (!query.relatedEntityType || !query.relatedEntityId) {
      throw invalidField(
        query.relatedEntityType ? 'relatedEntityId' : 'relatedEntityType',
        'Filter by related record needs both relatedEntityType and relatedEntityId',
      );
    }
    filters.push(relatedTo(query.relatedEntityType, query.relatedEntityId));
  }
  filters.push(...sharedFilters.conditions(query), ...fieldFilters(fields, query));
  return inOrganization(entityRecords, ctx.orgId, and(...filters));
}

export async function listEntityRecords(ctx: ServiceContext, query: ListRecordsQuery) {
  const object = await objectFor(ctx, query.entityType, 'read');
  return paginate(
    {
      db: ctx.db,
      from: entityRecords,
      fields: recordFields,
      where: recordConditions(ctx, object, query),
      spec: recordListSpec(object.fields),
      query,
    },
    presentRecord,
  );
}

/** GET /api/entity-records/export.csv: the list's rows (same filters and sort), streamed. */
export async function exportEntityRecords(ctx: ServiceContext, query: ListRecordsQuery) {
  const object = await objectFor(ctx, query.entityType, 'read');
  const batches = keysetBatches({
    db: ctx.db,
    from: entityRecords,
    fields: recordFields,
    where: recordConditions(ctx, object, query),
    spec: recordListSpec(object.fields),
    sort: query.sort,
  });
  const columns = [
    { header: 'Name', value: (row: { displayName: string }) => row.displayName },
    ...object.fields.map((field) => ({
      header: field.displayName,
      value: (row: { data: Record<string, unknown> }) => {
        const value = row.data?.[field.fieldName];
        return Array.isArray(value) ? value.join(', ') : value;
      },
    })),
    { header: 'Tags', value: (row: { tags: string[] }) => row.tags.join(', ') },
    { header: 'Notes', value: (row: { notes: string | null }) => row.notes },
    { header: 'Created', value: (row: { createdAt: Date }) => row.createdAt.toISOString() },
  ];
  return { name: object.definition.entityType, lines: csvLines(columns, batches) };
}
