import { Column, is, SQL, sql } from 'drizzle-orm';
import type { PgSelectBuilder, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { pgDialect } from './dialect';
import { statementNameFor } from './statement-names';
import type { Database } from './index';

export type Decode = (value: unknown) => unknown;

export interface CompiledSelection {
  keys: string[];
  /** Undefined where the driver's value is the answer (text, uuid, boolean…). */
  decoders: (Decode | undefined)[];
  /** The select list written out once, when no field carries a parameter. */
  selectList: SQL | undefined;
  /** The same list as text, for statements written as text (keyset-pagination.ts). */
  selectText: string | undefined;
}

/** The decoder `sql<T>`…`.mapWith()` set (drizzle keeps it on an internal property). */
function decoderOf(expression: SQL): Decode {
  const { decoder } = expression as unknown as { decoder: { mapFromDriverValue: Decode } };
  return (value) => decoder.mapFromDriverValue(value);
}

const identity = Column.prototype.mapFromDriverValue;

/** A column's decoder; none when it keeps the base class's identity mapping. */
function columnDecoder(column: Column): Decode | undefined {
  if (column.mapFromDriverValue === identity) return undefined;
  return (value) => column.mapFromDriverValue(value);
}

/**
 * The decoder of each field of a flat selection, in selection order (the order drizzle writes
 * the select list in), and that list as SQL text. Nested selections are refused: their rows
 * need drizzle's own mapper.
 */
function compileSelection(fields: SelectedFields): CompiledSelection {
  const keys: string[] = [];
  const decoders: (Decode | undefined)[] = [];
  const expressions: SQL[] = [];
  for (const [key, field] of Object.entries(fields)) {
    if (is(field, Column)) decoders.push(columnDecoder(field));
    else if (is(field, SQL)) decoders.push(decoderOf(field));
    else if (is(field, SQL.Aliased)) decoders.push(decoderOf(field.sql));
    else throw new Error(`selectRows takes a flat selection; "${key}" is not a column or SQL`);
    keys.push(key);
    expressions.push(is(field, SQL.Aliased) ? field.sql : sql`${field}`);
  }
  const written = pgDialect.sqlToQuery(sql.join(expressions, sql`, `));
  const selectText = written.params.length === 0 ? written.sql : undefined;
  const selectList = selectText === undefined ? undefined : sql.raw(selectText);
  return { keys, decoders, selectList, selectText };
}

/*
 * Compiled selections by the identity of their fields. Lists spread a constant field set and add
 * a cursor expression that planKeysetPage keeps per sort key, so a few dozen entries cover every
 * list; the bound only guards against a caller that builds new expressions on every call.
 */
const fieldIds = new WeakMap<object, number>();
let nextFieldId = 0;
const compiled = new Map<string, CompiledSelection>();
const maxCompiled = 500;

export function compiledSelectionOf(fields: SelectedFields): CompiledSelection {
  let signature = '';
  for (const field of Object.values(fields)) {
    let id = fieldIds.get(field);
    if (id === undefined) {
      id = nextFieldId++;
      fieldIds.set(field, id);
    }
    signature += `${id},`;
  }
  signature += Object.keys(fields).join(',');
  let selection = compiled.get(signature);
  if (!selection) {
    if (compiled.size >= maxCompiled) compiled.clear();
    selection = compileSelection(fields);
    compiled.set(signature, selection);
  }
  return selection;
}

/**
 * Runs a hand-written statement whose select list is `fields` (written in by `statement`), mapped
 * and decoded like `selectRows`. For statements drizzle's builder cannot express (a materialized
 * CTE); `fields` must carry no parameters. With `namedAs`, the text runs as a named statement
 * (`statementNameFor`): parsed once per connection instead of on every call.
 */
export async function selectRowsIn<TFields extends SelectedFields>(
  db: Database,
  fields: TFields,
  statement: (selectList: SQL) => SQL,
  namedAs?: string,
): Promise<SelectResultFields<TFields>[]> {
  const { keys, decoders, selectList } = compiledSelectionOf(fields);
  if (!selectList) throw new Error('selectRowsIn takes fields without parameters');
  const query = pgDialect.sqlToQuery(statement(selectList));
  const name = namedAs === undefined ? undefined : statementNameFor(namedAs, query.sql);
  const rows = await db._.session
    .prepareQuery(query, undefined, name, true, (raw: unknown[][]) => mapRowsWith(raw, keys, decoders))
    .execute();
  return rows as SelectResultFields<TFields>[];
}

/** Rows in array mode as objects: each of the first `keys.length` values decoded under its key. */
export function mapRowsWith(rows: unknown[][], keys: string[], decoders: (Decode | undefined)[]) {
  return rows.map((row) => {
    const item: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const value = row[i];
      const decode = decoders[i];
      item[keys[i]] = value === null || decode === undefined ? value : decode(value);
    }
    return item;
  });
}

/**
 * Runs `db.select(fields)…` as built by `build`, with the select list written and the decoders
 * resolved once per field set instead of on every call. Drizzle re-renders the select list on
 * every query and its mapper re-classifies every field of every row (`is()` walks the prototype
 * chain): for a 50-lead page that was about 0.3 ms per request, the largest share of the list
 * API's cost above its SQL (bench:lists, docs/decisions/009). Same SQL, same rows, same types.
 */
export async function selectRows<TFields extends SelectedFields>(
  db: Database,
  fields: TFields,
  build: (select: PgSelectBuilder<TFields>) => { toSQL(): { sql: string; params: unknown[] } },
): Promise<SelectResultFields<TFields>[]> {
  const { keys, decoders, selectList } = compiledSelectionOf(fields);
  const mapRows = (rows: unknown[][]) => mapRowsWith(rows, keys, decoders);
  // The written list stands in for the fields: one SQL "field" that expands to all the columns.
  const select = selectList ? db.select({ selectList }) : db.select(fields);
  const query = build(select as unknown as PgSelectBuilder<TFields>).toSQL();
  const rows = await db._.session.prepareQuery(query, undefined, undefined, true, mapRows).execute();
  return rows as SelectResultFields<TFields>[];
}
