import { and, desc, eq } from 'drizzle-orm';
import { emailAccounts, emailSyncJobs } from '../../db/schema/email';
import type { ServiceContext } from '../../lib/service-context';
import { notFound } from '../../lib/app-error';
import { accountNotFoundMessage, getOwnAccountRow, ownAccounts, syncJobView } from './find-email-account';
import { requestMailboxSync } from '../email-sync/request-mailbox-sync';

/** How many of a mailbox's sync jobs its history shows. */
export const syncJobHistoryLength = 20;

/**
 * "Sync now": a new sync job, or the one already pending or running (pressing twice makes one).
 * The mailbox's row is locked so two presses at once cannot both create a job.
 */
export async function requestSyncNow(ctx: ServiceContext, id: string) {
  await getOwnAccountRow(ctx, id);
  const outcome = await ctx.db.transaction(async (tx) => {
    const [account] = await tx
      .select({ id: emailAccounts.id, lastSyncAt: emailAccounts.lastSyncAt })
      .from(emailAccounts)
      .where(ownAccounts(ctx, eq(emailAccounts.id, id)))
      .for('update');
    // Removed since the check above (another tab): the same answer as any missing mailbox.
    if (!account) throw notFound(accountNotFoundMessage);
    return requestMailboxSync(tx, { organizationId: ctx.orgId, accountId: account.id });
  });
  return { ...syncJobView(outcome.job), created: outcome.created };
}

/** The mailbox's latest sync jobs, newest first. */
export async function listSyncJobs(ctx: ServiceContext, id: string) {
  await getOwnAccountRow(ctx, id);
  const rows = await ctx.db
    .select()
    .from(emailSyncJobs)
    .where(and(eq(emailSyncJobs.organizationId, ctx.orgId), eq(emailSyncJobs.accountId, id)))
    .orderBy(desc(emailSyncJobs.createdAt), desc(emailSyncJobs.id))
    .limit(syncJobHistoryLength);
  const items = rows.map(syncJobView);
  return { items, nextCursor: null, total: items.length };
}

/** Removes the mailbox; its threads, messages and sync jobs go with it (foreign keys cascade). */
export async function deleteEmailAccount(ctx: ServiceContext, id: string) {
  await getOwnAccountRow(ctx, id);
  await ctx.db.delete(emailAccounts).where(ownAccounts(ctx, eq(emailAccounts.id, id)));
}
