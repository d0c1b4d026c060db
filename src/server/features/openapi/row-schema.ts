import { type Column, getTableColumns, type Table } from 'drizzle-orm';
import { z } from 'zod';

/**
 * A zod schema of a table's row as the API writes it (JSON): what most presenters answer, so the
 * documented shape follows the data model instead of a hand copy that drifts. Timestamps become
 * ISO date-time strings, numeric columns numbers (presenters convert them), nullable columns
 * `| null`. Every field is present in an answer, so every field is required; `omit` names the
 * columns the presenter leaves out (who last changed a record is audit data, not the record).
 */
export function rowSchema(table: Table, { omit = [] }: { omit?: string[] } = {}) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, column] of Object.entries(getTableColumns(table))) {
    if (omit.includes(name)) continue;
    const value = columnSchema(column);
    shape[name] = column.notNull ? value : value.nullable();
  }
  return z.object(shape);
}

function columnSchema(column: Column): z.ZodType {
  if (column.enumValues?.length) return z.enum(column.enumValues as [string, ...string[]]);
  switch (column.columnType) {
    case 'PgUUID':
      return z.uuid();
    case 'PgTimestamp':
    case 'PgTimestampString':
      return z.iso.datetime({ offset: true });
    case 'PgDateString':
    case 'PgDate':
      return z.iso.date();
    case 'PgNumeric':
      return z.number();
  }
  switch (column.dataType) {
    case 'number':
      return z.number();
    case 'boolean':
      return z.boolean();
    case 'date':
      return z.iso.datetime({ offset: true });
    case 'array':
      return z.array(z.string());
    case 'json':
      return z.unknown();
    default:
      return z.string();
  }
}
