import { describe, expect, it } from 'vitest';
import { apiKeyCeiling, permissionsOfApiKey, roleDefaultPermissions } from './permissions';

const held = (set: Record<string, Record<string, boolean>>) =>
  Object.entries(set).flatMap(([category, actions]) =>
    Object.entries(actions)
      .filter(([, on]) => on)
      .map(([action]) => `${category}:${action}`),
  );

describe('API key levels (docs/decisions/034)', () => {
  it('read holds exactly the read and view actions', () => {
    expect(held(apiKeyCeiling(['read'])).toSorted()).toEqual(
      [
        'leads:read',
        'clients:read',
        'deals:read',
        'companies:read',
        'activities:read',
        'reports:read',
        'documents:read',
        'documents:view',
        'users:read',
        'teams:read',
        'settings:view',
      ].toSorted(),
    );
  });

  it('write adds the CRM records, documents and reports, never users, teams or settings', () => {
    const write = apiKeyCeiling(['write']);
    expect(write.leads).toEqual({ read: true, create: true, update: true, delete: true });
    expect(write.documents.edit).toBe(true);
    expect(write.reports.create).toBe(true);
    expect(write.users).toMatchObject({
      read: true,
      create: false,
      update: false,
      manage_permissions: false,
    });
    expect(write.teams.create).toBe(false);
    expect(write.settings).toEqual({ view: true, update: false, manage: false });
  });

  it('admin holds everything; no level holds nothing', () => {
    expect(apiKeyCeiling(['admin'])).toEqual(roleDefaultPermissions.admin);
    expect(held(apiKeyCeiling([]))).toEqual([]);
  });

  it('never exceeds its creator', () => {
    const user = roleDefaultPermissions.user;
    const key = permissionsOfApiKey(user, ['admin']);
    expect(key).toEqual(user);
    expect(key.leads.delete).toBe(false);
    expect(permissionsOfApiKey(user, ['write']).settings).toEqual({
      view: true,
      update: false,
      manage: false,
    });
    expect(permissionsOfApiKey(roleDefaultPermissions.admin, ['read']).leads.create).toBe(false);
  });
});
