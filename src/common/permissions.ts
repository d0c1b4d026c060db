/**
 * The permission model (product spec §6). A permission holds only when its flag is exactly
 * `true`; a super admin holds every permission.
 */
export const permissionActions = {
  leads: ['read', 'create', 'update', 'delete'],
  clients: ['read', 'create', 'update', 'delete'],
  deals: ['read', 'create', 'update', 'delete'],
  companies: ['read', 'create', 'update', 'delete'],
  activities: ['read', 'create', 'update', 'delete'],
  reports: ['read', 'create', 'update', 'delete'],
  // The route guards of the spec also speak of documents `view` and `edit`.
  documents: ['read', 'create', 'update', 'delete', 'view', 'edit'],
  users: ['read', 'create', 'update', 'delete', 'manage_permissions'],
  teams: ['read', 'create', 'update', 'delete', 'manage_permissions'],
  settings: ['view', 'update', 'manage'],
} as const;

export type PermissionCategory = keyof typeof permissionActions;
export type PermissionAction = (typeof permissionActions)[PermissionCategory][number];
export type PermissionSet = Partial<Record<string, Partial<Record<string, boolean>>>>;
export type ResolvedPermissions = Record<PermissionCategory, Record<string, boolean>>;
export type Role = 'admin' | 'manager' | 'user';

export const permissionCategories = Object.keys(permissionActions) as PermissionCategory[];

const crmCategories = ['leads', 'clients', 'deals', 'companies', 'activities'] as const;

function grant(allow: (category: PermissionCategory, action: string) => boolean): ResolvedPermissions {
  const result = {} as ResolvedPermissions;
  for (const category of permissionCategories) {
    result[category] = Object.fromEntries(permissionActions[category].map((a) => [a, allow(category, a)]));
  }
  return result;
}

/**
 * Defaults per role, before team and personal overrides:
 * - admin: everything.
 * - manager: all CRM records, activities, reports and documents; reads users and teams;
 *   views and updates settings (not `manage`: templates and internal pages stay with admins).
 * - user: reads, creates and updates CRM records, activities and documents (no delete);
 *   reads reports; views settings; no access to users or teams.
 */
export const roleDefaultPermissions: Record<Role, ResolvedPermissions> = {
  admin: grant(() => true),
  manager: grant((category, action) => {
    if (category === 'users' || category === 'teams') return action === 'read';
    if (category === 'settings') return action !== 'manage';
    return true;
  }),
  user: grant((category, action) => {
    if ((crmCategories as readonly string[]).includes(category) || category === 'documents') {
      return action !== 'delete';
    }
    if (category === 'reports') return action === 'read';
    if (category === 'settings') return action === 'view';
    return false;
  }),
};

/** Create, update and delete of a record category mean nothing without reading it. */
const readDependentActions = ['create', 'update', 'delete'];

function hasRead(category: PermissionCategory): boolean {
  return (permissionActions[category] as readonly string[]).includes('read');
}

/**
 * A stored permission set where Read is off holds nothing else of that category: unticking Read
 * in the matrix unticks Create, Update and Delete, and the server stores it the same way.
 */
export function withoutActionsBeyondRead(set: PermissionSet): PermissionSet {
  const result: PermissionSet = structuredClone(set);
  for (const category of permissionCategories) {
    const actions = result[category];
    if (!actions || !hasRead(category) || actions.read !== false) continue;
    for (const action of readDependentActions) actions[action] = false;
  }
  return result;
}

/**
 * Role defaults, then the team's permissions, then the user's own overrides; whatever the layers
 * say, a category that cannot be read cannot be created, changed or deleted either.
 */
export function resolvePermissions(
  role: Role,
  teamPermissions?: PermissionSet | null,
  userPermissions?: PermissionSet | null,
): ResolvedPermissions {
  const result = structuredClone(roleDefaultPermissions[role] ?? roleDefaultPermissions.user);
  for (const layer of [teamPermissions, userPermissions]) {
    if (!layer) continue;
    for (const category of permissionCategories) {
      const actions = layer[category];
      if (!actions) continue;
      for (const action of permissionActions[category]) {
        if (typeof actions[action] === 'boolean') result[category][action] = actions[action];
      }
    }
  }
  for (const category of permissionCategories) {
    if (!hasRead(category) || result[category].read) continue;
    for (const action of readDependentActions) result[category][action] = false;
  }
  return result;
}

/**
 * The permissions `next` holds that neither `held` (the granter's) nor `previous` (what the
 * grantee already had) does, as `category:action`: what a change would hand out beyond the
 * granter's own reach.
 */
export function permissionsBeyond(
  next: PermissionSet,
  held: PermissionSet,
  previous: PermissionSet = {},
): string[] {
  const beyond: string[] = [];
  for (const category of permissionCategories) {
    for (const action of permissionActions[category]) {
      if (next[category]?.[action] !== true) continue;
      if (held[category]?.[action] === true || previous[category]?.[action] === true) continue;
      beyond.push(`${category}:${action}`);
    }
  }
  return beyond;
}

export interface PermissionSubject {
  isSuperAdmin?: boolean | null;
  permissions?: PermissionSet | null;
}

export function can(
  subject: PermissionSubject | null | undefined,
  category: string,
  action: string,
): boolean {
  if (!subject) return false;
  if (subject.isSuperAdmin === true) return true;
  return subject.permissions?.[category]?.[action] === true;
}

export function canAny(subject: PermissionSubject | null | undefined, checks: [string, string][]): boolean {
  return checks.some(([category, action]) => can(subject, category, action));
}

export function canAll(subject: PermissionSubject | null | undefined, checks: [string, string][]): boolean {
  return checks.every(([category, action]) => can(subject, category, action));
}

const categoryNouns: Record<PermissionCategory, string> = {
  leads: 'leads',
  clients: 'clients',
  deals: 'deals',
  companies: 'companies',
  activities: 'activities',
  reports: 'reports',
  documents: 'documents',
  users: 'users',
  teams: 'teams',
  settings: 'settings',
};

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function describePermission(
  category: PermissionCategory,
  action: string,
): { name: string; description: string } {
  const noun = categoryNouns[category];
  switch (action) {
    case 'read':
      return {
        name: `Read ${noun}`,
        description: `See ${noun}, their details and the figures counted from them`,
      };
    case 'create':
      return { name: `Create ${noun}`, description: `Add new ${noun}` };
    case 'update':
      return category === 'settings'
        ? { name: 'Update settings', description: 'Change the organization, pipelines, stages and lists' }
        : { name: `Update ${noun}`, description: `Change existing ${noun}` };
    case 'delete':
      return { name: `Delete ${noun}`, description: `Remove ${noun} for good` };
    case 'view':
      return { name: `View ${noun}`, description: `Open ${noun}` };
    case 'edit':
      return { name: `Edit ${noun}`, description: `Open the editing screens of ${noun}` };
    case 'manage':
      return {
        name: 'Manage settings',
        description: 'Custom fields, templates and the internal pages',
      };
    case 'manage_permissions':
      return category === 'users'
        ? { name: 'Manage user permissions', description: "Set users' roles, teams and permissions" }
        : { name: 'Manage team permissions', description: "Set teams' permissions" };
    default:
      return { name: `${capitalized(action)} ${noun}`, description: '' };
  }
}

/**
 * The permission catalogue (data-model §3 `permissions`): one entry per box of the matrix, with
 * the name and description the matrix shows. Seeded at start-up; super admins may reword them.
 */
export const permissionCatalogue = permissionCategories.flatMap((category) =>
  permissionActions[category].map((action) => ({
    category,
    action,
    resource: category,
    ...describePermission(category, action),
  })),
);

/** Super admin: the flag, or an e-mail listed in the configured administrator addresses. */
export function isSuperAdminEmail(email: string, superAdminEmails: readonly string[]): boolean {
  const normalized = email.trim().toLowerCase();
  return superAdminEmails.some((admin) => admin.trim().toLowerCase() === normalized);
}

/** An API key's levels (data-model §6: a permission list from read, write, admin). */
export type ApiKeyLevel = 'read' | 'write' | 'admin';

/** What a write key may change beyond reading: the CRM records, their documents and reports. */
const apiKeyWriteCategories: readonly PermissionCategory[] = [...crmCategories, 'documents', 'reports'];

/** Every action of a category that only looks: read and view. */
const lookingActions = ['read', 'view'];

/**
 * The most a key of these levels may do, before its creator's own permissions cut it down:
 * read → every read/view action; write → that plus create/update/delete (and documents' edit) of
 * leads, clients, companies, deals, activities, documents and reports; admin → everything,
 * settings, users and teams included. The levels add up.
 */
export function apiKeyCeiling(levels: readonly string[]): ResolvedPermissions {
  return grant((category, action) => {
    if (levels.includes('admin')) return true;
    if (lookingActions.includes(action)) return levels.length > 0;
    return levels.includes('write') && apiKeyWriteCategories.includes(category);
  });
}

/**
 * A key acts as its creator, never beyond them: each permission holds only when both the
 * creator (as resolved today) and the key's levels allow it.
 */
export function permissionsOfApiKey(
  creator: ResolvedPermissions,
  levels: readonly string[],
): ResolvedPermissions {
  const ceiling = apiKeyCeiling(levels);
  return grant((category, action) => creator[category]?.[action] === true && ceiling[category][action]);
}
