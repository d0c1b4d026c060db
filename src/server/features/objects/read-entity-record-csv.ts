import {
  type ImportRowError,
  importMaxRows,
  importMessages,
} from '../../../common/validation/entity-record-import';
import type { ObjectFieldDefinition } from '../../../common/validation/objects';
import { invalidField } from '../../lib/app-error';
import { CsvFormatError, parseCsv } from '../../lib/parse-csv';

/*
 * A CSV file of one object's records read into record inputs: the header names each column by
 * a field's display name or field name (any case), `Name` is the record's name, and the export's
 * own Tags, Notes and Created columns are understood, so an exported file imports back.
 */

type CsvField = Pick<ObjectFieldDefinition, 'fieldName' | 'displayName' | 'fieldType'>;

type Column =
  | { index: number; kind: 'name' | 'tags' | 'notes' }
  | { index: number; kind: 'field'; field: CsvField };

export interface CsvRecordRow {
  /** The row as a spreadsheet numbers it: the header is row 1. */
  row: number;
  displayName: string;
  data: Record<string, unknown>;
  tags?: string[];
  notes?: string;
}

export interface CsvRecords {
  rows: CsvRecordRow[];
  /** Header problems that do not stop the import (an unknown column is left out). */
  warnings: ImportRowError[];
}

const headerRow = 1;
/** The export's read-only column: written for people, ignored when the file comes back. */
const readOnlyColumns = new Set(['created']);
/** What the export writes before text a spreadsheet would run as a formula (csv.ts). */
const formulaGuard = /^'(?=[=+\-@\t\r])/;
const usDate = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const checkboxWords: Record<string, boolean> = {
  true: true,
  yes: true,
  y: true,
  '1': true,
  false: false,
  no: false,
  n: false,
  '0': false,
};

function columnsOf(header: string[], fields: readonly CsvField[]) {
  const byLabel = new Map<string, CsvField>();
  // A display name wins over another field's field name spelled the same.
  for (const field of fields) byLabel.set(field.fieldName.toLowerCase(), field);
  for (const field of fields) byLabel.set(field.displayName.toLowerCase(), field);
  const columns: Column[] = [];
  const warnings: ImportRowError[] = [];
  const taken = new Set<string>();
  header.forEach((cell, index) => {
    const label = cell.trim();
    const key = label.toLowerCase();
    if (!label) return;
    let column: Column;
    let target: string;
    if (key === 'name') {
      column = { index, kind: 'name' };
      target = 'name';
    } else if (byLabel.has(key)) {
      const field = byLabel.get(key) as CsvField;
      column = { index, kind: 'field', field };
      target = `data.${field.fieldName}`;
    } else if (key === 'tags' || key === 'notes') {
      column = { index, kind: key };
      target = key;
    } else if (readOnlyColumns.has(key)) {
      return;
    } else {
      warnings.push({ row: headerRow, path: label, message: importMessages.unknownColumn });
      return;
    }
    if (taken.has(target)) throw invalidField(`csv.${label}`, importMessages.duplicateColumn);
    taken.add(target);
    columns.push(column);
  });
  if (!taken.has('name')) throw invalidField('csv', importMessages.noNameColumn);
  return { columns, warnings };
}

/** A cell as the record data check takes it: spreadsheet spellings of booleans, lists and dates. */
function cellValue(field: CsvField, raw: string): unknown {
  const text = field.fieldType === 'textarea' ? raw : raw.trim();
  const unguarded = text.replace(formulaGuard, '');
  switch (field.fieldType) {
    case 'checkbox':
      return checkboxWords[unguarded.toLowerCase()] ?? unguarded;
    case 'multiselect':
      return unguarded
        .split(';')
        .map((item) => item.trim())
        .filter(Boolean);
    case 'date': {
      const us = usDate.exec(unguarded);
      return us ? `${us[3]}-${us[1].padStart(2, '0')}-${us[2].padStart(2, '0')}` : unguarded;
    }
    default:
      return unguarded;
  }
}

/** 400 for a file that cannot be read as the object's records at all; rows are checked later. */
export function readEntityRecordCsv(csv: string, fields: readonly CsvField[]): CsvRecords {
  let table: string[][];
  try {
    table = parseCsv(csv);
  } catch (error) {
    if (error instanceof CsvFormatError) throw invalidField('csv', error.message);
    throw error;
  }
  const [header, ...body] = table;
  if (!header || header.every((cell) => cell.trim() === ''))
    throw invalidField('csv', importMessages.noHeader);
  const { columns, warnings } = columnsOf(header, fields);
  const rows: CsvRecordRow[] = [];
  body.forEach((cells, index) => {
    // A blank line keeps its number but is no record.
    if (cells.every((cell) => cell.trim() === '')) return;
    const record: CsvRecordRow = { row: index + 2, displayName: '', data: {} };
    for (const column of columns) {
      const raw = cells[column.index] ?? '';
      if (column.kind === 'name') record.displayName = raw.trim().replace(formulaGuard, '');
      else if (column.kind === 'notes') record.notes = raw.trim() ? raw : undefined;
      else if (column.kind === 'tags') {
        const tags = raw
          .split(';')
          .map((tag) => tag.trim())
          .filter(Boolean);
        if (tags.length > 0) record.tags = tags;
      } else if (column.kind === 'field' && raw.trim() !== '') {
        record.data[column.field.fieldName] = cellValue(column.field, raw);
      }
    }
    rows.push(record);
  });
  if (rows.length > importMaxRows) throw invalidField('csv', importMessages.tooManyRows);
  if (rows.length === 0) throw invalidField('csv', importMessages.noRows);
  return { rows, warnings };
}
