import {
  type PermissionCategory,
  type PermissionSet,
  permissionActions,
  permissionCategories,
  type ResolvedPermissions,
} from '../../../common/permissions';

/** A permission set as the API takes it: `{ [category]: { [action]: boolean } }`. */
export type PermissionOverrides = Record<string, Record<string, boolean>>;

export const categoryLabels: Record<PermissionCategory, string> = {
  leads: 'Leads',
  clients: 'Clients',
  deals: 'Deals',
  companies: 'Companies',
  activities: 'Activities',
  reports: 'Reports',
  documents: 'Documents',
  users: 'Users',
  teams: 'Teams',
  settings: 'Settings',
};

export const actionLabels: Record<string, string> = {
  read: 'Read',
  create: 'Create',
  update: 'Update',
  delete: 'Delete',
  view: 'View',
  edit: 'Edit',
  manage: 'Manage',
  manage_permissions: 'Manage permissions',
};

/** The matrix columns: every action of the model, in first-seen order. */
export const matrixActions: string[] = [
  ...new Set(permissionCategories.flatMap((category) => [...permissionActions[category]])),
];

export function isApplicable(category: PermissionCategory, action: string): boolean {
  return (permissionActions[category] as readonly string[]).includes(action);
}

export interface CellState {
  /** The value shown; 'indeterminate' when it is left to the member's role (teams). */
  checked: boolean | 'indeterminate';
  /** Set explicitly here rather than inherited. */
  overridden: boolean;
  /** What applies without an override here (null when unknown, as for a team). */
  inherited: boolean | null;
}

/**
 * One cell. With `base` (a user: role defaults then team), the cell shows the effective value.
 * Without it (a team, whose members have different roles), an unset cell shows "role default".
 */
export function cellState(
  overrides: PermissionSet,
  base: ResolvedPermissions | null,
  category: PermissionCategory,
  action: string,
): CellState {
  const override = overrides[category]?.[action];
  const inherited = base ? base[category]?.[action] === true : null;
  if (typeof override === 'boolean') return { checked: override, overridden: true, inherited };
  return { checked: inherited ?? 'indeterminate', overridden: false, inherited };
}

/** A copy with one override set (true/false) or removed (undefined); empty categories are dropped. */
export function setOverride(
  overrides: PermissionSet,
  category: PermissionCategory,
  action: string,
  value: boolean | undefined,
): PermissionSet {
  const actions = { ...overrides[category] };
  if (value === undefined) delete actions[action];
  else actions[action] = value;
  const next: PermissionSet = { ...overrides };
  if (Object.keys(actions).length === 0) delete next[category];
  else next[category] = actions;
  return next;
}

/** One click's flip of a single cell (see toggleCell). */
function flipCell(
  overrides: PermissionSet,
  base: ResolvedPermissions | null,
  category: PermissionCategory,
  action: string,
): PermissionSet {
  const state = cellState(overrides, base, category, action);
  if (state.inherited !== null) {
    const next = state.checked !== true;
    return setOverride(overrides, category, action, next === state.inherited ? undefined : next);
  }
  if (state.checked === 'indeterminate') return setOverride(overrides, category, action, true);
  if (state.checked === true) return setOverride(overrides, category, action, false);
  return setOverride(overrides, category, action, undefined);
}

const readDependent = ['create', 'update', 'delete'];

/**
 * A click on a cell. For a user it flips the effective value, keeping an override only where it
 * differs from what is inherited. For a team it cycles role default → allowed → denied.
 * Create, update and delete need Read (the server stores and resolves them so too): unticking
 * Read unticks them, and ticking one of them ticks Read.
 */
export function toggleCell(
  overrides: PermissionSet,
  base: ResolvedPermissions | null,
  category: PermissionCategory,
  action: string,
): PermissionSet {
  let next = flipCell(overrides, base, category, action);
  if (!isApplicable(category, 'read')) return next;
  const checked = (a: string) => cellState(next, base, category, a).checked;
  if (action === 'read' && checked('read') === false) {
    for (const dependent of readDependent) {
      if (!isApplicable(category, dependent)) continue;
      if (base) {
        if (checked(dependent) === true) next = flipCell(next, base, category, dependent);
      } else {
        next = setOverride(next, category, dependent, false);
      }
    }
  }
  if (readDependent.includes(action) && checked(action) === true && checked('read') !== true) {
    next = base ? flipCell(next, base, category, 'read') : setOverride(next, category, 'read', true);
  }
  return next;
}

/** Only categories and actions the model knows, so stale keys never travel back to the API. */
export function cleanOverrides(overrides: PermissionSet | null | undefined): PermissionOverrides {
  let result: PermissionSet = {};
  for (const category of permissionCategories) {
    for (const action of permissionActions[category]) {
      const value = overrides?.[category]?.[action];
      if (typeof value === 'boolean') result = setOverride(result, category, action, value);
    }
  }
  return result as PermissionOverrides;
}

export function countOverrides(overrides: PermissionSet | null | undefined): number {
  return Object.values(cleanOverrides(overrides)).reduce(
    (sum, actions) => sum + Object.keys(actions ?? {}).length,
    0,
  );
}
