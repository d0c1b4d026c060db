import type { ImportRowErrorEntry } from '../../../common/validation/imports';

/**
 * import_jobs.error_logs as the engine keeps it: the first row errors (capped), the files of
 * failed rows (one per batch that had any, in order: the errors file is their concatenation),
 * the created/updated/skipped split of the counters, and why a failed job failed.
 */
export interface ImportErrorLogs {
  errors: ImportRowErrorEntry[];
  truncated: boolean;
  files: string[];
  created: number;
  updated: number;
  skipped: number;
  message?: string;
}

export function readErrorLogs(value: unknown): ImportErrorLogs {
  const logs = (value && typeof value === 'object' ? value : {}) as Partial<ImportErrorLogs>;
  return {
    errors: Array.isArray(logs.errors) ? logs.errors : [],
    truncated: logs.truncated === true,
    files: Array.isArray(logs.files) ? logs.files : [],
    created: typeof logs.created === 'number' ? logs.created : 0,
    updated: typeof logs.updated === 'number' ? logs.updated : 0,
    skipped: typeof logs.skipped === 'number' ? logs.skipped : 0,
    ...(typeof logs.message === 'string' ? { message: logs.message } : {}),
  };
}
