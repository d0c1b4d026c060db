import {
  type ImportEntityRecordsInput,
  type ImportEntityRecordsResult,
  type ImportRowError,
  importMaxBytes,
  importMessages,
} from '../../../common/validation/entity-record-import';
import {
  checkRecordData,
  createRecordSchema,
  type ObjectFieldDefinition,
} from '../../../common/validation/objects';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { createEntityRecords, type NewRecord } from './create-entity-record';
import { objectFor } from './find-entity-record';
import { presentField } from './present-entity-definition';
import { type CsvRecordRow, readEntityRecordCsv } from './read-entity-record-csv';

/** The row's name, tags and notes as a POST would check them: one message per cell, the first rule that failed. */
function recordErrors(entityType: string, fields: ObjectFieldDefinition[], row: CsvRecordRow) {
  const parsed = createRecordSchema.safeParse({ ...row, entityType });
  if (parsed.success) return { record: parsed.data as NewRecord, errors: [] };
  const errors: ImportRowError[] = [];
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    if (!errors.some((error) => error.path === path))
      errors.push({ row: row.row, path, message: issue.message });
  }
  // The data's own problems too, so one pass over the file shows everything wrong with a row.
  const data = checkRecordData(fields, row.data);
  errors.push(...data.errors.map((error) => ({ row: row.row, ...error })));
  return { record: null, errors };
}

/**
 * POST /api/entity-records/import: every row checked as a POST of it would be; the valid ones
 * created together in one transaction by the record service, the others reported by row
 * (numbered as a spreadsheet shows them), after the header's unknown columns.
 */
export async function importEntityRecords(
  ctx: ServiceContext,
  { entityType, csv }: ImportEntityRecordsInput,
): Promise<ImportEntityRecordsResult> {
  if (Buffer.byteLength(csv, 'utf8') > importMaxBytes) throw new AppError(413, importMessages.tooLarge);
  const object = await objectFor(ctx, entityType, 'create');
  const fields = object.fields.map(presentField);
  const { rows, warnings } = readEntityRecordCsv(csv, fields);
  const rowErrors: ImportRowError[] = [];
  const candidates: { row: number; record: NewRecord }[] = [];
  for (const row of rows) {
    const { record, errors } = recordErrors(entityType, fields, row);
    if (record) candidates.push({ row: row.row, record });
    else rowErrors.push(...errors);
  }
  const { records, errors } = await createEntityRecords(
    ctx,
    object,
    candidates.map((candidate) => candidate.record),
  );
  for (const error of errors) rowErrors.push({ ...error, row: candidates[error.row].row });
  // Row order, each row's problems in field order (a stable sort keeps it).
  rowErrors.sort((a, b) => a.row - b.row);
  return {
    created: records.length,
    failed: rows.length - records.length,
    errors: [...warnings, ...rowErrors],
  };
}
