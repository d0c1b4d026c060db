import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionActions, permissionCategories } from '../../../common/permissions';
import { permissions } from '../../db/schema/identity';
import { registerOrganizationOwner } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { call, newOrganization, signedInMember } from '../users/test-helpers';
import { permissionNotFoundMessage, seedPermissionCatalogue } from './permission-catalogue';

const superAdminEmail = 'root.catalogue@example.com';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ superAdminEmails: [superAdminEmail] });
});
afterAll(() => t.close());

const everyBox = permissionCategories.flatMap((category) =>
  permissionActions[category].map((action) => `${category}:${action}`),
);

describe('the permission catalogue', () => {
  it('holds one entry per category × action, seeded at start-up, idempotently', async () => {
    await seedPermissionCatalogue(t.db);
    const rows = await t.db.select().from(permissions);
    expect(rows.map((r) => `${r.category}:${r.action}`).toSorted()).toEqual(everyBox.toSorted());
    for (const row of rows) {
      expect(row.name.length).toBeGreaterThanOrEqual(2);
      expect(row.resource).toBe(row.category);
    }
  });

  it('GET /api/permissions lists it in the matrix order for any signed-in user; 401 signed out', async () => {
    const owner = await newOrganization(t.app, t.db);
    const member = await signedInMember(t.app, owner, { permissions: { users: { read: false } } });
    const res = await call(t.app, 'GET', '/api/permissions', member.cookie);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as {
      category: string;
      action: string;
      name: string;
      description: string;
    }[];
    expect(items.map((i) => `${i.category}:${i.action}`)).toEqual(everyBox);
    expect(items.find((i) => i.category === 'users' && i.action === 'manage_permissions')).toMatchObject({
      name: 'Manage user permissions',
      description: "Set users' roles, teams and permissions",
    });
    expect((await call(t.app, 'GET', '/api/permissions')).statusCode).toBe(401);
  });

  it('super admins reword names and descriptions (spec validation); others get 403; the seed keeps the wording', async () => {
    const root = await registerOrganizationOwner(t.app, { email: superAdminEmail });
    const owner = await newOrganization(t.app, t.db);
    const [entry] = await t.db.select().from(permissions).where(eq(permissions.action, 'delete')).limit(1);
    const url = `/api/super-admin/permissions/${entry.id}`;

    expect((await call(t.app, 'PATCH', url, owner.cookie, { name: 'Nope' })).statusCode).toBe(403);
    const invalid = await call(t.app, 'PATCH', url, root.cookie, { name: 'X' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      message: 'Validation failed',
      errors: [{ path: 'name', message: 'Name must be at least 2 characters' }],
    });
    const missing = await call(
      t.app,
      'PATCH',
      '/api/super-admin/permissions/00000000-0000-4000-8000-000000000000',
      root.cookie,
      {
        name: 'Gone',
      },
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: permissionNotFoundMessage });

    const res = await call(t.app, 'PATCH', url, root.cookie, {
      name: 'Erase records',
      description: 'Remove them for good',
      category: 'settings',
      action: 'manage',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Erase records',
      description: 'Remove them for good',
      category: entry.category,
      action: 'delete',
    });
    await seedPermissionCatalogue(t.db);
    const [kept] = await t.db.select().from(permissions).where(eq(permissions.id, entry.id));
    expect(kept).toMatchObject({ name: 'Erase records', category: entry.category, action: 'delete' });
  });

  it('at start-up adds an entry that is missing and puts back a changed resource, touching nothing else', async () => {
    const [first, second] = await t.db.select().from(permissions).orderBy(permissions.id).limit(2);
    if (!first || !second) throw new Error('the catalogue is empty');
    await t.db.delete(permissions).where(eq(permissions.id, first.id));
    await t.db.update(permissions).set({ resource: 'elsewhere' }).where(eq(permissions.id, second.id));
    const before = await t.db.select().from(permissions);
    await seedPermissionCatalogue(t.db);
    const after = await t.db.select().from(permissions);
    expect(after.map((r) => `${r.category}:${r.action}`).toSorted()).toEqual(everyBox.toSorted());
    expect(after.find((r) => r.id === second.id)?.resource).toBe(second.category);
    const untouched = before.filter((r) => r.id !== second.id);
    expect(after.filter((r) => untouched.some((u) => u.id === r.id))).toEqual(
      expect.arrayContaining(untouched),
    );
  });
});
