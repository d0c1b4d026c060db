import { and, count, desc, eq, gte, max, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { organizations } from '../../db/schema/identity';
import { systemAuditLogs } from '../../db/schema/platform';
import { repeatedSignInFailures } from '../audit/audit-events';
import { categoryCondition } from './high-risk';
import {
  type PlatformAuditRow,
  platformAuditFields,
  presentPlatformAuditLog,
} from './list-platform-audit-logs';

export const defaultSummaryDays = 7;
const latestPerKind = 5;

const present = (rows: unknown[]) => rows.map((row) => presentPlatformAuditLog(row as PlatformAuditRow));
const maxAccounts = 10;

/**
 * GET /api/super-admin/system-audit-logs/summary: the last days' high-risk events by kind, for the
 * screen's cards. Each part is one query over the timestamp index's window.
 */
export async function summarizePlatformAudit(db: Database, days = defaultSummaryDays) {
  const since = new Date(Date.now() - days * 24 * 60 * 60 * 1000);
  const recent = gte(systemAuditLogs.timestamp, since);
  const email = sql<string>`${systemAuditLogs.details}->>'email'`;

  const latestOf = (where: ReturnType<typeof and>) =>
    db
      .select(platformAuditFields)
      .from(systemAuditLogs)
      .where(where)
      .orderBy(desc(systemAuditLogs.timestamp), desc(systemAuditLogs.id))
      .limit(latestPerKind);
  const countOf = async (where: ReturnType<typeof and>) => {
    const [row] = await db.select({ n: count() }).from(systemAuditLogs).where(where);
    return row.n;
  };

  const escalations = and(recent, categoryCondition('permission_escalations'));
  const exports = and(recent, categoryCondition('exports'));

  // Sequential on purpose: PGlite is one connection, and these are small.
  const highRisk = await countOf(and(recent, eq(systemAuditLogs.riskLevel, 'high')));
  const accounts = await db
    .select({
      email,
      organizationId: systemAuditLogs.organizationId,
      organizationName: sql<
        string | null
      >`(select ${organizations.name} from ${organizations} where ${organizations.id} = ${systemAuditLogs.organizationId})`,
      attempts: count(),
      lastAt: max(systemAuditLogs.timestamp),
    })
    .from(systemAuditLogs)
    .where(and(recent, eq(systemAuditLogs.action, 'auth.sign_in_failed')))
    .groupBy(email, systemAuditLogs.organizationId)
    .having(sql`count(*) >= ${repeatedSignInFailures.times}`)
    .orderBy(desc(count()), desc(max(systemAuditLogs.timestamp)))
    .limit(maxAccounts);
  const failedHigh = await countOf(and(recent, categoryCondition('failed_sign_ins')));
  const escalationCount = await countOf(escalations);
  const escalationRows = await latestOf(escalations);
  const exportCount = await countOf(exports);
  const exportRows = await latestOf(exports);

  return {
    days,
    since,
    highRisk,
    failedSignIns: {
      /** Failures rated high: the third and later for one address within 15 minutes. */
      highRisk: failedHigh,
      /** Addresses that failed at least three times in the window. */
      accounts: accounts.map((row) => ({
        email: row.email,
        organization:
          row.organizationId && row.organizationName !== null
            ? { id: row.organizationId, name: row.organizationName }
            : null,
        attempts: row.attempts,
        lastAt: row.lastAt,
      })),
    },
    permissionEscalations: { count: escalationCount, latest: present(escalationRows) },
    massExports: { count: exportCount, latest: present(exportRows) },
  };
}
