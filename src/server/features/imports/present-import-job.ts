import type { ImportJobView, ImportOptions } from '../../../common/validation/imports';
import type { importJobs } from '../../db/schema/integrations';
import { readErrorLogs } from './import-error-logs';

type JobRow = typeof importJobs.$inferSelect;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** An import job as the API answers it (the stored extras of `options` and `errorLogs` left out). */
export function presentImportJob(job: JobRow): ImportJobView {
  const logs = readErrorLogs(job.errorLogs);
  const stored = (job.options ?? {}) as Partial<ImportOptions>;
  const total = Math.max(job.totalRecords, job.processedRecords);
  const finished = job.status === 'completed' || job.status === 'undone';
  return {
    id: job.id,
    name: job.name,
    entityType: job.entityType,
    sourceType: job.sourceType,
    status: job.status,
    integrationId: job.integrationId,
    totalRecords: job.totalRecords,
    processedRecords: job.processedRecords,
    successfulRecords: job.successfulRecords,
    failedRecords: job.failedRecords,
    createdRecords: logs.created,
    updatedRecords: logs.updated,
    skippedRecords: logs.skipped,
    progress: finished
      ? 100
      : total > 0
        ? Math.min(100, Math.floor((job.processedRecords / total) * 100))
        : 0,
    fieldMappings: (job.fieldMappings ?? {}) as Record<string, string>,
    options: {
      duplicates: stored.duplicates ?? 'skip',
      matchBy: stored.matchBy ?? 'email',
      ...(stored.externalIdColumn ? { externalIdColumn: stored.externalIdColumn } : {}),
    },
    errorLogs: logs.errors,
    errorLogsTruncated: logs.truncated,
    hasErrorFile: logs.files.length > 0,
    errorMessage: logs.message ?? null,
    cancelRequested: job.cancelRequestedAt !== null,
    startedAt: iso(job.startedAt),
    completedAt: iso(job.completedAt),
    undoneAt: iso(job.undoneAt),
    createdBy: job.createdBy,
    createdAt: job.createdAt.toISOString(),
  };
}
