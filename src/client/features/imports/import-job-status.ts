import type { BadgeVariant } from '../../components/ui/badge';

/* How an import job reads on screen: its status, progress and what may be done with it now. */

export type ImportJobStatus = 'pending' | 'running' | 'completed' | 'failed' | 'cancelled' | 'undone';

/** The parts of a job these rules read (GET /api/import-jobs/:id). */
export interface ImportJobProgress {
  status: ImportJobStatus;
  totalRecords: number;
  processedRecords: number;
  successfulRecords: number;
  failedRecords: number;
  /** 0–100 as the server counts it (total grows while a streamed file is read). */
  progress?: number;
  skippedRecords?: number;
  cancelRequested?: boolean;
  /** A file of the failed rows exists (GET /:id/errors.csv). */
  hasErrorFile?: boolean;
  undoneAt?: string | null;
}

/** Still to finish: polled every second, shown with a live bar, can be cancelled. */
export function isActiveImport(job: Pick<ImportJobProgress, 'status'>): boolean {
  return job.status === 'pending' || job.status === 'running';
}

/** 0–100, whole numbers; an empty or unknown total reads 0 until the job counts its rows. */
export function progressPercent(job: ImportJobProgress): number {
  if (job.status === 'completed') return 100;
  if (job.progress !== undefined) return Math.min(100, Math.max(0, Math.floor(job.progress)));
  if (job.totalRecords <= 0) return 0;
  return Math.min(100, Math.floor((job.processedRecords / job.totalRecords) * 100));
}

const labels: Record<ImportJobStatus, string> = {
  pending: 'Queued',
  running: 'Importing',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
  undone: 'Undone',
};

const tones: Record<ImportJobStatus, BadgeVariant> = {
  pending: 'neutral',
  running: 'primary',
  completed: 'success',
  failed: 'danger',
  cancelled: 'warning',
  undone: 'neutral',
};

export function importStatusLabel(job: ImportJobProgress): string {
  if (isActiveImport(job) && job.cancelRequested) return 'Cancelling';
  return labels[job.status];
}

export function importStatusTone(job: Pick<ImportJobProgress, 'status'>): BadgeVariant {
  return tones[job.status];
}

/** Cancel: only while the job runs, once (a requested cancel takes effect at the next batch). */
export function canCancelImport(job: ImportJobProgress): boolean {
  return isActiveImport(job) && !job.cancelRequested;
}

/**
 * Undo: a finished job that wrote something (a cancelled or failed one keeps what its batches
 * committed, and undo removes exactly that); never twice.
 */
export function canUndoImport(job: ImportJobProgress): boolean {
  if (job.undoneAt || job.status === 'undone') return false;
  if (isActiveImport(job)) return false;
  return job.successfulRecords > 0;
}

/** Failed rows exist to download. */
export function hasImportErrors(job: ImportJobProgress): boolean {
  return job.hasErrorFile ?? job.failedRecords > 0;
}

const count = (n: number) => n.toLocaleString('en-US');

/** "1,234 of 5,000 rows" while running; "4,990 imported · 10 failed" once done. */
export function importCountsLabel(job: ImportJobProgress): string {
  if (isActiveImport(job)) {
    return job.totalRecords > 0
      ? `${count(job.processedRecords)} of ${count(job.totalRecords)} rows`
      : `${count(job.processedRecords)} rows`;
  }
  const parts = [`${count(job.successfulRecords)} imported`];
  if (job.failedRecords > 0) parts.push(`${count(job.failedRecords)} failed`);
  const skipped = job.skippedRecords ?? job.processedRecords - job.successfulRecords - job.failedRecords;
  if (skipped > 0) parts.push(`${count(skipped)} skipped`);
  if (job.status === 'undone') parts.push('removed by undo');
  return parts.join(' · ');
}
