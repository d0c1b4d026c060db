import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { AuditAction, AuditRiskLevel } from '../../../common/audit-actions';
import type { Database } from '../../db';
import { systemAuditLogs } from '../../db/schema/platform';
import type { RequestClient } from '../../lib/service-context';
import { type AuditDetails, auditRules } from './audit-events';

/**
 * Who did it, in which organization, from where. A ServiceContext is one; a sign-in (before any
 * session exists) builds its own.
 */
export interface AuditContext {
  orgId: string | null;
  actor: { id: string } | null;
  client?: RequestClient;
}

export interface AuditEvent<A extends AuditAction> {
  action: A;
  /** The table of the record concerned (`users`, `leads`…), as the API names resources. */
  resource?: string;
  resourceId?: string | null;
  details: AuditDetails[A];
}

/**
 * THE way to write the audit log. Call it with the transaction that makes the change, so the
 * event is recorded if and only if the change is; the risk level comes from the catalogue
 * (audit-events.ts). Events without a change of their own (a failed sign-in, an export) pass the
 * database and are written on their own.
 */
export async function recordAuditEvent<A extends AuditAction>(
  tx: Database,
  ctx: AuditContext,
  event: AuditEvent<A>,
): Promise<void> {
  // Typed per action in the catalogue; here every rule is used alike.
  const rule = (auditRules as Record<AuditAction, unknown>)[event.action] as {
    risk: AuditRiskLevel | ((details: unknown, facts: { repeats: number }) => AuditRiskLevel);
    repeats?: { key: string; withinMs: number };
  };
  const details = event.details === null ? null : (compactDetails(event.details) as Record<string, unknown>);
  let repeats = 1;
  if (rule.repeats && details) {
    const { key, withinMs } = rule.repeats;
    const [{ earlier }] = await tx
      .select({ earlier: count() })
      .from(systemAuditLogs)
      .where(
        and(
          gt(systemAuditLogs.timestamp, new Date(Date.now() - withinMs)),
          eq(systemAuditLogs.action, event.action),
          sql`${systemAuditLogs.details}->>${key} = ${String(details[key] ?? '')}`,
        ),
      );
    repeats += earlier;
  }
  const riskLevel = typeof rule.risk === 'function' ? rule.risk(event.details, { repeats }) : rule.risk;
  await tx.insert(systemAuditLogs).values({
    organizationId: ctx.orgId,
    userId: ctx.actor?.id ?? null,
    action: event.action,
    resource: event.resource ?? null,
    resourceId: event.resourceId ?? null,
    details,
    ipAddress: ctx.client?.ip ?? null,
    userAgent: ctx.client?.userAgent ?? null,
    riskLevel,
  });
}

/** Keys that could carry a secret are dropped whatever the caller passes. */
const secretKey = /pass(word)?|token|secret|api.?key|cookie|authorization/i;
const maxTextLength = 200;
const maxListLength = 50;

/**
 * Keeps details small and free of secrets: long text is cut, long lists are shortened and
 * nesting stops at three levels (a filter object is the deepest detail today).
 */
export function compactDetails(value: unknown, depth = 0): unknown {
  if (typeof value === 'string')
    return value.length > maxTextLength ? `${value.slice(0, maxTextLength)}…` : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= 3) return null;
  if (Array.isArray(value))
    return value.slice(0, maxListLength).map((item) => compactDetails(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, item]) => item !== undefined && !secretKey.test(key))
      .slice(0, maxListLength)
      .map(([key, item]) => [key, compactDetails(item, depth + 1)]),
  );
}
