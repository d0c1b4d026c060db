import { Readable, Transform } from 'node:stream';
import Papa from 'papaparse';
import { importMaxColumnName, importMaxColumns, importMessages } from '../../../common/validation/imports';
import { badRequest } from '../../lib/app-error';

/*
 * Reading an import's file as rows, streamed (a 50 MB file never sits in memory as rows):
 * bytes → text (UTF-8, or Windows-1252 when the bytes are not valid UTF-8, as Excel on Windows
 * writes "Save as CSV") → papaparse (quoted line breaks, doubled quotes, the delimiter it found
 * in the preview: comma, semicolon, tab or pipe). The first row is the header.
 */

export type ImportEncoding = 'utf-8' | 'windows-1252';

/** UTF-8 when every byte sequence is valid UTF-8, else Windows-1252 (which decodes any byte). */
export function detectEncoding(bytes: Uint8Array): ImportEncoding {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** Bytes → text in the file's encoding, a chunk at a time (a character split across chunks is kept whole), BOM dropped. */
export function decodeStream(encoding: ImportEncoding): Transform {
  const decoder = new TextDecoder(encoding);
  let first = true;
  return new Transform({
    decodeStrings: false,
    transform(chunk: Buffer, _enc, done) {
      let text = decoder.decode(chunk, { stream: true });
      if (first && text.length > 0) {
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
        first = false;
      }
      done(null, text);
    },
    flush(done) {
      done(null, decoder.decode());
    },
  });
}

/** Header cells as column names: trimmed, cut to 200 characters, blanks named "Column N", repeats numbered. */
export function columnNamesOf(header: string[]): string[] {
  if (header.length > importMaxColumns) throw badRequest(importMessages.tooManyColumns);
  const seen = new Map<string, number>();
  return header.map((cell, index) => {
    const base = cell.trim().slice(0, importMaxColumnName) || `Column ${index + 1}`;
    const times = (seen.get(base) ?? 0) + 1;
    seen.set(base, times);
    return times === 1 ? base : `${base} (${times})`;
  });
}

const isBlankRow = (row: string[]) => row.every((cell) => cell.trim() === '');

/** A file's text parsed in one go, for the preview at upload: header, first rows, row count, delimiter. */
export function previewCsv(text: string, previewRows = 20) {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let header: string[] | null = null;
  const rows: string[][] = [];
  let total = 0;
  let delimiter = ',';
  Papa.parse<string[]>(body, {
    skipEmptyLines: false,
    step: (result) => {
      const row = result.data;
      if (header === null) {
        header = row;
        delimiter = result.meta.delimiter || ',';
        return;
      }
      if (isBlankRow(row)) return;
      total += 1;
      if (rows.length < previewRows) rows.push(row);
    },
  });
  if (header === null || isBlankRow(header)) throw badRequest(importMessages.noHeader);
  return { columns: columnNamesOf(header), rows, total, delimiter };
}

/** Rows of a stored CSV file as cells: the header first, blank rows skipped. */
export async function* csvRows(
  bytes: Readable,
  { encoding, delimiter }: { encoding: ImportEncoding; delimiter: string },
): AsyncGenerator<string[]> {
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { delimiter, skipEmptyLines: false });
  const text = bytes.pipe(decodeStream(encoding));
  text.on('error', (error) => parser.destroy(error));
  text.pipe(parser);
  for await (const row of parser as AsyncIterable<string[]>) {
    if (isBlankRow(row)) continue;
    yield row;
  }
}

/** Rows given as JSON objects (sourceType api, a JSON feed): the header is every key in first-seen order. */
export async function* objectRows(objects: Record<string, unknown>[]): AsyncGenerator<string[]> {
  const keys = new Map<string, number>();
  for (const object of objects)
    for (const key of Object.keys(object)) if (!keys.has(key)) keys.set(key, keys.size);
  const header = [...keys.keys()];
  yield header;
  for (const object of objects) {
    yield header.map((key) => {
      const value = object[key];
      return value === null || value === undefined ? '' : String(value);
    });
  }
}

/** A JSON feed's rows: an array of objects, or `{ data | items | rows: [...] }`. */
export function objectsOfJson(value: unknown): Record<string, unknown>[] {
  const list = Array.isArray(value)
    ? value
    : value && typeof value === 'object'
      ? ((value as Record<string, unknown>).data ??
        (value as Record<string, unknown>).items ??
        (value as Record<string, unknown>).rows)
      : undefined;
  if (!Array.isArray(list)) throw badRequest('The JSON is not a list of rows');
  return list.filter(
    (item): item is Record<string, unknown> => !!item && typeof item === 'object' && !Array.isArray(item),
  );
}

export function readableOf(text: string): Readable {
  return Readable.from([Buffer.from(text, 'utf8')]);
}
