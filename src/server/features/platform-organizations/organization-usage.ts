import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { files } from '../../db/schema/files';
import { organizations } from '../../db/schema/identity';

/*
 * The usage columns of `organizations` the platform lists sort by (issue 20): kept current by
 * cheap writes where things happen, not by scanning on every read. `totalUsers` follows users
 * (users/user-rules.ts syncTotalUsers) and `apiCallsMonth` API-key calls (authenticate-api-key.ts).
 * These writes go through raw SQL so they leave `updatedAt` (an edit of the organization) alone.
 */

/** At most one `lastActivity` write per organization per minute per server process. */
export const activityStampIntervalMs = 60_000;
const maxRemembered = 10_000;
const lastStamped = new Map<string, number>();

/**
 * Marks the organization active now, unless this process already did within the last minute:
 * every signed-in request calls it, so it must cost nothing most of the time.
 */
export async function noteOrganizationActivity(db: Database, orgId: string, now = Date.now()) {
  const last = lastStamped.get(orgId);
  if (last !== undefined && now - last < activityStampIntervalMs) return;
  if (lastStamped.size >= maxRemembered) lastStamped.clear();
  lastStamped.set(orgId, now);
  await db.execute(sql`update ${organizations} set last_activity = now() where id = ${orgId}`);
}

/** A sign-in always counts (and restarts the once-a-minute window). */
export async function stampOrganizationActivity(db: Database, orgId: string) {
  lastStamped.set(orgId, Date.now());
  await db.execute(sql`update ${organizations} set last_activity = now() where id = ${orgId}`);
}

/** Adds (or, negative, removes) stored bytes: an upload adds its size at once. */
export async function addStorageUsed(db: Database, orgId: string, bytes: number) {
  if (bytes === 0) return;
  await db.execute(
    sql`update ${organizations} set storage_used = greatest(0, storage_used + ${bytes}) where id = ${orgId}`,
  );
}

/**
 * Sets `storageUsed` to the sum of the organization's stored files. Files come from several paths
 * (uploads, synced mail, imports, sealed PDFs); the file sweep and the detail screen recount, so
 * any path that does not add its bytes is corrected soon after. Answers the bytes.
 */
export async function recountStorageUsed(db: Database, orgId: string): Promise<number> {
  const [row] = await db
    .update(organizations)
    .set({
      storageUsed: sql`(select coalesce(sum(${files.size}), 0) from ${files} where ${files.organizationId} = ${orgId})`,
      // Not an edit of the organization: keep its updatedAt.
      updatedAt: sql`${organizations.updatedAt}`,
    })
    .where(eq(organizations.id, orgId))
    .returning({ storageUsed: organizations.storageUsed });
  return row?.storageUsed ?? 0;
}

/** This month's API calls: the stored count is last month's until the next call starts a new one. */
export const currentApiCallsMonth = sql<number>`(case
  when ${organizations.apiCallsMonthStart} = date_trunc('month', now() at time zone 'UTC')::date
  then ${organizations.apiCallsMonth} else 0 end)`.mapWith(Number);
