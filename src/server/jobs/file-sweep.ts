import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db';
import { sweepFiles } from '../features/files/sweep-files';
import type { FileStore } from '../lib/file-store';

export interface FileSweepOptions {
  db: Database;
  store: FileStore;
  /** Pause between the end of one sweep and the start of the next; 0 never sweeps. */
  intervalMs: number;
  /** Files younger than this are left alone (an upload not yet attached). */
  graceMs: number;
  log: FastifyBaseLogger;
}

/**
 * Sweeps unreferenced files in the background (docs/decisions/014). One run at a time: the next
 * is scheduled when the previous ends. Answers a stop function that waits for a run under way,
 * so the database can close after it.
 */
export function startFileSweep({ db, store, intervalMs, graceMs, log }: FileSweepOptions) {
  if (intervalMs === 0) return async () => undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const run = async () => {
    try {
      const result = await sweepFiles(db, store, new Date(Date.now() - graceMs));
      if (result.files + result.organizations > 0) log.info(result, 'swept unreferenced files');
    } catch (err) {
      log.warn({ err }, 'file sweep failed');
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run().finally(schedule);
    }, intervalMs);
    timer.unref();
  };
  schedule();

  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
