import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db';
import { users } from '../../db/schema/identity';
import { systemAuditLogs } from '../../db/schema/platform';

/** How many past changes the configuration screen shows (the audit screen has the full trail). */
export const systemConfigHistoryLimit = 20;

/** The latest configuration changes, newest first, with who made them. */
export async function listSystemConfigHistory(db: Database) {
  const rows = await db
    .select({
      id: systemAuditLogs.id,
      timestamp: systemAuditLogs.timestamp,
      details: systemAuditLogs.details,
      userEmail: users.email,
      userFirstName: users.firstName,
      userLastName: users.lastName,
    })
    .from(systemAuditLogs)
    .leftJoin(users, eq(users.id, systemAuditLogs.userId))
    .where(and(isNull(systemAuditLogs.organizationId), eq(systemAuditLogs.action, 'platform.config_changed')))
    .orderBy(desc(systemAuditLogs.timestamp), desc(systemAuditLogs.id))
    .limit(systemConfigHistoryLimit);
  return {
    items: rows.map((row) => ({
      id: row.id,
      timestamp: row.timestamp.toISOString(),
      changes: ((row.details as { changes?: unknown } | null)?.changes ?? {}) as Record<
        string,
        { from: unknown; to: unknown }
      >,
      user: row.userEmail
        ? { email: row.userEmail, name: `${row.userFirstName} ${row.userLastName}`.trim() }
        : null,
    })),
  };
}
