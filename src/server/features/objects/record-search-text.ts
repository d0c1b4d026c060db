import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { ObjectFieldType } from '../../../common/validation/objects';
import type { Database } from '../../db';
import { entityRecords } from '../../db/schema/custom-fields';

/*
 * `search_text` is what `?search=` and the palette match (trigram index): the lower-cased display
 * name and the values of the object's text-like fields. It is written by one SQL statement after
 * every write of records, so a record, an import and a field migration all compute it alike.
 */

const textLikeTypes: readonly ObjectFieldType[] = [
  'text',
  'textarea',
  'email',
  'phone',
  'url',
  'select',
  'multiselect',
];

/** Long texts are cut: the search finds a record by its first few thousand characters. */
const maxSearchTextLength = 4000;

export function isTextLike(fieldType: string): boolean {
  return (textLikeTypes as readonly string[]).includes(fieldType);
}

/** The fields whose values are searched. */
export function searchedFieldNames(fields: { fieldName: string; fieldType: string }[]): string[] {
  return fields.filter((field) => isTextLike(field.fieldType)).map((field) => field.fieldName);
}

/** Rewrites `search_text` of the organization's records matching `where`. */
export async function refreshSearchText(
  db: Database,
  orgId: string,
  where: SQL,
  searchedFields: string[],
): Promise<void> {
  const names = searchedFields.length
    ? sql`array[${sql.join(
        searchedFields.map((name) => sql`${name}`),
        sql`, `,
      )}]::text[]`
    : sql`array[]::text[]`;
  const values = sql`(select string_agg(case jsonb_typeof(e.value)
      when 'array' then (select string_agg(a, ' ') from jsonb_array_elements_text(e.value) a)
      else e.value #>> '{}' end, ' ')
    from jsonb_each(${entityRecords.data}) e where e.key = any(${names}))`;
  await db
    .update(entityRecords)
    .set({
      searchText: sql`lower(left(${entityRecords.displayName} || coalesce(' ' || ${values}, ''), ${maxSearchTextLength}))`,
    })
    .where(and(eq(entityRecords.organizationId, orgId), where));
}
