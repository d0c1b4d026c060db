import { describe, expect, it } from 'vitest';
import {
  canCancelImport,
  canUndoImport,
  hasImportErrors,
  type ImportJobProgress,
  importCountsLabel,
  importStatusLabel,
  isActiveImport,
  progressPercent,
} from './import-job-status';

const job = (patch: Partial<ImportJobProgress>): ImportJobProgress => ({
  status: 'running',
  totalRecords: 200,
  processedRecords: 50,
  successfulRecords: 45,
  failedRecords: 5,
  ...patch,
});

describe('import job status', () => {
  it('reads progress from the counts, floors it, caps it and fills it once completed', () => {
    expect(progressPercent(job({}))).toBe(25);
    expect(progressPercent(job({ processedRecords: 199 }))).toBe(99);
    expect(progressPercent(job({ processedRecords: 250 }))).toBe(100);
    expect(progressPercent(job({ totalRecords: 0 }))).toBe(0);
    expect(progressPercent(job({ status: 'completed', totalRecords: 0 }))).toBe(100);
    // The server's own figure wins when it sends one.
    expect(progressPercent(job({ progress: 42.7 }))).toBe(42);
    expect(progressPercent(job({ progress: 130 }))).toBe(100);
  });

  it('is active while pending or running; cancel once, not after the request', () => {
    expect(isActiveImport(job({ status: 'pending' }))).toBe(true);
    expect(isActiveImport(job({ status: 'failed' }))).toBe(false);
    expect(canCancelImport(job({}))).toBe(true);
    expect(canCancelImport(job({ cancelRequested: true }))).toBe(false);
    expect(importStatusLabel(job({ cancelRequested: true }))).toBe('Cancelling');
    expect(canCancelImport(job({ status: 'completed' }))).toBe(false);
  });

  it('offers undo for a finished job that wrote records, never twice', () => {
    expect(canUndoImport(job({}))).toBe(false);
    expect(canUndoImport(job({ status: 'completed' }))).toBe(true);
    expect(canUndoImport(job({ status: 'cancelled' }))).toBe(true);
    expect(canUndoImport(job({ status: 'completed', successfulRecords: 0 }))).toBe(false);
    expect(canUndoImport(job({ status: 'undone' }))).toBe(false);
    expect(canUndoImport(job({ status: 'completed', undoneAt: '2026-01-01T00:00:00Z' }))).toBe(false);
    expect(hasImportErrors(job({ failedRecords: 0 }))).toBe(false);
    expect(hasImportErrors(job({ failedRecords: 3, hasErrorFile: false }))).toBe(false);
    expect(hasImportErrors(job({ failedRecords: 3, hasErrorFile: true }))).toBe(true);
  });

  it('says the counts as rows while running and as outcomes when done', () => {
    expect(importCountsLabel(job({ processedRecords: 1500, totalRecords: 2000 }))).toBe(
      '1,500 of 2,000 rows',
    );
    expect(
      importCountsLabel(
        job({ status: 'completed', processedRecords: 200, successfulRecords: 190, failedRecords: 5 }),
      ),
    ).toBe('190 imported · 5 failed · 5 skipped');
    expect(
      importCountsLabel(
        job({ status: 'completed', processedRecords: 10, successfulRecords: 10, failedRecords: 0 }),
      ),
    ).toBe('10 imported');
  });
});
