import { and, eq } from 'drizzle-orm';
import type { UpdateSavedViewInput } from '../../../common/validation/saved-views';
import { savedViews } from '../../db/schema/preferences';
import type { ServiceContext } from '../../lib/service-context';
import { getOwnView, ownViews } from './find-saved-view';
import { assertListReadable } from './list-access';
import { assertViewNameFree, uniquelyNamed } from './view-rules';

/**
 * Only the owner changes a view; anyone else's id is "not found". Runs inside the versioned
 * PATCH's transaction (record-version.ts), which holds the view's row.
 */
export async function updateSavedView(ctx: ServiceContext, id: string, input: UpdateSavedViewInput) {
  const view = await getOwnView(ctx, id);
  await assertListReadable(ctx, view.listKey);
  if (input.name !== undefined) await assertViewNameFree(ctx.db, ctx, view.listKey, input.name, id);
  if (Object.keys(input).length === 0) return;
  await uniquelyNamed(() =>
    ctx.db
      .update(savedViews)
      .set(input)
      .where(and(ownViews(ctx), eq(savedViews.id, id))),
  );
}
