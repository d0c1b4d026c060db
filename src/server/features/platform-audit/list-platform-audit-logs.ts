import { and, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { auditActionLabel, auditActionLabels, type AuditAction } from '../../../common/audit-actions';
import { platformAuditFilterShape, platformAuditScope } from '../../../common/validation/platform-audit';
import type { Database } from '../../db';
import { organizations, users } from '../../db/schema/identity';
import { systemAuditLogs } from '../../db/schema/platform';
import { type CsvColumn, csvLines, keysetBatches } from '../../lib/csv';
import {
  containsPattern,
  type KeysetSpec,
  listQuerySchema,
  listTotal,
  paginate,
} from '../../lib/keyset-pagination';
import { withinDates } from '../../lib/tenant-scope';
import { type AuditContext, recordAuditEvent } from '../audit/record-audit-event';
import { auditLogFields } from '../audit/list-audit-logs';
import { categoryCondition, highRiskReason } from './high-risk';

/** GET /api/super-admin/system-audit-logs (and its export): every organization's trail, newest first. */
export const listPlatformAuditLogsQuerySchema = listQuerySchema
  .pick({ limit: true, cursor: true })
  .extend(platformAuditFilterShape);

export type ListPlatformAuditLogsQuery = z.infer<typeof listPlatformAuditLogsQuerySchema>;

const platformAuditSpec: KeysetSpec = {
  sortable: { timestamp: systemAuditLogs.timestamp },
  defaultSort: '-timestamp',
  id: systemAuditLogs.id,
};

/** The organization's name beside the user's (scalar subqueries: a deleted one is null). */
export const platformAuditFields = {
  ...auditLogFields,
  organizationId: systemAuditLogs.organizationId,
  organizationName: sql<
    string | null
  >`(select ${organizations.name} from ${organizations} where ${organizations.id} = ${systemAuditLogs.organizationId})`,
};

export interface PlatformAuditRow {
  id: string;
  timestamp: Date;
  organizationId: string | null;
  organizationName: string | null;
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
}

export function presentPlatformAuditLog(row: PlatformAuditRow) {
  return {
    id: row.id,
    timestamp: row.timestamp,
    organizationId: row.organizationId,
    organization:
      row.organizationId && row.organizationName !== null
        ? { id: row.organizationId, name: row.organizationName }
        : null,
    userId: row.userId,
    user: row.userId && row.userEmail ? { id: row.userId, name: row.userName, email: row.userEmail } : null,
    action: row.action,
    resource: row.resource,
    resourceId: row.resourceId,
    details: row.details ?? null,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    riskLevel: row.riskLevel,
    // The screen highlights these rows and says why (issue 20 §4).
    highRisk: row.riskLevel === 'high',
    highRiskReason: row.riskLevel === 'high' ? highRiskReason(row.action) : null,
  };
}

/**
 * A search term matches the action (its code or its words on screen), the resource, the address,
 * the details, the user's e-mail or name, or the organization's name. The audit log is not a hot
 * list: an ILIKE over what the other filters leave is cheap enough, and the name lookups are
 * subqueries on small tables.
 */
function searchCondition(term: string): SQL | undefined {
  const pattern = containsPattern(term);
  const lowered = term.toLowerCase();
  const actionsNamed = (Object.entries(auditActionLabels) as [AuditAction, string][])
    .filter(([, label]) => label.toLowerCase().includes(lowered))
    .map(([action]) => action);
  return or(
    ilike(systemAuditLogs.action, pattern),
    actionsNamed.length ? inArray(systemAuditLogs.action, actionsNamed) : undefined,
    ilike(systemAuditLogs.resource, pattern),
    ilike(systemAuditLogs.resourceId, pattern),
    ilike(systemAuditLogs.ipAddress, pattern),
    sql`${systemAuditLogs.details}::text ilike ${pattern}`,
    sql`${systemAuditLogs.userId} in (select ${users.id} from ${users} where ${users.email} ilike ${pattern} or (${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern})`,
    sql`${systemAuditLogs.organizationId} in (select ${organizations.id} from ${organizations} where ${organizations.name} ilike ${pattern})`,
  );
}

export function platformAuditConditions(query: Omit<ListPlatformAuditLogsQuery, 'limit' | 'cursor'>) {
  return and(
    query.organizationId === platformAuditScope
      ? isNull(systemAuditLogs.organizationId)
      : query.organizationId
        ? eq(systemAuditLogs.organizationId, query.organizationId)
        : undefined,
    query.userId ? eq(systemAuditLogs.userId, query.userId) : undefined,
    query.action ? eq(systemAuditLogs.action, query.action) : undefined,
    query.riskLevel ? eq(systemAuditLogs.riskLevel, query.riskLevel) : undefined,
    ...withinDates(systemAuditLogs.timestamp, query.from, query.to),
    query.search ? searchCondition(query.search) : undefined,
    query.category ? categoryCondition(query.category) : undefined,
  );
}

/** Super admins only (the route's access): no organization scope on purpose. */
export function listPlatformAuditLogs(db: Database, query: ListPlatformAuditLogsQuery) {
  return paginate(
    {
      db,
      from: systemAuditLogs,
      fields: platformAuditFields,
      where: platformAuditConditions(query),
      spec: platformAuditSpec,
      query,
    },
    (row) => presentPlatformAuditLog(row as PlatformAuditRow),
  );
}

const platformAuditCsvColumns: CsvColumn<PlatformAuditRow>[] = [
  { header: 'Time', value: (row) => row.timestamp },
  { header: 'Organization', value: (row) => (row.organizationId ? row.organizationName : 'Platform') },
  { header: 'Organization ID', value: (row) => row.organizationId },
  { header: 'User', value: (row) => row.userName },
  { header: 'User e-mail', value: (row) => row.userEmail },
  { header: 'Action', value: (row) => auditActionLabel(row.action) },
  { header: 'Action code', value: (row) => row.action },
  { header: 'Risk', value: (row) => row.riskLevel },
  { header: 'Why high risk', value: (row) => (row.riskLevel === 'high' ? highRiskReason(row.action) : null) },
  { header: 'Resource', value: (row) => row.resource },
  { header: 'Resource ID', value: (row) => row.resourceId },
  { header: 'IP address', value: (row) => row.ipAddress },
  { header: 'User agent', value: (row) => row.userAgent },
  { header: 'Details', value: (row) => row.details },
];

/**
 * The filtered trail as CSV, streamed in keyset batches. Taking it is itself a platform event
 * (high risk: everyone's trail leaves the platform), written before the first byte is sent with
 * the filters and the number of rows (exact up to the lists' count cap, an estimate past it).
 */
export async function exportPlatformAuditLogs(
  db: Database,
  ctx: AuditContext,
  query: ListPlatformAuditLogsQuery,
) {
  const where = platformAuditConditions(query);
  const batches = keysetBatches({
    db,
    from: systemAuditLogs,
    fields: platformAuditFields,
    where,
    spec: platformAuditSpec,
    sort: undefined,
  });
  const rows = await listTotal(db, systemAuditLogs, where);
  const { limit: _limit, cursor: _cursor, ...filters } = query;
  await recordAuditEvent(db, ctx, {
    action: 'platform.audit_exported',
    resource: 'system_audit_logs',
    details: { filters, rows },
  });
  return csvLines(platformAuditCsvColumns, batches as AsyncIterable<PlatformAuditRow[]>);
}
