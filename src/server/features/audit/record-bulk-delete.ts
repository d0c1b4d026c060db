import type { Database } from '../../db';
import type { ServiceContext } from '../../lib/service-context';
import { recordAuditEvent } from './record-audit-event';

/** For `bulkApply`: records a bulk deletion in its transaction (how many, and the first ids). */
export function recordBulkDelete(ctx: ServiceContext, resource: string) {
  return (tx: Database, deletedIds: string[]) =>
    recordAuditEvent(tx, ctx, {
      action: 'records.bulk_deleted',
      resource,
      details: { count: deletedIds.length, ids: deletedIds },
    });
}
