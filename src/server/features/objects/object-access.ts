import {
  type ObjectPermissionCategory,
  objectPermissionCategories,
} from '../../../common/validation/objects';
import { forbidden } from '../../lib/app-error';
import { type Actor, actorCan, type ServiceContext } from '../../lib/service-context';
import type { RouteAccess } from '../../plugins/route-access';

/*
 * Custom objects borrow the permissions of a standard record category (decision 024): each
 * object's `permissionCategory` (leads, clients, companies or deals) governs its records. A
 * records route is first guarded by the action in any of the four categories (a caller holding
 * it nowhere is refused before anything is read); the service then checks the object's own
 * category once the object is known.
 */

export type ObjectAction = 'read' | 'create' | 'update' | 'delete';

/** The route declaration: `action` in at least one category an object can borrow. */
export function objectRouteAccess(...actions: ObjectAction[]): RouteAccess {
  return {
    anyOf: actions.flatMap((action) =>
      objectPermissionCategories.map((category): [ObjectPermissionCategory, ObjectAction] => [
        category,
        action,
      ]),
    ),
  };
}

/** 403 unless the caller holds `action` on the object's category. */
export function assertObjectAccess(
  ctx: ServiceContext,
  definition: { permissionCategory: string },
  action: ObjectAction,
): void {
  if (!actorCan(ctx.actor, definition.permissionCategory, action)) throw forbidden();
}

/** The categories whose records (and so whose objects' records) the actor may read. */
export function readableCategories(actor: Actor): ObjectPermissionCategory[] {
  return objectPermissionCategories.filter((category) => actorCan(actor, category, 'read'));
}
