import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Page } from './keyset-pagination';
import type { FieldKind, KindOf } from './page-json';
import { type Actor, actorCan } from './service-context';

/**
 * A list item's field as PostgreSQL writes it into the item's JSON: its kind (as `pageSerializer`
 * knows them) and its value, or null for a field the caller may not see.
 */
export type JsonItemField = readonly [kind: FieldKind, value: AnyPgColumn | SQL] | null;

/**
 * Every field of an item `T` with its kind and column, or null where the caller may not see it.
 * The compiler checks it against the item's type both ways, as `ItemLayout` does.
 */
export type JsonItemLayout<T> = {
  [K in keyof T]-?: readonly [kind: KindOf<T[K]>, value: AnyPgColumn | SQL] | null;
};

/** `Date#toISOString` in SQL: UTC, milliseconds (truncated, as a `Date` read from the driver is). */
const isoTimestamp = (value: AnyPgColumn | SQL) =>
  sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

function jsonValue(field: JsonItemField): SQL {
  if (field === null) return sql`null`;
  const [kind, value] = field;
  if (kind === 'timestamp') return isoTimestamp(value);
  // As `Number(numeric)` reads it: PostgreSQL writes a float8 in the shortest form that reads back.
  if (kind === 'number') return sql`(${value})::float8`;
  return sql`${value}`;
}

/**
 * One list item written as JSON text by PostgreSQL (`json_build_object`), its keys in the order
 * given. Reading 50 rows of 25 columns, making `Date`s of the timestamps and writing them back as
 * JSON was about half of a list answer's server CPU (docs/decisions/045); a page of these is
 * read as 50 strings and sent as they are (`serializeJsonItemsPage`). The keys are written into
 * the text, not passed as parameters, so the statement's select list is written once.
 */
export function jsonItemOf<T>(fields: JsonItemLayout<T>): SQL<string> {
  const pairs = Object.entries<JsonItemField>(fields as Record<string, JsonItemField>).map(([key, field]) => {
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(key)) throw new Error(`not a plain field name: ${key}`);
    return sql`${sql.raw(`'${key}'`)}, ${jsonValue(field)}`;
  });
  return sql<string>`json_build_object(${sql.join(pairs, sql`, `)})::text`;
}

/** A page of items written as JSON text (`jsonItemOf`), joined by commas as PostgreSQL gave them. */
export interface JsonItemsPage {
  itemsJson: string;
  nextCursor: string | null;
  total: number;
}

/** A page of items, each JSON text, as a `JsonItemsPage` (a search's page: `paginateSearch`). */
export function jsonItemsPageOf(page: Page<string>): JsonItemsPage {
  return { itemsJson: page.items.join(','), nextCursor: page.nextCursor, total: page.total };
}

/** Answered as `{items, nextCursor, total}`. */
export function serializeJsonItemsPage(page: JsonItemsPage): string {
  return `{"items":[${page.itemsJson}],"nextCursor":${JSON.stringify(page.nextCursor)},"total":${page.total}}`;
}

/**
 * A list's selections for each reader: every record's id (for the cursor) and its JSON, with the
 * fields clients:read shows or without them. Each is written once (a list's select list is
 * compiled per field set, select-rows.ts).
 */
export function jsonListFieldsFor<T>(
  id: AnyPgColumn,
  layoutFor: (clientVisible: boolean) => JsonItemLayout<T>,
) {
  const withClient = { id, json: jsonItemOf(layoutFor(true)) };
  const withoutClient = { id, json: jsonItemOf(layoutFor(false)) };
  return (actor: Actor) => (actorCan(actor, 'clients', 'read') ? withClient : withoutClient);
}

/** A page item of a `jsonListFieldsFor` selection: its JSON text. */
export const itemJsonOf = (row: { json: string }) => row.json;
