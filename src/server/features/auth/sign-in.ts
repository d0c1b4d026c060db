import { eq } from 'drizzle-orm';
import type { Database } from '../../db';
import { organizations, users } from '../../db/schema/identity';
import { AppError } from '../../lib/app-error';
import { stampOrganizationActivity } from '../platform-organizations/organization-usage';
import { verifyPassword } from './password';

export const invalidCredentialsMessage = 'Invalid email or password';
export const organizationSuspendedMessage = 'This organization is suspended';

/**
 * Checks an e-mail and password. Unknown e-mail, wrong password and an inactive account all
 * answer the same message after the same argon2 work, so nothing reveals which accounts exist.
 * Only someone who knows the password of an active account learns that its organization is
 * suspended (403): they are its member, and "invalid password" would send them chasing a reset.
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
  if (!row || !valid || row.status !== 'active') throw new AppError(401, invalidCredentialsMessage);
  if (row.organizationStatus === 'suspended') throw new AppError(403, organizationSuspendedMessage);
  if (row.organizationStatus !== 'active') throw new AppError(401, invalidCredentialsMessage);
  await stampOrganizationActivity(db, row.organizationId);
  return { id: row.id, organizationId: row.organizationId };
}
