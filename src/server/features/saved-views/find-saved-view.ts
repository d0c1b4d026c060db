import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { viewNotFoundMessage } from '../../../common/validation/saved-views';
import { users } from '../../db/schema/identity';
import { savedViews } from '../../db/schema/preferences';
import { notFound } from '../../lib/app-error';
import { isUuid, type ServiceContext } from '../../lib/service-context';

/** Views the caller sees: their own and the organization's shared ones. */
export function visibleViews(ctx: ServiceContext): SQL | undefined {
  return and(
    eq(savedViews.organizationId, ctx.orgId),
    or(eq(savedViews.userId, ctx.actor.id), eq(savedViews.isShared, true)),
  );
}

/** Views the caller may change or delete: only their own. */
export function ownViews(ctx: ServiceContext): SQL | undefined {
  return and(eq(savedViews.organizationId, ctx.orgId), eq(savedViews.userId, ctx.actor.id));
}

/** Selects views as the API answers them: with the owner's name and whether the view is the caller's. */
export function selectViews(ctx: ServiceContext) {
  return ctx.db
    .select({
      id: savedViews.id,
      listKey: savedViews.listKey,
      name: savedViews.name,
      search: savedViews.search,
      filters: savedViews.filters,
      sort: savedViews.sort,
      columns: savedViews.columns,
      isShared: savedViews.isShared,
      userId: savedViews.userId,
      ownerName: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
      isMine: sql<boolean>`${savedViews.userId} = ${ctx.actor.id}`,
      createdAt: savedViews.createdAt,
      updatedAt: savedViews.updatedAt,
    })
    .from(savedViews)
    .innerJoin(
      users,
      and(eq(users.id, savedViews.userId), eq(users.organizationId, savedViews.organizationId)),
    );
}

/** One of the caller's own views; another user's view, or another organization's, is "not found". */
export async function getOwnView(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(viewNotFoundMessage);
  const [row] = await selectViews(ctx).where(and(ownViews(ctx), eq(savedViews.id, id)));
  if (!row) throw notFound(viewNotFoundMessage);
  return row;
}
