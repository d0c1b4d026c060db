import { objectMessages, type UpdateDefinitionInput } from '../../../common/validation/objects';
import { entityDefinitions } from '../../db/schema/custom-fields';
import { notFound } from '../../lib/app-error';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { rowInOrganization } from '../../lib/tenant-scope';
import { findDefinition } from './get-entity-definition';

/**
 * PATCH /api/entity-definitions/:id: only the keys sent change. Deactivating keeps every record
 * (the object only leaves the navigation and the lists of active objects).
 */
export async function updateEntityDefinition(ctx: ServiceContext, id: string, input: UpdateDefinitionInput) {
  if (!isUuid(id)) throw notFound(objectMessages.objectNotFound);
  await findDefinition(ctx.db, ctx.orgId, id);
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  await ctx.db
    .update(entityDefinitions)
    .set({
      ...changes,
      ...(input.iconName === null && { iconName: 'Building2' }),
      ...(input.permissionCategory === null && { permissionCategory: 'deals' }),
      updatedAt: new Date(),
    })
    .where(rowInOrganization(entityDefinitions, ctx.orgId, id));
}
