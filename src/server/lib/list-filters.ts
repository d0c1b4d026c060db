import { arrayContains, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { dateField, maxLength, maxTagsPerRecord, tooLongMessage } from '../../common/validation/common';
import { fieldLabel } from './field-label';
import { queryFilter, withinDates } from './tenant-scope';

/*
 * The filters every CRM list shares (leads, clients, companies, deals and their CSV exports):
 * tags and a created range, by the field's name and by the names the list UI already sends;
 * and equality on a list's other fields by their names (`?phoneType=Work`), so that a filter
 * by field name never answers the unfiltered list.
 */

/** `?tags=a` or `?tags=a&tags=b` (a repeated key arrives as an array); blanks are ignored. */
const filterTag = z.string().max(maxLength.line, tooLongMessage('Tag filter'));
const tagsFilter = z
  .union([filterTag, z.array(filterTag).max(maxTagsPerRecord, `At most ${maxTagsPerRecord} tags`)])
  .optional()
  .transform((value) => {
    const tags = [value ?? []]
      .flat()
      .map((tag) => tag.trim())
      .filter(Boolean);
    return tags.length ? tags : undefined;
  });

/** An optional text in a query string, at most a line long: "{label} must be at most 255 characters". */
export const textFilter = (label: string) =>
  queryFilter(z.string().trim().max(maxLength.line, tooLongMessage(label)));

/** An optional date in a query string: "{label} must be a valid date" otherwise. */
export const dateFilter = (label: string) => queryFilter(dateField(label));

/** `tags` (the field's name), its alias `tag`, and the created range under two pairs of names. */
const listFilterQuery = {
  tags: tagsFilter,
  tag: tagsFilter,
  createdFrom: dateFilter('Created from'),
  createdTo: dateFilter('Created to'),
  createdAfter: dateFilter('Created after'),
  createdBefore: dateFilter('Created before'),
};

interface CreatedRange {
  createdFrom?: string;
  createdTo?: string;
  createdAfter?: string;
  createdBefore?: string;
}

/** Rows carrying every tag asked for under any of the tag names (the GIN index on the column). */
function hasAllTags(column: PgColumn, ...requested: (string[] | undefined)[]): SQL | undefined {
  const tags = [...new Set(requested.flatMap((list) => list ?? []))];
  return tags.length ? arrayContains(column, tags) : undefined;
}

/** The created range; a calendar day as the end includes that whole day, under either name. */
function createdWithin(column: PgColumn, query: CreatedRange): SQL[] {
  return [
    ...withinDates(column, query.createdFrom, query.createdTo),
    ...withinDates(column, query.createdAfter, query.createdBefore),
  ];
}

/**
 * How a field is compared: text exactly, e-mail whatever its letter case, an id (a uuid), a
 * flag (`true`/`false`), or a day (a timestamp within that calendar day, or the moment given).
 */
export type EqualityKind = 'text' | 'email' | 'id' | 'flag' | 'day';

export type EqualityFields = Record<string, [EqualityKind, PgColumn]>;

function equalitySchema(kind: EqualityKind, field: string) {
  const label = fieldLabel(field);
  switch (kind) {
    case 'id':
      return queryFilter(z.guid({ error: `${label} must be a valid ID` }));
    case 'flag':
      return queryFilter(z.enum(['true', 'false'], { error: `${label} must be true or false` }));
    case 'day':
      return dateFilter(label);
    default:
      return textFilter(label);
  }
}

/** The query keys of `fields` (merge into a list's query schema). */
export function equalityQuery<F extends EqualityFields>(fields: F) {
  return Object.fromEntries(
    Object.entries(fields).map(([field, [kind]]) => [field, equalitySchema(kind, field)]),
  ) as unknown as { [K in keyof F]: z.ZodType<string | undefined> };
}

/** The conditions of the `fields` present in `query`. */
export function equalityConditions(fields: EqualityFields, query: Record<string, unknown>): SQL[] {
  const conditions: SQL[] = [];
  for (const [field, [kind, column]] of Object.entries(fields)) {
    const value = query[field];
    if (typeof value !== 'string') continue;
    if (kind === 'email') conditions.push(sql`lower(${column}) = ${value.toLowerCase()}`);
    else if (kind === 'flag') conditions.push(eq(column, value === 'true'));
    else if (kind === 'day') conditions.push(...withinDates(column, value, value));
    else conditions.push(eq(column, value));
  }
  return conditions;
}

interface RecordListColumns {
  tags: PgColumn;
  createdAt: PgColumn;
}

/**
 * A CRM list's shared filters in one: `query` to merge into its query schema, and the
 * `conditions` of a parsed query — every tag asked for under `tagNames`, the created range, and
 * equality on `fields`.
 */
export function recordListFilters(
  columns: RecordListColumns,
  fields: EqualityFields,
  tagNames: readonly string[] = ['tags', 'tag'],
) {
  const extraTagNames = tagNames.filter((name) => !(name in listFilterQuery));
  return {
    query: {
      ...listFilterQuery,
      ...Object.fromEntries(extraTagNames.map((name) => [name, tagsFilter])),
      ...equalityQuery(fields),
    },
    conditions(query: CreatedRange & Record<string, unknown>): (SQL | undefined)[] {
      return [
        hasAllTags(columns.tags, ...tagNames.map((name) => query[name] as string[] | undefined)),
        ...createdWithin(columns.createdAt, query),
        ...equalityConditions(fields, query),
      ];
    },
  };
}
