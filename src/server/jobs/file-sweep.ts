import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db';
import { sweepFiles } from '../features/files/sweep-files';
import type { FileStore } from '../lib/file-store';
import type { JobLock } from './job-lock';
import { startPeriodicJob } from './periodic-job';

export interface FileSweepOptions {
  db: Database;
  store: FileStore;
  /** Pause between the end of one sweep and the start of the next; 0 never sweeps. */
  intervalMs: number;
  /** Files younger than this are left alone (an upload not yet attached). */
  graceMs: number;
  log: FastifyBaseLogger;
  /** One server at a time runs it (several on one database; main.ts). */
  lock?: JobLock;
}

/** Sweeps unreferenced files in the background (docs/decisions/014); answers the stop function. */
export function startFileSweep({ db, store, intervalMs, graceMs, log, lock }: FileSweepOptions) {
  return startPeriodicJob(
    intervalMs,
    async () => {
      try {
        const result = await sweepFiles(db, store, new Date(Date.now() - graceMs));
        if (result.files + result.organizations > 0) log.info(result, 'swept unreferenced files');
      } catch (err) {
        log.warn({ err }, 'file sweep failed');
      }
    },
    lock && { name: 'file-sweep', lock },
  );
}
