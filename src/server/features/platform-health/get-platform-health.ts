import { readFileSync } from 'node:fs';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { OutboxKindGroup } from '../../../common/validation/platform-health';
import type { Database, DatabaseHandle } from '../../db';
import { emailAccounts } from '../../db/schema/email';
import { organizations, users } from '../../db/schema/identity';
import { deployments, outbox } from '../../db/schema/platform';
import { findUpwards } from '../../lib/find-upwards';

/** The version this build was made from (package.json), read once. */
const packageVersion: string = (() => {
  try {
    const pkg = JSON.parse(readFileSync(findUpwards(import.meta.url, 'package.json'), 'utf8'));
    return typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    return 'unknown';
  }
})();

/** Which group of the health screen an outbox kind belongs to. */
export function outboxKindGroup(kind: string): OutboxKindGroup {
  if (kind.startsWith('email.') || kind === 'signing.completion_copies') return 'email';
  if (kind.startsWith('webhook.')) return 'webhooks';
  if (kind === 'signing.seal') return 'sealing';
  if (kind.startsWith('import.') || kind.startsWith('integration.')) return 'imports';
  if (kind.startsWith('notify.')) return 'notifications';
  return 'other';
}

/** How many mailboxes in error the screen lists (the count says if there are more). */
const accountsInErrorLimit = 50;

/**
 * The platform at a glance (issue 20 §10): what runs (version, commit, uptime), the database's
 * size, the outbox's depth and failures by kind, and mailboxes whose sync fails. Every figure is
 * one aggregate query; the outbox ones use its (status, run_at) index, never the done rows.
 */
export async function getPlatformHealth(db: Database, driver: DatabaseHandle['driver'] | undefined) {
  const [latestDeployment] = await db
    .select({
      version: deployments.version,
      commitHash: deployments.commitHash,
      environment: deployments.environment,
      status: deployments.status,
      deployedAt: deployments.deployedAt,
    })
    .from(deployments)
    .orderBy(desc(deployments.deployedAt))
    .limit(1);

  const sizeRows = (await db.execute(
    sql`select pg_database_size(current_database())::bigint as size`,
  )) as unknown as { rows: { size: string | number }[] };

  const open = ['pending', 'processing', 'failed'] as const;
  const byKindStatus = await db
    .select({
      kind: outbox.kind,
      status: outbox.status,
      count: sql<number>`count(*)::int`,
      oldestDue: sql<Date | null>`min(${outbox.runAt}) filter (where ${outbox.runAt} <= now())`,
      lastFailedAt: sql<Date | null>`max(${outbox.updatedAt})`,
    })
    .from(outbox)
    .where(inArray(outbox.status, [...open]))
    .groupBy(outbox.kind, outbox.status);

  const kinds = new Map<
    string,
    {
      kind: string;
      group: OutboxKindGroup;
      pending: number;
      processing: number;
      failed: number;
      lastFailedAt: string | null;
    }
  >();
  let oldestPending: Date | null = null;
  const totals = { pending: 0, processing: 0, failed: 0 };
  for (const row of byKindStatus) {
    const entry = kinds.get(row.kind) ?? {
      kind: row.kind,
      group: outboxKindGroup(row.kind),
      pending: 0,
      processing: 0,
      failed: 0,
      lastFailedAt: null,
    };
    const status = row.status as (typeof open)[number];
    entry[status] += row.count;
    totals[status] += row.count;
    if (status === 'failed' && row.lastFailedAt)
      entry.lastFailedAt = new Date(row.lastFailedAt).toISOString();
    if (status === 'pending' && row.oldestDue) {
      const due = new Date(row.oldestDue);
      if (!oldestPending || due < oldestPending) oldestPending = due;
    }
    kinds.set(row.kind, entry);
  }
  const failedByGroup = Object.fromEntries(
    (['email', 'webhooks', 'sealing', 'imports', 'notifications', 'other'] as const).map((group) => [
      group,
      [...kinds.values()].filter((k) => k.group === group).reduce((sum, k) => sum + k.failed, 0),
    ]),
  ) as Record<OutboxKindGroup, number>;

  const inError = and(eq(emailAccounts.syncStatus, 'error'));
  const accounts = await db
    .select({
      id: emailAccounts.id,
      organizationId: emailAccounts.organizationId,
      organization: organizations.name,
      email: emailAccounts.email,
      userEmail: users.email,
      error: emailAccounts.lastError,
      errorAt: emailAccounts.lastErrorAt,
    })
    .from(emailAccounts)
    .innerJoin(organizations, eq(organizations.id, emailAccounts.organizationId))
    .leftJoin(users, eq(users.id, emailAccounts.userId))
    .where(inError)
    .orderBy(desc(emailAccounts.lastErrorAt))
    .limit(accountsInErrorLimit);
  const [{ accountsInError }] = await db
    .select({ accountsInError: sql<number>`count(*)::int` })
    .from(emailAccounts)
    .where(inError);

  return {
    version: packageVersion,
    commit: process.env.LOCUS_COMMIT || latestDeployment?.commitHash || null,
    latestDeployment: latestDeployment
      ? { ...latestDeployment, deployedAt: latestDeployment.deployedAt.toISOString() }
      : null,
    uptime: Math.round(process.uptime()),
    startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    node: process.version,
    database: { driver: driver ?? null, sizeBytes: Number(sizeRows.rows[0]?.size ?? 0) },
    outbox: {
      ...totals,
      oldestPending: (oldestPending as Date | null)?.toISOString() ?? null,
      failedByGroup,
      kinds: [...kinds.values()].toSorted((a, b) => b.failed - a.failed || a.kind.localeCompare(b.kind)),
    },
    syncAccountsInError: accounts.map((account) => ({
      ...account,
      errorAt: account.errorAt?.toISOString() ?? null,
    })),
    syncAccountsInErrorTotal: accountsInError,
  };
}

export type PlatformHealth = Awaited<ReturnType<typeof getPlatformHealth>>;
