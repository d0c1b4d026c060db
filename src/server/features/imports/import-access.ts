import type { ImportEntityType } from '../../../common/validation/imports';
import { forbidden } from '../../lib/app-error';
import { actorCan, type ServiceContext } from '../../lib/service-context';
import type { PermissionAction, PermissionCategory } from '../../../common/permissions';
import type { RouteAccess } from '../../plugins/route-access';

export const importEntityTypes: ImportEntityType[] = ['leads', 'clients', 'companies', 'deals'];

/** Routes that start or act on imports: whoever may create any of the four record types (the service checks which). */
export const importAnyCreateAccess: RouteAccess = {
  anyOf: importEntityTypes.map((entity) => [entity, 'create'] as [PermissionCategory, PermissionAction]),
};

/** Import history: settings viewers see every import; others the imports of record types they may create. */
export const importHistoryAccess: RouteAccess = {
  anyOf: [
    ['settings', 'view'],
    ...importEntityTypes.map((entity) => [entity, 'create'] as [PermissionCategory, PermissionAction]),
  ],
};

export function assertMay(ctx: ServiceContext, entityType: ImportEntityType, ...actions: string[]) {
  for (const action of actions) if (!actorCan(ctx.actor, entityType, action)) throw forbidden();
}

/** The entity types whose imports the caller may see. */
export function visibleImportTypes(ctx: ServiceContext): ImportEntityType[] {
  if (actorCan(ctx.actor, 'settings', 'view')) return importEntityTypes;
  return importEntityTypes.filter((entity) => actorCan(ctx.actor, entity, 'create'));
}
