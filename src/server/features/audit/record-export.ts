import type { ServiceContext } from '../../lib/service-context';
import { recordAuditEvent } from './record-audit-event';

/**
 * A CSV export: data leaves the system, so who took which rows is recorded (the list's filters
 * and sort, not the rows). It changes nothing, so it is written on its own, before the first
 * byte is sent: an export is never served unrecorded.
 */
export function recordExport(ctx: ServiceContext, resource: string, query: Record<string, unknown>) {
  const { limit: _limit, cursor: _cursor, ...filters } = query;
  return recordAuditEvent(ctx.db, ctx, { action: 'records.exported', resource, details: { filters } });
}
