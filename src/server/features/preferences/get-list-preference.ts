import { and, eq } from 'drizzle-orm';
import type { ListKey } from '../../../common/validation/preferences';
import { userListPreferences } from '../../db/schema/preferences';
import type { ServiceContext } from '../../lib/service-context';

/** The caller's own column choice for a list; null when they have not made one. */
export async function getListPreference(ctx: ServiceContext, listKey: ListKey) {
  const [row] = await ctx.db
    .select({ columns: userListPreferences.columns })
    .from(userListPreferences)
    .where(
      and(
        eq(userListPreferences.organizationId, ctx.orgId),
        eq(userListPreferences.userId, ctx.actor.id),
        eq(userListPreferences.listKey, listKey),
      ),
    );
  return { columns: row?.columns ?? null };
}
