import { and, eq } from 'drizzle-orm';
import { objectTypeOfListKey } from '../../../common/validation/preferences';
import { entityDefinitions } from '../../db/schema/custom-fields';
import { forbidden, notFound } from '../../lib/app-error';
import { actorCan, type ServiceContext } from '../../lib/service-context';

export const objectNotFoundMessage = 'Object not found';

/**
 * A list's views follow the list's read permission: a standard list's own category, a custom
 * object's list the category its definition borrows (decision 024). An object the caller's
 * organization does not define answers 404, as its records do.
 */
export async function assertListReadable(ctx: ServiceContext, listKey: string): Promise<void> {
  const entityType = objectTypeOfListKey(listKey);
  let category = listKey;
  if (entityType !== null) {
    const [definition] = await ctx.db
      .select({ permissionCategory: entityDefinitions.permissionCategory })
      .from(entityDefinitions)
      .where(
        and(eq(entityDefinitions.organizationId, ctx.orgId), eq(entityDefinitions.entityType, entityType)),
      )
      .limit(1);
    if (!definition) throw notFound(objectNotFoundMessage);
    category = definition.permissionCategory;
  }
  if (!actorCan(ctx.actor, category, 'read')) throw forbidden();
}
