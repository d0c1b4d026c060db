import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { users } from '../../db/schema/identity';

export interface SuperAdmin {
  id: string;
  name: string;
  email: string;
}

/**
 * The platform's active super admins (marked isSuperAdmin or named in SUPER_ADMIN_EMAILS), who a
 * service request can be assigned to. `onlyId` narrows the question to one user.
 */
export async function listSuperAdmins(
  db: Database,
  superAdminEmails: readonly string[],
  onlyId?: string,
): Promise<SuperAdmin[]> {
  const emails = [...new Set(superAdminEmails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  const rows = await db
    .select({
      id: users.id,
      name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      email: users.email,
    })
    .from(users)
    .where(
      and(
        eq(users.status, 'active'),
        emails.length
          ? or(eq(users.isSuperAdmin, true), inArray(users.email, emails))
          : eq(users.isSuperAdmin, true),
        onlyId ? eq(users.id, onlyId) : undefined,
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(500);
  return rows;
}
