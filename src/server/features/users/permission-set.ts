import {
  type PermissionSet,
  permissionActions,
  permissionCategories,
  withoutActionsBeyondRead,
} from '../../../common/permissions';

/**
 * Keeps only the categories and actions the permission model knows (common/permissions.ts), so a
 * stored override can never carry a flag nothing reads, nor create/update/delete where Read is
 * off. `{}` clears every override.
 */
export function normalizePermissionSet(input: PermissionSet): PermissionSet {
  const result: PermissionSet = {};
  for (const category of permissionCategories) {
    const actions = input[category];
    if (!actions) continue;
    const kept: Record<string, boolean> = {};
    for (const action of permissionActions[category]) {
      if (typeof actions[action] === 'boolean') kept[action] = actions[action];
    }
    if (Object.keys(kept).length > 0) result[category] = kept;
  }
  return withoutActionsBeyondRead(result);
}

/** Whether two stored permission sets say the same (null and `{}` both mean "no overrides"). */
export function samePermissionSet(a: PermissionSet | null | undefined, b: PermissionSet | null | undefined) {
  const x = normalizePermissionSet(a ?? {});
  const y = normalizePermissionSet(b ?? {});
  return permissionCategories.every((category) =>
    permissionActions[category].every((action) => x[category]?.[action] === y[category]?.[action]),
  );
}
