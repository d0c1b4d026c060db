import {
  type ImportEntityRecordsResult,
  importMaxBytes,
  importMessages,
} from '../../../common/validation/entity-record-import';
import type { ObjectFieldDefinition } from '../../../common/validation/objects';

/** Why a chosen file cannot be sent, or null: checked before the upload so a large file is not sent for nothing. */
export function importFileProblem(file: { name: string; size: number }): string | null {
  if (!file.name.toLowerCase().endsWith('.csv')) return 'Choose a .csv file';
  if (file.size > importMaxBytes) return importMessages.tooLarge;
  return null;
}

/** One refused cell as the dialog's table shows it: the column under its display name. */
export interface ImportFailure {
  row: number;
  column: string;
  message: string;
}

/** At most this many failures are listed: a file of 10,000 bad rows should not make a 10,000-row table. */
export const shownFailuresMax = 200;

export interface ImportSummary {
  created: number;
  failed: number;
  /** Header labels the server did not recognise (their cells were ignored). */
  unknownColumns: string[];
  /** The first `shownFailuresMax` failures, in row order. */
  failures: ImportFailure[];
  /** All failures, shown or not. */
  failureCount: number;
}

const builtInColumns: Record<string, string> = { displayName: 'Name', tags: 'Tags', notes: 'Notes' };

/** `data.sharePercent` → "Share %", `displayName` → "Name": the column as the file names it. */
function columnOf(path: string, fields: readonly Pick<ObjectFieldDefinition, 'fieldName' | 'displayName'>[]) {
  const fieldName = path.startsWith('data.') ? path.slice('data.'.length) : null;
  if (fieldName !== null)
    return fields.find((field) => field.fieldName === fieldName)?.displayName ?? fieldName;
  return builtInColumns[path] ?? path;
}

/** The server's answer split into the header's unknown columns and the rows' failures. */
export function summarizeImport(
  result: ImportEntityRecordsResult,
  fields: readonly Pick<ObjectFieldDefinition, 'fieldName' | 'displayName'>[],
): ImportSummary {
  const unknownColumns: string[] = [];
  const failures: ImportFailure[] = [];
  for (const error of result.errors) {
    if (error.message === importMessages.unknownColumn) unknownColumns.push(error.path);
    else failures.push({ row: error.row, column: columnOf(error.path, fields), message: error.message });
  }
  return {
    created: result.created,
    failed: result.failed,
    unknownColumns,
    failures: failures.slice(0, shownFailuresMax),
    failureCount: failures.length,
  };
}

const plural = (count: number, one: string, other: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : other}`;

/** "2 records imported", "1 row not imported". */
export const importedLabel = (count: number) => `${plural(count, 'record', 'records')} imported`;
export const notImportedLabel = (count: number) => `${plural(count, 'row', 'rows')} not imported`;
