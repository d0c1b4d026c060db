import { asc, eq, sql } from 'drizzle-orm';
import { permissionActions, permissionCatalogue, permissionCategories } from '../../../common/permissions';
import type { UpdatePermissionInput } from '../../../common/validation/permissions';
import type { Database } from '../../db';
import { permissions } from '../../db/schema/identity';
import { notFound } from '../../lib/app-error';
import { isUuid } from '../../lib/service-context';

export const permissionNotFoundMessage = 'Permission not found';

const catalogueKey = (entry: { category: string; action: string; resource: string }) =>
  `${entry.category}\n${entry.action}\n${entry.resource}`;

/**
 * One catalogue entry per category × action of the permission model, upserted on the unique
 * (category, action) index: a new action appears at the next start, and names or descriptions a
 * super admin reworded are kept. Read first, so that the usual start, which finds the catalogue
 * complete, writes nothing (issue 21 §5).
 */
export async function seedPermissionCatalogue(db: Database) {
  const stored = new Set(
    (
      await db
        .select({
          category: permissions.category,
          action: permissions.action,
          resource: permissions.resource,
        })
        .from(permissions)
    ).map(catalogueKey),
  );
  const changed = permissionCatalogue.filter((entry) => !stored.has(catalogueKey(entry)));
  if (changed.length === 0) return;
  await db
    .insert(permissions)
    .values(changed)
    .onConflictDoUpdate({
      target: [permissions.category, permissions.action],
      set: { resource: sql`excluded.resource` },
    });
}

const fields = {
  id: permissions.id,
  name: permissions.name,
  description: permissions.description,
  category: permissions.category,
  action: permissions.action,
  resource: permissions.resource,
  updatedAt: permissions.updatedAt,
};

type Entry = { category: string; action: string };

const categoryIndex = (e: Entry) => permissionCategories.indexOf(e.category as never);
const actionIndex = (e: Entry) =>
  (permissionActions as Record<string, readonly string[]>)[e.category]?.indexOf(e.action) ?? -1;

/** The matrix's order: categories, then actions, as the permission model lists them. */
function matrixOrder(a: Entry, b: Entry) {
  return categoryIndex(a) - categoryIndex(b) || actionIndex(a) - actionIndex(b);
}

/** GET /api/permissions: the catalogue, in the matrix's order. */
export async function listPermissions(db: Database) {
  const rows = await db.select(fields).from(permissions).orderBy(asc(permissions.category));
  return { items: rows.toSorted(matrixOrder) };
}

/** PATCH /api/super-admin/permissions/:id: a new name or description (what the box means stays). */
export async function updatePermission(db: Database, id: string, input: UpdatePermissionInput) {
  if (!isUuid(id)) throw notFound(permissionNotFoundMessage);
  const [row] = await db
    .update(permissions)
    .set({
      ...(input.name !== undefined && { name: input.name }),
      ...(input.description !== undefined && { description: input.description }),
      updatedAt: new Date(),
    })
    .where(eq(permissions.id, id))
    .returning(fields);
  if (!row) throw notFound(permissionNotFoundMessage);
  return row;
}
