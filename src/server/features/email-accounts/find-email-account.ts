import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { emailAccounts, emailSyncJobs } from '../../db/schema/email';
import type { Database } from '../../db';
import { notFound } from '../../lib/app-error';
import { isUuid, type ServiceContext } from '../../lib/service-context';

export const accountNotFoundMessage = 'Mailbox not found';

export type EmailAccountRow = typeof emailAccounts.$inferSelect;
export type SyncJobRow = typeof emailSyncJobs.$inferSelect;

/** Mailboxes are personal: the caller's own, in their organization. */
export function ownAccounts(ctx: ServiceContext, ...conditions: (SQL | undefined)[]): SQL {
  return and(
    eq(emailAccounts.organizationId, ctx.orgId),
    eq(emailAccounts.userId, ctx.actor.id),
    ...conditions,
  ) as SQL;
}

/** A sync job as the API answers it. */
export function syncJobView(job: SyncJobRow) {
  return {
    id: job.id,
    accountId: job.accountId,
    jobType: job.jobType,
    status: job.status,
    startedAt: job.startedAt,
    completedAt: job.completedAt,
    emailsProcessed: job.emailsProcessed,
    emailsTotal: job.emailsTotal,
    errorMessage: job.errorMessage,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
  };
}

/**
 * A mailbox as the API answers it (CONTRACT): never the password or tokens, only whether a
 * password is kept; with its latest sync job, so a list shows progress without a call per card.
 */
export function accountView(row: EmailAccountRow, latestSyncJob: SyncJobRow | null) {
  return {
    id: row.id,
    provider: row.provider,
    authType: row.authType,
    email: row.email,
    displayName: row.displayName,
    imapHost: row.imapHost,
    imapPort: row.imapPort,
    imapSecurity: row.imapSecurity,
    smtpHost: row.smtpHost,
    smtpPort: row.smtpPort,
    smtpSecurity: row.smtpSecurity,
    username: row.username,
    hasPassword: row.password !== null && row.password !== '',
    syncEnabled: row.syncEnabled,
    folderWhitelist: row.folderWhitelist,
    syncDirection: row.syncDirection,
    syncStatus: row.syncStatus,
    lastSyncAt: row.lastSyncAt,
    lastError: row.lastError,
    lastErrorAt: row.lastErrorAt,
    messagesImported: row.messagesImported,
    latestSyncJob: latestSyncJob ? syncJobView(latestSyncJob) : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export type EmailAccountView = ReturnType<typeof accountView>;

/** The latest sync job of each of these mailboxes (one query, newest first per account). */
export async function latestSyncJobs(db: Database, orgId: string, accountIds: string[]) {
  const latest = new Map<string, SyncJobRow>();
  if (accountIds.length === 0) return latest;
  const rows = await db
    .selectDistinctOn([emailSyncJobs.accountId])
    .from(emailSyncJobs)
    .where(and(eq(emailSyncJobs.organizationId, orgId), inArray(emailSyncJobs.accountId, accountIds)))
    .orderBy(emailSyncJobs.accountId, desc(emailSyncJobs.createdAt), desc(emailSyncJobs.id));
  for (const row of rows) latest.set(row.accountId, row);
  return latest;
}

/** The stored row of one of the caller's mailboxes (secrets sealed); anyone else's is "not found". */
export async function getOwnAccountRow(ctx: ServiceContext, id: string): Promise<EmailAccountRow> {
  if (!isUuid(id)) throw notFound(accountNotFoundMessage);
  const [row] = await ctx.db
    .select()
    .from(emailAccounts)
    .where(ownAccounts(ctx, eq(emailAccounts.id, id)));
  if (!row) throw notFound(accountNotFoundMessage);
  return row;
}

/** One of the caller's mailboxes as the API answers it. */
export async function getOwnAccount(ctx: ServiceContext, id: string): Promise<EmailAccountView> {
  const row = await getOwnAccountRow(ctx, id);
  const jobs = await latestSyncJobs(ctx.db, ctx.orgId, [row.id]);
  return accountView(row, jobs.get(row.id) ?? null);
}

/** The caller's mailboxes, oldest first (a user has a few). */
export async function listEmailAccounts(ctx: ServiceContext) {
  const rows = await ctx.db
    .select()
    .from(emailAccounts)
    .where(ownAccounts(ctx))
    .orderBy(emailAccounts.createdAt, emailAccounts.id);
  const jobs = await latestSyncJobs(
    ctx.db,
    ctx.orgId,
    rows.map((r) => r.id),
  );
  const items = rows.map((row) => accountView(row, jobs.get(row.id) ?? null));
  return { items, nextCursor: null, total: items.length };
}
