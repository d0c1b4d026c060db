import {
  Building2,
  Contact,
  Handshake,
  House,
  type LucideProps,
  Settings,
  ShieldCheck,
  Target,
} from 'lucide-react';
import { can, type PermissionSubject } from '../../../common/permissions';
import type { ComponentType } from 'react';

export type NavItemId =
  | 'home'
  | 'leads'
  | 'clients'
  | 'companies'
  | 'deals'
  | 'settings'
  | 'super-admin'
  | `object:${string}`;

export interface NavItem {
  id: NavItemId;
  label: string;
  href: string;
  tooltip: string;
  icon: ComponentType<LucideProps>;
  /** Other path prefixes that belong to this item's area. */
  alsoActiveOn?: string[];
}

export const navItems: NavItem[] = [
  {
    id: 'home',
    label: 'Home',
    href: '/dashboard',
    icon: House,
    tooltip: 'Your dashboard and daily overview',
  },
  {
    id: 'leads',
    label: 'Leads',
    href: '/leads',
    icon: Target,
    tooltip: 'Prospects to qualify and follow up',
  },
  {
    id: 'clients',
    label: 'Clients',
    href: '/clients',
    icon: Contact,
    tooltip: 'Claimants and customers you work with',
  },
  {
    id: 'companies',
    label: 'Companies',
    href: '/companies',
    icon: Building2,
    tooltip: 'Businesses, partners and agencies',
  },
  {
    id: 'deals',
    label: 'Deals',
    href: '/deals',
    icon: Handshake,
    tooltip: 'Your pipeline of claims and deals',
  },
  {
    id: 'settings',
    label: 'Settings',
    href: '/settings',
    icon: Settings,
    tooltip: 'Profile, organization and team settings',
    alsoActiveOn: ['/users', '/integrations'],
  },
  {
    id: 'super-admin',
    label: 'Super Admin',
    href: '/super-admin',
    icon: ShieldCheck,
    tooltip: 'Platform administration',
  },
];

/** Product spec §2, §6: which items a user sees. */
export function isNavItemVisible(item: NavItem, user: PermissionSubject): boolean {
  switch (item.id) {
    case 'home':
      return true;
    case 'settings':
      // Hidden only when the view permission is explicitly false.
      return user.isSuperAdmin === true || user.permissions?.settings?.view !== false;
    case 'super-admin':
      return user.isSuperAdmin === true;
    default:
      return can(user, item.id, 'read');
  }
}

export function visibleNavItems(user: PermissionSubject): NavItem[] {
  return navItems.filter((item) => isNavItemVisible(item, user));
}

function underPrefix(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** Home is active on / and the dashboard; every other item by path prefix. */
export function isNavItemActive(item: NavItem, path: string): boolean {
  if (item.id === 'home') return path === '/' || underPrefix(path, '/dashboard');
  return [item.href, ...(item.alsoActiveOn ?? [])].some((prefix) => underPrefix(path, prefix));
}

/** What the navigation needs of a custom object (an entity definition). */
export interface NavObject {
  entityType: string;
  pluralName: string;
  description: string | null;
  iconName: string;
  isActive: boolean;
  permissionCategory: string;
}

/** An item per active object whose records the user may read (its permission category's read). */
export function objectNavItems(
  objects: readonly NavObject[],
  user: PermissionSubject,
  iconOf: (name: string) => ComponentType<LucideProps>,
): NavItem[] {
  return objects
    .filter((object) => object.isActive && can(user, object.permissionCategory, 'read'))
    .map((object) => ({
      id: `object:${object.entityType}` as const,
      label: object.pluralName,
      href: `/objects/${object.entityType}`,
      icon: iconOf(object.iconName),
      tooltip: object.description || `Your ${object.pluralName.toLowerCase()}`,
    }));
}

/** The objects' items go after Deals (before Settings when Deals is not shown). */
export function withObjectItems(items: readonly NavItem[], objectItems: readonly NavItem[]): NavItem[] {
  const deals = items.findIndex((item) => item.id === 'deals');
  const settings = items.findIndex((item) => item.id === 'settings');
  const at = deals >= 0 ? deals + 1 : settings >= 0 ? settings : items.length;
  return [...items.slice(0, at), ...objectItems, ...items.slice(at)];
}

/** How many custom objects the top bar shows as items of their own. */
export const inlineObjectCount = 4;

/**
 * The top bar's items and the objects that go in its "More" menu: the bar keeps room for the
 * standard items, so objects beyond the first few are listed in the menu instead.
 */
export function topBarItems(
  items: readonly NavItem[],
  objectItems: readonly NavItem[],
): { items: NavItem[]; more: NavItem[] } {
  return {
    items: withObjectItems(items, objectItems.slice(0, inlineObjectCount)),
    more: objectItems.slice(inlineObjectCount),
  };
}
