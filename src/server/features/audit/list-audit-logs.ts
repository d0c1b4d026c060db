import { and, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { auditActionLabel, auditActions, auditRiskLevels } from '../../../common/audit-actions';
import { users } from '../../db/schema/identity';
import { systemAuditLogs } from '../../db/schema/platform';
import { type CsvColumn, csvLines, keysetBatches } from '../../lib/csv';
import { type KeysetSpec, listQuerySchema, paginate } from '../../lib/keyset-pagination';
import { dateFilter } from '../../lib/list-filters';
import type { ServiceContext } from '../../lib/service-context';
import { queryFilter, withinDates } from '../../lib/tenant-scope';
import { recordExport } from './record-export';

/** GET /api/system-audit-logs: newest first, by user, action, risk and a date range. */
export const listAuditLogsQuerySchema = listQuerySchema.pick({ limit: true, cursor: true }).extend({
  userId: queryFilter(z.guid({ error: 'Invalid user ID' })),
  action: queryFilter(z.enum(auditActions as [string, ...string[]], { error: 'Invalid action' })),
  riskLevel: queryFilter(z.enum(auditRiskLevels, { error: 'Invalid risk level' })),
  from: dateFilter('From'),
  to: dateFilter('To'),
});

export type ListAuditLogsQuery = z.infer<typeof listAuditLogsQuerySchema>;

const auditLogSpec: KeysetSpec = {
  sortable: { timestamp: systemAuditLogs.timestamp },
  defaultSort: '-timestamp',
  id: systemAuditLogs.id,
};

/** The user's name and e-mail as scalar subqueries: one query, and a deleted user is simply null. */
export const auditLogFields = {
  id: systemAuditLogs.id,
  timestamp: systemAuditLogs.timestamp,
  userId: systemAuditLogs.userId,
  userName: sql<
    string | null
  >`(select ${users.firstName} || ' ' || ${users.lastName} from ${users} where ${users.id} = ${systemAuditLogs.userId})`,
  userEmail: sql<
    string | null
  >`(select ${users.email} from ${users} where ${users.id} = ${systemAuditLogs.userId})`,
  action: systemAuditLogs.action,
  resource: systemAuditLogs.resource,
  resourceId: systemAuditLogs.resourceId,
  details: systemAuditLogs.details,
  ipAddress: systemAuditLogs.ipAddress,
  userAgent: systemAuditLogs.userAgent,
  riskLevel: systemAuditLogs.riskLevel,
};

type AuditLogRow = {
  id: string;
  timestamp: Date;
  userId: string | null;
  userName: string | null;
  userEmail: string | null;
  action: string;
  resource: string | null;
  resourceId: string | null;
  details: unknown;
  ipAddress: string | null;
  userAgent: string | null;
  riskLevel: string;
};

function presentAuditLog(row: AuditLogRow) {
  return {
    id: row.id,
    timestamp: row.timestamp,
    userId: row.userId,
    user: row.userId && row.userEmail ? { id: row.userId, name: row.userName, email: row.userEmail } : null,
    action: row.action,
    resource: row.resource,
    resourceId: row.resourceId,
    details: row.details ?? null,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    riskLevel: row.riskLevel,
  };
}

/** The caller's organization's rows only: the organization comes from the session. */
function auditLogConditions(ctx: ServiceContext, query: ListAuditLogsQuery): SQL | undefined {
  return and(
    eq(systemAuditLogs.organizationId, ctx.orgId),
    query.userId ? eq(systemAuditLogs.userId, query.userId) : undefined,
    query.action ? eq(systemAuditLogs.action, query.action) : undefined,
    query.riskLevel ? eq(systemAuditLogs.riskLevel, query.riskLevel) : undefined,
    ...withinDates(systemAuditLogs.timestamp, query.from, query.to),
  );
}

export async function listAuditLogs(ctx: ServiceContext, query: ListAuditLogsQuery) {
  return paginate(
    {
      db: ctx.db,
      from: systemAuditLogs,
      fields: auditLogFields,
      where: auditLogConditions(ctx, query),
      spec: auditLogSpec,
      query,
    },
    (row) => presentAuditLog(row as AuditLogRow),
  );
}

const auditLogCsvColumns: CsvColumn<AuditLogRow>[] = [
  { header: 'Time', value: (row) => row.timestamp },
  { header: 'User', value: (row) => row.userName },
  { header: 'User e-mail', value: (row) => row.userEmail },
  { header: 'Action', value: (row) => auditActionLabel(row.action) },
  { header: 'Action code', value: (row) => row.action },
  { header: 'Risk', value: (row) => row.riskLevel },
  { header: 'Resource', value: (row) => row.resource },
  { header: 'Resource ID', value: (row) => row.resourceId },
  { header: 'IP address', value: (row) => row.ipAddress },
  { header: 'User agent', value: (row) => row.userAgent },
  { header: 'Details', value: (row) => row.details },
];

/** The filtered log as CSV (all pages); taking it is itself recorded. */
export async function exportAuditLogs(ctx: ServiceContext, query: ListAuditLogsQuery) {
  const batches = keysetBatches({
    db: ctx.db,
    from: systemAuditLogs,
    fields: auditLogFields,
    where: auditLogConditions(ctx, query),
    spec: auditLogSpec,
    sort: undefined,
  });
  await recordExport(ctx, 'system_audit_logs', query);
  return csvLines(auditLogCsvColumns, batches as AsyncIterable<AuditLogRow[]>);
}
