import { z } from 'zod';

/*
 * POST /api/entity-records/import (issue 14): a CSV file of one custom object's records, sent as
 * text. The limits keep one import within one transaction of reasonable size.
 */

export const importMaxBytes = 5 * 1024 * 1024;
export const importMaxRows = 10_000;

export const importMessages = {
  csvRequired: 'CSV is required',
  tooLarge: 'The file must be at most 5 MB',
  tooManyRows: `The file can hold at most ${importMaxRows.toLocaleString('en-US')} rows`,
  noHeader: 'The first row must name the columns',
  noNameColumn: 'The file needs a Name column',
  duplicateColumn: 'This column appears twice',
  unknownColumn: 'Unknown column: ignored',
  noRows: 'The file has no rows to import',
} as const;

export const importEntityRecordsSchema = z.object({
  entityType: z.string({ error: 'Object not found' }).trim().min(1, 'Object not found').max(50),
  csv: z.string({ error: importMessages.csvRequired }).min(1, importMessages.csvRequired),
});
export type ImportEntityRecordsInput = z.infer<typeof importEntityRecordsSchema>;

/** One refused row: `row` counts the file's lines as a spreadsheet does (the header is row 1). */
export interface ImportRowError {
  row: number;
  path: string;
  message: string;
}

export interface ImportEntityRecordsResult {
  created: number;
  failed: number;
  errors: ImportRowError[];
}
