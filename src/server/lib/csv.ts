import { Readable } from 'node:stream';
import { type SQL, sql } from 'drizzle-orm';
import type { PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { FastifyReply } from 'fastify';
import type { Database } from '../db';
import { cursorField, type KeysetSpec, keysetPage, planKeysetPage } from './keyset-pagination';

/*
 * CSV exports (RFC 4180), streamed: rows are read in keyset batches and written as they come,
 * so an export of any size holds one batch in memory, never the whole file.
 */

/** Spreadsheet programs run a cell starting with one of these as a formula (CSV injection). */
const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",\r\n]/;

/** One cell: text is guarded against formulas, then quoted when it holds a comma, quote or newline. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (value instanceof Date) text = value.toISOString();
  else if (Array.isArray(value))
    text = value.map((v) => (v === null || v === undefined ? '' : String(v))).join('; ');
  else if (typeof value === 'object') text = JSON.stringify(value);
  // Numbers and booleans are data, not text someone typed: -5 stays a number.
  else if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  } else text = String(value);
  if (formulaStart.test(text)) text = `'${text}`;
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF-terminated as RFC 4180 asks. */
export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

export interface CsvColumn<R> {
  header: string;
  value: (row: R) => unknown;
}

/** The header line, then one chunk per batch of rows. */
export async function* csvLines<R>(columns: readonly CsvColumn<R>[], batches: AsyncIterable<R[]>) {
  yield csvRow(columns.map((column) => column.header));
  for await (const batch of batches) {
    if (batch.length > 0)
      yield batch.map((row) => csvRow(columns.map((column) => column.value(row)))).join('');
  }
}

export const exportBatchSize = 500;

export interface KeysetBatchesOptions<TFields extends SelectedFields> {
  db: Database;
  from: PgTable;
  fields: TFields;
  /** Must include the organization (see tenant-scope). */
  where: SQL | undefined;
  spec: KeysetSpec;
  sort: string | undefined;
  batchSize?: number;
}

/**
 * Every row under `where`, in the list's sort order, `batchSize` at a time (keyset, never OFFSET).
 * The sort is checked at once (400 before anything is sent); no transaction spans two batches.
 */
export function keysetBatches<TFields extends SelectedFields>(
  options: KeysetBatchesOptions<TFields>,
): AsyncIterable<SelectResultFields<TFields>[]> {
  const { db, from, fields, where, spec, sort, batchSize = exportBatchSize } = options;
  planKeysetPage({ sort }, spec);
  type Row = SelectResultFields<TFields> & { id: string };
  return (async function* () {
    let cursor: string | undefined;
    for (;;) {
      // The page planner caps pages at the API's maximum; an export reads larger batches.
      const plan = { ...planKeysetPage({ sort, cursor }, spec), limit: batchSize, fetch: batchSize + 1 };
      const seek = plan.after && where ? sql`${where} and ${plan.after}` : (plan.after ?? where);
      const rows = await db
        .select({ ...fields, [cursorField]: plan.cursorValue } as SelectedFields)
        .from(from)
        .where(seek)
        .orderBy(...plan.orderBy)
        .limit(plan.fetch);
      const page = keysetPage(
        rows as unknown as (Row & { [cursorField]: string | null })[],
        plan,
        0,
        // The CSV columns pick their fields, so the cursor field the rows still carry is never written.
        (row) => row,
      );
      yield page.items as SelectResultFields<TFields>[];
      if (!page.nextCursor) return;
      cursor = page.nextCursor;
    }
  })();
}

/** `leads-2025-03-01.csv` (UTC date). */
export function exportFilename(name: string, now = new Date()) {
  return `${name}-${now.toISOString().slice(0, 10)}.csv`;
}

/** Sends the lines as a streamed `text/csv` attachment. */
export function sendCsv(reply: FastifyReply, name: string, lines: AsyncIterable<string>) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${exportFilename(name)}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(lines));
}
