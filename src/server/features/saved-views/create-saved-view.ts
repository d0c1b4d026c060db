import type { CreateSavedViewInput } from '../../../common/validation/saved-views';
import { savedViews } from '../../db/schema/preferences';
import type { ServiceContext } from '../../lib/service-context';
import { getOwnView } from './find-saved-view';
import { assertListReadable } from './list-access';
import { assertViewNameFree, assertViewRoom, lockViewOwner, uniquelyNamed } from './view-rules';

export async function createSavedView(ctx: ServiceContext, input: CreateSavedViewInput) {
  await assertListReadable(ctx, input.listKey);
  const id = await ctx.db.transaction(async (tx) => {
    await lockViewOwner(tx, ctx);
    await assertViewNameFree(tx, ctx, input.listKey, input.name);
    await assertViewRoom(tx, ctx, input.listKey);
    const [row] = await uniquelyNamed(() =>
      tx
        .insert(savedViews)
        .values({ ...input, organizationId: ctx.orgId, userId: ctx.actor.id })
        .returning({ id: savedViews.id }),
    );
    return row.id;
  });
  return getOwnView(ctx, id);
}
