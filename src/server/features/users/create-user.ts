import type { CreateUserInput } from '../../../common/validation/users';
import { users } from '../../db/schema/identity';
import { conflict } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { emailTakenMessage } from '../auth/register-organization';
import { hashPassword } from '../auth/password';
import { permissionChanges } from '../audit/audit-events';
import { recordAuditEvent } from '../audit/record-audit-event';
import { normalizePermissionSet } from './permission-set';
import type { Transaction } from '../../lib/transaction';
import { presentUser, type UserItem, userFields } from './present-user';
import {
  assertMaySetAccess,
  assertSeatAvailable,
  assertTeamInOrganization,
  assertWithinOwnPermissions,
  emailTaken,
  isUniqueViolation,
  lockOrganization,
  resolveUserPermissions,
  syncTotalUsers,
} from './user-rules';

/** How the new user gets a password of their own, beyond today's temporary-password flow. */
export interface CreateUserOptions {
  /** Default true: the admin chose the password, so the user must change it at first sign-in. */
  mustChangePassword?: boolean;
  /** Runs in the creating transaction (an invitation's token and e-mail). */
  afterCreate?: (tx: Transaction, user: UserItem) => Promise<void>;
}

/**
 * Adds a user to the caller's organization with a temporary password: they must choose their
 * own at first sign-in (mustChangePassword). Invitations reuse it with an unusable password.
 */
export async function createUser(
  ctx: ServiceContext,
  input: CreateUserInput,
  options: CreateUserOptions = {},
) {
  const permissions = input.permissions ? normalizePermissionSet(input.permissions) : null;
  const teamId = input.teamId ?? null;
  // Anything but a plain user without a team or overrides is a choice of access.
  if (input.role !== 'user' || teamId || permissions) assertMaySetAccess(ctx.actor);
  const email = input.email.trim().toLowerCase();
  if (await emailTaken(ctx.db, email)) throw conflict(emailTakenMessage);
  if (teamId) await assertTeamInOrganization(ctx.db, ctx.orgId, teamId);
  // The creator knows the temporary password: the new account must not reach further than they do.
  assertWithinOwnPermissions(
    ctx.actor,
    await resolveUserPermissions(ctx.db, ctx.orgId, { role: input.role, teamId, permissions }),
  );
  // argon2 runs before the transaction: no row lock is held during the hashing.
  const password = await hashPassword(input.password);
  try {
    return await ctx.db.transaction(async (tx) => {
      const organization = await lockOrganization(tx, ctx.orgId);
      if (input.status === 'active') await assertSeatAvailable(tx, organization);
      const [user] = await tx
        .insert(users)
        .values({
          organizationId: ctx.orgId,
          email,
          password,
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          role: input.role,
          status: input.status,
          teamId,
          permissions,
          mustChangePassword: options.mustChangePassword ?? true,
        })
        .returning(userFields);
      await syncTotalUsers(tx, ctx.orgId);
      await recordAuditEvent(tx, ctx, {
        action: 'user.created',
        resource: 'users',
        resourceId: user.id,
        details: { email, role: user.role, granted: permissionChanges(null, user.permissions).granted },
      });
      const created = presentUser(user);
      await options.afterCreate?.(tx, created);
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(emailTakenMessage);
    throw error;
  }
}
