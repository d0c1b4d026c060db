import { z } from 'zod';
import { enumField, maxLength, nameField, urlField } from './common';
import { importJobStatuses, integrationEntityTypes } from '../allowed-values';

/* Imports and scheduled (polling) imports (issue 19). Owned by the imports work. */

export const pollingFormats = ['csv', 'json'] as const;

/** A polling integration's `config`: where to fetch, how often, and which column is the outside id. */
export const pollingConfigSchema = z.object({
  url: urlField('Must be a valid URL'),
  format: enumField(pollingFormats, 'Invalid format').default('csv'),
  intervalMinutes: z.number({ error: 'Interval must be a number' }).int().min(5).max(10080).default(1440),
  entityType: enumField(integrationEntityTypes, 'Invalid entity type'),
  externalIdColumn: z
    .string({ error: 'External id column is required' })
    .trim()
    .min(1, 'External id column is required')
    .max(200),
});
export type PollingConfig = z.infer<typeof pollingConfigSchema>;

export type ImportEntityType = (typeof integrationEntityTypes)[number];

/** The largest file an import takes (bytes); larger uploads answer 413. */
export const importFileMaxBytes = 50 * 1024 * 1024;
/** Rows a `sourceType: api` import may carry inline. */
export const importApiMaxRows = 10_000;
/** Columns a file may have (a wider header is refused at upload). */
export const importMaxColumns = 2_000;
/** A column name or a cell as an import reads it. */
export const importMaxColumnName = 200;
/** Row errors kept on the job itself (`errorLogs.errors`); every failed row is in the errors file. */
export const importStoredErrorsMax = 100;

export const importMessages = {
  tooLarge: 'The file is larger than 50 MB',
  empty: 'The file is empty',
  noHeader: 'The file has no header row',
  tooManyColumns: `The file has more than ${importMaxColumns} columns`,
  uploadNotFound: 'Upload not found',
  uploadRequired: 'Upload is required for a CSV import',
  rowsRequired: 'Rows are required for an API import',
  tooManyRows: `An API import takes at most ${importApiMaxRows.toLocaleString('en-US')} rows`,
  unknownField: 'Unknown field',
  externalIdColumnRequired: 'External id column is required when matching by external id',
  notFound: 'Import not found',
  notRunning: 'Only a pending or running import can be cancelled',
  cannotUndo: 'Only a finished import can be undone',
  alreadyUndone: 'This import was already undone',
  noErrors: 'This import has no failed rows',
  notPolling: 'Only a scheduled (polling) integration can be run',
  integrationNotFound: 'Integration not found',
} as const;

export const duplicateModes = ['skip', 'update', 'create'] as const;
export type DuplicateMode = (typeof duplicateModes)[number];
export const matchByKinds = ['email', 'phone', 'externalId'] as const;
export type MatchBy = (typeof matchByKinds)[number];

/** How duplicates are found and handled. */
export const importOptionsSchema = z.object({
  duplicates: enumField(duplicateModes, 'Invalid duplicates option').default('skip'),
  matchBy: enumField(matchByKinds, 'Invalid match option').default('email'),
  externalIdColumn: z
    .string({ error: 'Invalid external id column' })
    .trim()
    .min(1, 'Invalid external id column')
    .max(importMaxColumnName, 'External id column is too long')
    .optional(),
});
export type ImportOptions = z.infer<typeof importOptionsSchema>;

/**
 * Column (as the file's header names it) → target field: a standard field key (`email`), a
 * custom field as `customFields.<key>`, or `ownerEmail` / `tags` / `stageName`. Columns not
 * mapped are ignored.
 */
export const fieldMappingsSchema = z
  .record(
    z.string().max(importMaxColumnName, 'Column name is too long'),
    z.string().max(maxLength.code, 'Field name is too long'),
  )
  .refine((value) => Object.keys(value).length <= importMaxColumns, 'Too many mapped columns');

const cellValue = z.union([
  z.string().max(maxLength.notes, 'Value is too long'),
  z.number(),
  z.boolean(),
  z.null(),
]);

/** POST /api/import-jobs: create and start. */
export const createImportJobSchema = z
  .object({
    name: nameField('Name must be at least 2 characters').refine((v) => v.length >= 2, {
      message: 'Name must be at least 2 characters',
    }),
    entityType: enumField(integrationEntityTypes, 'Invalid entity type'),
    sourceType: enumField(['csv', 'api'] as const, 'Invalid source type'),
    uploadId: z.guid({ error: importMessages.uploadNotFound }).optional(),
    rows: z
      .array(z.record(z.string().max(importMaxColumnName, 'Column name is too long'), cellValue), {
        error: 'Rows must be a list of objects',
      })
      .max(importApiMaxRows, importMessages.tooManyRows)
      .optional(),
    fieldMappings: fieldMappingsSchema.optional(),
    options: importOptionsSchema.default({ duplicates: 'skip', matchBy: 'email' }),
  })
  .superRefine((value, ctx) => {
    if (value.sourceType === 'csv' && !value.uploadId)
      ctx.addIssue({ code: 'custom', path: ['uploadId'], message: importMessages.uploadRequired });
    if (value.sourceType === 'api' && !value.rows)
      ctx.addIssue({ code: 'custom', path: ['rows'], message: importMessages.rowsRequired });
    if (value.options.matchBy === 'externalId' && !value.options.externalIdColumn)
      ctx.addIssue({
        code: 'custom',
        path: ['options', 'externalIdColumn'],
        message: importMessages.externalIdColumnRequired,
      });
  });
export type CreateImportJobInput = z.infer<typeof createImportJobSchema>;

/** POST /api/import-jobs/upload?name=&entityType= (the body is the file: text/csv or application/octet-stream). */
export const importUploadQuerySchema = z.object({
  name: z.string().trim().max(maxLength.line, 'File name is too long').optional(),
  entityType: enumField(integrationEntityTypes, 'Invalid entity type').optional(),
});

export const importFieldsQuerySchema = z.object({
  entityType: enumField(integrationEntityTypes, 'Invalid entity type'),
});

export const importJobListQuerySchema = z.object({
  status: enumField(importJobStatuses, 'Invalid status').optional(),
  entityType: enumField(integrationEntityTypes, 'Invalid entity type').optional(),
  integrationId: z.guid({ error: 'Invalid integration ID' }).optional(),
});

/* ---- Response shapes (stable: the imports UI is built against them) ---- */

export type ImportFieldKind =
  | 'text'
  | 'email'
  | 'phone'
  | 'number'
  | 'money'
  | 'date'
  | 'enum'
  | 'tags'
  | 'owner'
  | 'stage'
  | 'boolean'
  | 'custom';

/** GET /api/import-jobs/fields?entityType= → { items: ImportFieldTarget[] } */
export interface ImportFieldTarget {
  /** What a mapping names: `fullName`, `customFields.caseNumber`, `ownerEmail`… */
  key: string;
  label: string;
  kind: ImportFieldKind;
  required: boolean;
  /** 'standard' | 'custom' | 'surplus' (a deal's surplus-case custom field). */
  group: 'standard' | 'custom' | 'surplus';
  /** Allowed values of an enum/select field. */
  options?: string[];
}

/** POST /api/import-jobs/upload → 201 ImportUpload */
export interface ImportUpload {
  uploadId: string;
  name: string;
  size: number;
  encoding: 'utf-8' | 'windows-1252';
  delimiter: string;
  columns: string[];
  /** The first 20 data rows as cells, in column order. */
  previewRows: string[][];
  /** Data rows in the file (the header not counted). */
  totalRecords: number;
  /** column → field, from names and a saved mapping for the same header set (entityType given). */
  suggestedMapping: Record<string, string>;
  /** True when suggestedMapping came from an earlier import with the same columns. */
  savedMapping: boolean;
}

export interface ImportRowErrorEntry {
  /** The data row's number in the file (1 = first row under the header). */
  row: number;
  message: string;
}

/** GET /api/import-jobs/:id, items of GET /api/import-jobs, answer of POST (201) / cancel / undo. */
export interface ImportJobView {
  id: string;
  name: string;
  entityType: ImportEntityType;
  sourceType: string;
  status: (typeof importJobStatuses)[number];
  integrationId: string | null;
  totalRecords: number;
  processedRecords: number;
  successfulRecords: number;
  failedRecords: number;
  /** Of the successful ones: created, updated; duplicates skipped (neither successful nor failed). */
  createdRecords: number;
  updatedRecords: number;
  skippedRecords: number;
  /** 0–100. */
  progress: number;
  fieldMappings: Record<string, string>;
  options: ImportOptions;
  /** The first row errors (capped); the full list: GET /:id/errors.csv. */
  errorLogs: ImportRowErrorEntry[];
  errorLogsTruncated: boolean;
  /** Failed rows can be downloaded (GET /api/import-jobs/:id/errors.csv). */
  hasErrorFile: boolean;
  /** Why the whole job failed (unreadable file…), else null. */
  errorMessage: string | null;
  cancelRequested: boolean;
  startedAt: string | null;
  completedAt: string | null;
  undoneAt: string | null;
  createdBy: string | null;
  createdAt: string;
}
