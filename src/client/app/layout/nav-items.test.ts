import { describe, expect, it } from 'vitest';
import {
  isNavItemActive,
  navItems,
  objectNavItems,
  topBarItems,
  visibleNavItems,
  withObjectItems,
} from './nav-items';

const item = (id: string) => {
  const found = navItems.find((entry) => entry.id === id);
  if (!found) throw new Error(`no nav item ${id}`);
  return found;
};

const ids = (user: Parameters<typeof visibleNavItems>[0]) => visibleNavItems(user).map((entry) => entry.id);

describe('nav item visibility', () => {
  it('shows Home to everyone, and Settings unless settings.view is explicitly false', () => {
    expect(ids({ permissions: {} })).toEqual(['home', 'settings']);
    expect(ids({ permissions: { settings: { view: false } } })).toEqual(['home']);
  });

  it('shows the CRM items only with their read permission set to exactly true', () => {
    const user = {
      permissions: {
        leads: { read: true },
        clients: { read: false },
        companies: { create: true },
        deals: { read: true },
      },
    };
    expect(ids(user)).toEqual(['home', 'leads', 'deals', 'settings']);
  });

  it('shows Super Admin only to super admins, who see every item', () => {
    expect(ids({ permissions: { leads: { read: true } } })).not.toContain('super-admin');
    expect(ids({ isSuperAdmin: true, permissions: { settings: { view: false } } })).toEqual([
      'home',
      'leads',
      'clients',
      'companies',
      'deals',
      'settings',
      'super-admin',
    ]);
  });
});

describe('active nav item', () => {
  it('marks Home on / and the dashboard', () => {
    expect(isNavItemActive(item('home'), '/')).toBe(true);
    expect(isNavItemActive(item('home'), '/dashboard')).toBe(true);
    expect(isNavItemActive(item('home'), '/dashboard/reports')).toBe(true);
    expect(isNavItemActive(item('home'), '/leads')).toBe(false);
  });

  it('marks the other items by path prefix, on whole segments only', () => {
    expect(isNavItemActive(item('leads'), '/leads')).toBe(true);
    expect(isNavItemActive(item('leads'), '/leads/123')).toBe(true);
    expect(isNavItemActive(item('leads'), '/leadsx')).toBe(false);
    expect(isNavItemActive(item('leads'), '/')).toBe(false);
    expect(isNavItemActive(item('deals'), '/deals/9')).toBe(true);
  });

  it('keeps Settings active on its own pages and on users and integrations', () => {
    expect(isNavItemActive(item('settings'), '/settings/profile')).toBe(true);
    expect(isNavItemActive(item('settings'), '/users')).toBe(true);
    expect(isNavItemActive(item('settings'), '/integrations')).toBe(true);
    expect(isNavItemActive(item('settings'), '/dashboard')).toBe(false);
  });
});

describe('custom objects in the navigation', () => {
  const icon = item('home').icon;
  const heirs = {
    entityType: 'heirs',
    pluralName: 'Heirs',
    description: null,
    iconName: 'Users',
    isActive: true,
    permissionCategory: 'deals',
  };
  const user = { permissions: { leads: { read: true }, deals: { read: true }, clients: { read: false } } };

  it('lists active objects the user may read, linking to their records', () => {
    const items = objectNavItems(
      [
        heirs,
        { ...heirs, entityType: 'filings', pluralName: 'Court filings', isActive: false },
        { ...heirs, entityType: 'contacts', pluralName: 'Contacts', permissionCategory: 'clients' },
      ],
      user,
      () => icon,
    );
    expect(items.map((entry) => [entry.id, entry.label, entry.href])).toEqual([
      ['object:heirs', 'Heirs', '/objects/heirs'],
    ]);
    expect(isNavItemActive(items[0], '/objects/heirs/42')).toBe(true);
  });

  it('puts them after Deals, or before Settings without Deals', () => {
    const objects = objectNavItems([heirs], { permissions: { deals: { read: true } } }, () => icon);
    expect(withObjectItems(visibleNavItems(user), objects).map((entry) => entry.id)).toEqual([
      'home',
      'leads',
      'deals',
      'object:heirs',
      'settings',
    ]);
    expect(withObjectItems(visibleNavItems({ permissions: {} }), objects).map((entry) => entry.id)).toEqual([
      'home',
      'object:heirs',
      'settings',
    ]);
  });

  it('keeps four objects in the top bar and lists the rest under More', () => {
    const many = ['a', 'b', 'c', 'd', 'e', 'f'].map((type) => ({
      ...heirs,
      entityType: type,
      pluralName: type,
    }));
    const objects = objectNavItems(many, user, () => icon);
    const bar = topBarItems(visibleNavItems(user), objects);
    expect(bar.items.map((entry) => entry.id)).toEqual([
      'home',
      'leads',
      'deals',
      'object:a',
      'object:b',
      'object:c',
      'object:d',
      'settings',
    ]);
    expect(bar.more.map((entry) => entry.id)).toEqual(['object:e', 'object:f']);
    expect(topBarItems(visibleNavItems(user), objects.slice(0, 2)).more).toEqual([]);
  });
});
