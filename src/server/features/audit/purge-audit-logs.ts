import { inArray, lt } from 'drizzle-orm';
import type { Database } from '../../db';
import { systemAuditLogs } from '../../db/schema/platform';
import { getSystemConfig } from '../system-config/get-system-config';

const dayMs = 24 * 60 * 60 * 1000;
/** Rows deleted per statement: each batch is a short transaction (PGlite has one connection). */
const purgeBatchSize = 5000;

/**
 * Deletes audit rows older than `system_config.auditRetentionDays` (all organizations); answers
 * how many went. Uses the timestamp index, a batch at a time.
 */
export async function purgeAuditLogs(db: Database, now = new Date()): Promise<number> {
  const { auditRetentionDays } = await getSystemConfig(db);
  const cutoff = new Date(now.getTime() - auditRetentionDays * dayMs);
  let purged = 0;
  for (;;) {
    const expired = db
      .select({ id: systemAuditLogs.id })
      .from(systemAuditLogs)
      .where(lt(systemAuditLogs.timestamp, cutoff))
      .limit(purgeBatchSize);
    const deleted = await db
      .delete(systemAuditLogs)
      .where(inArray(systemAuditLogs.id, expired))
      .returning({ id: systemAuditLogs.id });
    purged += deleted.length;
    if (deleted.length < purgeBatchSize) return purged;
  }
}
