import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db';
import { purgeAuditLogs } from '../features/audit/purge-audit-logs';
import type { JobLock } from './job-lock';
import { startPeriodicJob } from './periodic-job';

/** Deletes audit rows past `system_config.auditRetentionDays` every `intervalMs` (0: never). */
export function startAuditPurge({
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
        const purged = await purgeAuditLogs(db);
        if (purged > 0) log.info({ purged }, 'purged audit log rows past retention');
      } catch (err) {
        log.warn({ err }, 'audit log purge failed');
      }
    },
    lock && { name: 'audit-purge', lock },
  );
}
