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
  type CreateRecordInput,
  type ObjectDefinition,
} from '../../../common/validation/objects';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { createEntityRecord } from './create-entity-record';
import { getEntityDefinition } from './get-entity-definition';
import { assertObjectAccess } from './object-access';
import { type CsvRecordRow, readEntityRecordCsv } from './read-entity-record-csv';

/** The row's problems with the messages a POST of the same record would answer. */
function rowErrors(definition: ObjectDefinition, input: CreateRecordInput, row: number): ImportRowError[] {
  const parsed = createRecordSchema.safeParse(input);
  const errors: ImportRowError[] = [];
  const seen = new Set<string>();
  for (const issue of parsed.error?.issues ?? []) {
    const path = issue.path.join('.');
    // One message per cell: the first rule that failed, as the API's 400 answers.
    if (seen.has(path)) continue;
    seen.add(path);
    errors.push({ row, path, message: issue.message });
  }
  if (seen.has('data')) return errors;
  for (const error of checkRecordData(definition.fields, input.data).errors) errors.push({ row, ...error });
  return errors;
}

const inputOf = (entityType: string, row: CsvRecordRow): CreateRecordInput => ({
  entityType,
  displayName: row.displayName,
  data: row.data,
  ...(row.tags && { tags: row.tags }),
  ...(row.notes && { notes: row.notes }),
});

/**
 * POST /api/entity-records/import: every row checked as a POST of it would be; the valid ones
 * created together in one transaction through the record service, the others reported by row.
 */
export async function importEntityRecords(
  ctx: ServiceContext,
  { entityType, csv }: ImportEntityRecordsInput,
): Promise<ImportEntityRecordsResult> {
  if (Buffer.byteLength(csv, 'utf8') > importMaxBytes) throw new AppError(413, importMessages.tooLarge);
  const definition = await getEntityDefinition(ctx, entityType);
  assertObjectAccess(ctx, definition, 'create');
  const { rows, warnings } = readEntityRecordCsv(csv, definition.fields);
  const errors: ImportRowError[] = [...warnings];
  const valid: CreateRecordInput[] = [];
  for (const row of rows) {
    const input = inputOf(definition.entityType, row);
    const problems = rowErrors(definition, input, row.row);
    if (problems.length === 0) valid.push(input);
    else errors.push(...problems);
  }
  if (valid.length > 0) {
    await ctx.db.transaction(async (tx) => {
      const inTransaction = { ...ctx, db: tx };
      for (const input of valid) await createEntityRecord(inTransaction, input);
    });
  }
  return { created: valid.length, failed: rows.length - valid.length, errors };
}
