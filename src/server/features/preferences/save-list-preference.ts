import { sql } from 'drizzle-orm';
import type { ListKey, ListPreferenceInput } from '../../../common/validation/preferences';
import { userListPreferences } from '../../db/schema/preferences';
import type { ServiceContext } from '../../lib/service-context';

/** Replaces the caller's column choice for a list (one row per user and list). */
export async function saveListPreference(ctx: ServiceContext, listKey: ListKey, input: ListPreferenceInput) {
  const columns = [...new Set(input.columns)];
  await ctx.db
    .insert(userListPreferences)
    .values({ organizationId: ctx.orgId, userId: ctx.actor.id, listKey, columns })
    .onConflictDoUpdate({
      target: [userListPreferences.organizationId, userListPreferences.userId, userListPreferences.listKey],
      set: { columns: sql`excluded.columns`, updatedAt: new Date() },
    });
  return { columns };
}
