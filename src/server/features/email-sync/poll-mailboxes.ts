import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { emailAccounts, emailSyncJobs } from '../../db/schema/email';
import { requestMailboxSync, syncJobLeaseMs } from './request-mailbox-sync';

/** Accounts asked for per round: the rest wait for the next one. */
const pollBatchSize = 100;

/**
 * One round of the periodic poll: every syncing mailbox whose last sync is older than
 * `intervalMs` and that has no job pending or running gets one. Safe on several servers at once:
 * the accounts are taken with FOR UPDATE SKIP LOCKED and the request answers an open job instead
 * of adding one. A mailbox whose last run was refused its password is left alone until the user
 * changes it (a new request then runs it): polling it would only repeat the refusal.
 */
export async function pollMailboxes(db: Database, intervalMs: number): Promise<number> {
  const dueBefore = new Date(Date.now() - intervalMs);
  const staleBefore = new Date(Date.now() - syncJobLeaseMs);
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: emailAccounts.id, organizationId: emailAccounts.organizationId })
      .from(emailAccounts)
      .where(
        and(
          eq(emailAccounts.syncEnabled, true),
          or(isNull(emailAccounts.lastSyncAt), lt(emailAccounts.lastSyncAt, dueBefore)),
          // A job running past its lease does not count: the request fails it and starts another.
          sql`not exists (select 1 from ${emailSyncJobs} where ${emailSyncJobs.organizationId} = ${emailAccounts.organizationId} and ${emailSyncJobs.accountId} = ${emailAccounts.id} and (${emailSyncJobs.status} = 'pending' or (${emailSyncJobs.status} = 'running' and coalesce(${emailSyncJobs.startedAt}, ${emailSyncJobs.createdAt}) > ${staleBefore})))`,
          sql`coalesce((select (${emailSyncJobs.metadata} ->> 'authFailed')::boolean from ${emailSyncJobs} where ${emailSyncJobs.organizationId} = ${emailAccounts.organizationId} and ${emailSyncJobs.accountId} = ${emailAccounts.id} order by ${emailSyncJobs.createdAt} desc limit 1), false) = false`,
        ),
      )
      .orderBy(sql`${emailAccounts.lastSyncAt} asc nulls first`)
      .limit(pollBatchSize)
      .for('update', { of: emailAccounts, skipLocked: true });
    for (const account of due) {
      await requestMailboxSync(tx, { organizationId: account.organizationId, accountId: account.id });
    }
    return due.length;
  });
}
