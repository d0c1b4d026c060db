import { Column, is, SQL } from 'drizzle-orm';
import type { PgSelectBuilder, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Database } from './index';

type Decode = (value: unknown) => unknown;

interface CompiledFields {
  keys: string[];
  decoders: Decode[];
}

/** The decoder `sql<T>`…`.mapWith()` set (drizzle keeps it on an internal property). */
function decoderOf(expression: SQL): Decode {
  const { decoder } = expression as unknown as { decoder: { mapFromDriverValue: Decode } };
  return (value) => decoder.mapFromDriverValue(value);
}

/**
 * The decoder of each field of a flat selection, in selection order (the order drizzle writes
 * the select list in). Nested selections are refused: their rows need drizzle's own mapper.
 */
function compileFields(fields: SelectedFields): CompiledFields {
  const keys: string[] = [];
  const decoders: Decode[] = [];
  for (const [key, field] of Object.entries(fields)) {
    let decode: Decode;
    if (is(field, Column)) decode = (value) => field.mapFromDriverValue(value);
    else if (is(field, SQL)) decode = decoderOf(field);
    else if (is(field, SQL.Aliased)) decode = decoderOf(field.sql);
    else throw new Error(`selectRows takes a flat selection; "${key}" is not a column or SQL`);
    keys.push(key);
    decoders.push(decode);
  }
  return { keys, decoders };
}

/**
 * Runs `db.select(fields)…` as built by `build`, decoding rows with decoders resolved once per
 * query. Drizzle's generic mapper re-classifies every field of every row (`is()` walks the
 * prototype chain): for a 50-row list page it was a fifth of a millisecond per request, the
 * largest share of the list API's cost above its SQL (bench:lists). Same rows, same types.
 */
export async function selectRows<TFields extends SelectedFields>(
  db: Database,
  fields: TFields,
  build: (select: PgSelectBuilder<TFields>) => { toSQL(): { sql: string; params: unknown[] } },
): Promise<SelectResultFields<TFields>[]> {
  const { keys, decoders } = compileFields(fields);
  const mapRows = (rows: unknown[][]) =>
    rows.map((row) => {
      const item: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) {
        const value = row[i];
        item[keys[i]] = value === null ? null : decoders[i](value);
      }
      return item;
    });
  const query = build(db.select(fields) as unknown as PgSelectBuilder<TFields>).toSQL();
  const rows = await db._.session.prepareQuery(query, undefined, undefined, true, mapRows).execute();
  return rows as SelectResultFields<TFields>[];
}
