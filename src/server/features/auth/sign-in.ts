import { eq } from 'drizzle-orm';
import type { Database } from '../../db';
import { organizations, users } from '../../db/schema/identity';
import { AppError } from '../../lib/app-error';
import { verifyPassword } from './password';

export const invalidCredentialsMessage = 'Invalid email or password';

/**
 * Checks an e-mail and password. Unknown e-mail, wrong password and an inactive account all
 * answer the same message after the same argon2 work, so nothing reveals which accounts exist.
 */
export async function verifyCredentials(db: Database, email: string, password: string) {
  const [row] = await db
    .select({
      id: users.id,
      organizationId: users.organizationId,
      password: users.password,
      status: users.status,
      organizationStatus: organizations.status,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  const valid = await verifyPassword(row?.password, password);
  if (!row || !valid || row.status !== 'active' || row.organizationStatus !== 'active') {
    throw new AppError(401, invalidCredentialsMessage);
  }
  return { id: row.id, organizationId: row.organizationId };
}
