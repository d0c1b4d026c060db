import { getTableName, sql } from 'drizzle-orm';
import { type AnyPgColumn, check } from 'drizzle-orm/pg-core';

/** Allowed value set as a check constraint named `<table>_<column>_check` (null passes, as SQL checks do). */
export function oneOf(column: AnyPgColumn, values: readonly string[]) {
  const list = sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '));
  return check(checkName(column), sql`${column} in (${list})`);
}

/** A numeric bound as a check constraint named `<table>_<column>_check`. */
export function atLeast(column: AnyPgColumn, min: number) {
  return check(checkName(column), sql`${column} >= ${sql.raw(String(min))}`);
}

/** An inclusive numeric range as a check constraint named `<table>_<column>_check`. */
export function between(column: AnyPgColumn, min: number, max: number) {
  return check(checkName(column), sql`${column} between ${sql.raw(String(min))} and ${sql.raw(String(max))}`);
}

function checkName(column: AnyPgColumn) {
  return `${getTableName(column.table)}_${column.name}_check`;
}
