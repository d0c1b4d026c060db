import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db';
import { enqueueDuePolls } from '../features/imports/poll-integration';
import type { JobLock } from './job-lock';
import { startPeriodicJob } from './periodic-job';

/**
 * Queues the fetch of every scheduled import whose interval has passed (IMPORT_POLL_MS apart).
 * Several servers may run it: an advisory lock lets one at a time look, and a poll queued moves
 * the integration's lastSync, so none is queued twice.
 */
export function startImportPollScheduler({
  db,
  intervalMs,
  lock,
  log,
}: {
  db: Database;
  intervalMs: number;
  /** One server at a time runs it (several on one database; main.ts). */
  lock?: JobLock;
  log: FastifyBaseLogger;
}) {
  return startPeriodicJob(
    intervalMs,
    async () => {
      try {
        const queued = await enqueueDuePolls(db);
        if (queued > 0) log.info({ queued }, 'queued scheduled imports');
      } catch (err) {
        log.warn({ err }, 'scheduling imports failed');
      }
    },
    lock && { name: 'import-poll', lock },
  );
}
