import { and, eq } from 'drizzle-orm';
import type { UpdateUserInput } from '../../../common/validation/users';
import { users } from '../../db/schema/identity';
import { permissionsBeyond } from '../../../common/permissions';
import { AppError, badRequest, conflict, forbidden } from '../../lib/app-error';
import { actorCan, type ServiceContext } from '../../lib/service-context';
import { emailTakenMessage } from '../auth/register-organization';
import { hashPassword } from '../auth/password';
import { destroyUserSessions } from '../auth/session-store';
import { normalizePermissionSet, samePermissionSet } from './permission-set';
import { presentUser, userFields } from './present-user';
import { recordUserChanges } from './record-user-changes';
import {
  adminAccountMessage,
  assertAnotherActiveAdmin,
  assertMaySetAccess,
  assertSeatAvailable,
  assertTeamInOrganization,
  assertWithinOwnPermissions,
  emailTaken,
  findUser,
  isUniqueViolation,
  lockOrganization,
  grantsFreely,
  ownAccessMessage,
  ownerProtectedMessage,
  resolveUserPermissions,
  selfDeactivateMessage,
  signInDetailsMessage,
} from './user-rules';

/**
 * Changes a user of the caller's organization. A new password (set by someone else) is
 * temporary: the user must change it, and their sessions end. Deactivation ends them too.
 */
export async function updateUser(ctx: ServiceContext, id: string, input: UpdateUserInput) {
  const { actor } = ctx;
  const target = await findUser(ctx, id);
  const self = target.id === actor.id;
  const email = input.email?.trim().toLowerCase();

  const permissions = input.permissions ? normalizePermissionSet(input.permissions) : undefined;
  const changes = {
    email: email !== undefined && email !== target.email,
    role: input.role !== undefined && input.role !== target.role,
    team: input.teamId !== undefined && input.teamId !== target.teamId,
    status: input.status !== undefined && input.status !== target.status,
    password: Boolean(input.password),
    // The form sends the whole matrix back: only a different set is a change.
    permissions: permissions !== undefined && !samePermissionSet(permissions, target.permissions),
  };
  const changesAccess = changes.role || changes.team || changes.permissions;

  if (changesAccess) {
    if (self) throw forbidden(ownAccessMessage);
    assertMaySetAccess(actor);
  }
  // The owner's access (address, password, role, status, permissions) is theirs alone to change.
  if (
    target.isOwner &&
    !self &&
    (changes.email || changes.role || changes.status || changes.password || changes.permissions)
  ) {
    throw new AppError(403, ownerProtectedMessage);
  }
  // An admin account holds every permission: only someone who may hand those out may change it.
  if (target.role === 'admin' && !self && !actorCan(actor, 'users', 'manage_permissions')) {
    throw forbidden(adminAccountMessage);
  }
  if (self && changes.status && input.status === 'inactive') throw badRequest(selfDeactivateMessage);
  if (changes.email && email && (await emailTaken(ctx.db, email, target.id))) {
    throw conflict(emailTakenMessage);
  }
  if (input.teamId) await assertTeamInOrganization(ctx.db, ctx.orgId, input.teamId);
  if (!grantsFreely(actor) && !self && (changesAccess || changes.email || changes.password)) {
    const before = await resolveUserPermissions(ctx.db, ctx.orgId, target);
    // Whoever sets someone's sign-in details can act as them: only for users who reach no further.
    if ((changes.email || changes.password) && permissionsBeyond(before, actor.permissions).length > 0) {
      throw forbidden(signInDetailsMessage);
    }
    if (changesAccess) {
      const after = await resolveUserPermissions(ctx.db, ctx.orgId, {
        role: input.role ?? target.role,
        teamId: input.teamId !== undefined ? input.teamId : target.teamId,
        permissions: permissions ?? target.permissions,
      });
      assertWithinOwnPermissions(actor, after, before);
    }
  }

  const password = input.password ? await hashPassword(input.password) : undefined;
  const endsSessions = changes.password || (changes.status && input.status === 'inactive');

  try {
    return await ctx.db.transaction(async (tx) => {
      const organization = await lockOrganization(tx, ctx.orgId);
      if (changes.status && input.status === 'active') await assertSeatAvailable(tx, organization);
      const losesAdmin =
        target.role === 'admin' &&
        target.status === 'active' &&
        ((changes.role && input.role !== 'admin') || (changes.status && input.status === 'inactive'));
      if (losesAdmin) await assertAnotherActiveAdmin(tx, ctx.orgId, target.id);

      const [user] = await tx
        .update(users)
        .set({
          ...(email !== undefined && { email }),
          ...(input.firstName !== undefined && { firstName: input.firstName }),
          ...(input.lastName !== undefined && { lastName: input.lastName }),
          ...(input.role !== undefined && { role: input.role }),
          ...(input.status !== undefined && { status: input.status }),
          ...(input.teamId !== undefined && { teamId: input.teamId }),
          ...(permissions !== undefined && { permissions }),
          // Someone else's choice of password is temporary; one's own is not.
          ...(password !== undefined && { password, mustChangePassword: !self }),
          updatedAt: new Date(),
        })
        .where(and(eq(users.id, target.id), eq(users.organizationId, ctx.orgId)))
        .returning(userFields);
      await recordUserChanges(tx, ctx, target, user, password !== undefined);
      // One's own password change keeps the session in use; everyone else is signed out everywhere.
      if (endsSessions) await destroyUserSessions(tx, target.id, self ? actor.sessionId : undefined);
      return presentUser(user);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(emailTakenMessage);
    throw error;
  }
}
