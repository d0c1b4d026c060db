import { and, eq } from 'drizzle-orm';
import { savedViews } from '../../db/schema/preferences';
import type { ServiceContext } from '../../lib/service-context';
import { getOwnView, ownViews } from './find-saved-view';
import { assertListReadable } from './list-access';

/** Only the owner deletes a view; anyone else's id is "not found". */
export async function deleteSavedView(ctx: ServiceContext, id: string) {
  const view = await getOwnView(ctx, id);
  await assertListReadable(ctx, view.listKey);
  await ctx.db.delete(savedViews).where(and(ownViews(ctx), eq(savedViews.id, id)));
}
