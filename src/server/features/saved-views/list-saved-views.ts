import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { ListKey } from '../../../common/validation/preferences';
import { savedViews } from '../../db/schema/preferences';
import type { ServiceContext } from '../../lib/service-context';
import { listAnswer } from '../lists/list-entries';
import { selectViews, visibleViews } from './find-saved-view';
import { assertListReadable } from './list-access';

/** The caller's views of a list, then the ones others share, each by name (at most 50 per user). */
export async function listSavedViews(ctx: ServiceContext, listKey: ListKey) {
  await assertListReadable(ctx, listKey);
  const rows = await selectViews(ctx)
    .where(and(visibleViews(ctx), eq(savedViews.listKey, listKey)))
    .orderBy(
      desc(sql`${savedViews.userId} = ${ctx.actor.id}`),
      asc(sql`lower(${savedViews.name})`),
      asc(savedViews.id),
    );
  return listAnswer(rows);
}
