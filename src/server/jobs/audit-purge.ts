import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db';
import { purgeAuditLogs } from '../features/audit/purge-audit-logs';
import { startPeriodicJob } from './periodic-job';

/** Deletes audit rows past `system_config.auditRetentionDays` every `intervalMs` (0: never). */
export function startAuditPurge({
  db,
  intervalMs,
  log,
}: {
  db: Database;
  intervalMs: number;
  log: FastifyBaseLogger;
}) {
  return startPeriodicJob(intervalMs, async () => {
    try {
      const purged = await purgeAuditLogs(db);
      if (purged > 0) log.info({ purged }, 'purged audit log rows past retention');
    } catch (err) {
      log.warn({ err }, 'audit log purge failed');
    }
  });
}
