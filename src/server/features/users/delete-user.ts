import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema/identity';
import { AppError, badRequest, forbidden } from '../../lib/app-error';
import { actorCan, type ServiceContext } from '../../lib/service-context';
import { destroyUserSessions } from '../auth/session-store';
import { recordAuditEvent } from '../audit/record-audit-event';
import {
  adminAccountMessage,
  assertAnotherActiveAdmin,
  findUser,
  lockOrganization,
  ownerProtectedMessage,
  selfDeleteMessage,
  syncTotalUsers,
} from './user-rules';

/** Removes a user; their sessions end and the records they owned keep a null owner (FK set null). */
export async function deleteUser(ctx: ServiceContext, id: string) {
  const target = await findUser(ctx, id);
  if (target.id === ctx.actor.id) throw badRequest(selfDeleteMessage);
  if (target.isOwner) throw new AppError(403, ownerProtectedMessage);
  if (target.role === 'admin' && !actorCan(ctx.actor, 'users', 'manage_permissions')) {
    throw forbidden(adminAccountMessage);
  }
  await ctx.db.transaction(async (tx) => {
    await lockOrganization(tx, ctx.orgId);
    if (target.role === 'admin' && target.status === 'active') {
      await assertAnotherActiveAdmin(tx, ctx.orgId, target.id);
    }
    // The sessions' foreign key cascades too; ending them explicitly does not depend on it.
    await destroyUserSessions(tx, target.id);
    await tx.delete(users).where(and(eq(users.id, target.id), eq(users.organizationId, ctx.orgId)));
    await syncTotalUsers(tx, ctx.orgId);
    await recordAuditEvent(tx, ctx, {
      action: 'user.deleted',
      resource: 'users',
      resourceId: target.id,
      details: { email: target.email, name: `${target.firstName} ${target.lastName}`, role: target.role },
    });
  });
}
