import { getTableColumns, is, SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db';

/**
 * Inserts many rows with ONE parameter: the rows as a JSON array, expanded by the database
 * (`jsonb_to_recordset`). A drizzle multi-row insert of 1,000 leads binds ~17,000 parameters,
 * each mapped and serialized on its own; one JSON text is built by V8's JSON.stringify and parsed
 * by the server in one go (measured in bench:imports). Rows must share their keys and hold plain
 * values (no SQL expressions: answers false, and the caller inserts with drizzle). Ids are the
 * caller's (set in the rows), so nothing depends on the order rows come back in.
 */
export async function insertRowsAsJson(
  db: Database,
  table: PgTable,
  rows: Record<string, unknown>[],
): Promise<boolean> {
  if (rows.length === 0) return true;
  const keys = Object.keys(rows[0]);
  if (rows.some((row) => Object.values(row).some((value) => is(value, SQL)))) return false;
  const columns = getTableColumns(table) as Record<string, { name: string; getSQLType(): string }>;
  const defs = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`insertRowsAsJson: no column ${key}`);
    return { key, name: column.name, type: column.getSQLType() };
  });
  const payload = JSON.stringify(
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (const { key, name } of defs) {
        const value = row[key];
        out[name] = value instanceof Date ? value.toISOString() : value === undefined ? null : value;
      }
      return out;
    }),
  );
  const names = sql.raw(defs.map((d) => `"${d.name}"`).join(', '));
  const record = sql.raw(defs.map((d) => `"${d.name}" ${d.type}`).join(', '));
  await db.execute(
    sql`insert into ${table} (${names}) select ${names} from jsonb_to_recordset(${payload}::jsonb) as x(${record})`,
  );
  return true;
}
