import type { PermissionSet, Role } from '../../../common/permissions';
import type { Database } from '../../db';
import type { ServiceContext } from '../../lib/service-context';
import { permissionChanges } from '../audit/audit-events';
import { recordAuditEvent } from '../audit/record-audit-event';

interface UserState {
  id: string;
  email: string;
  role: Role;
  status: 'active' | 'inactive';
  teamId: string | null;
  permissions: PermissionSet | null;
}

/**
 * The audit events of one user update (a single PATCH can change the role and the permissions at
 * once: one event each), by comparing the user before and after, in the update's transaction.
 */
export async function recordUserChanges(
  tx: Database,
  ctx: ServiceContext,
  before: UserState,
  after: UserState,
  passwordSet: boolean,
) {
  const target = { resource: 'users', resourceId: after.id } as const;
  const email = after.email;
  if (before.email !== after.email) {
    await recordAuditEvent(tx, ctx, {
      action: 'user.email_changed',
      ...target,
      details: { from: before.email, to: after.email },
    });
  }
  if (before.role !== after.role) {
    await recordAuditEvent(tx, ctx, {
      action: 'user.role_changed',
      ...target,
      details: { email, from: before.role, to: after.role },
    });
  }
  if (before.teamId !== after.teamId) {
    await recordAuditEvent(tx, ctx, {
      action: 'user.team_changed',
      ...target,
      details: { email, from: before.teamId, to: after.teamId },
    });
  }
  const { granted, revoked } = permissionChanges(before.permissions, after.permissions);
  if (granted.length > 0 || revoked.length > 0) {
    await recordAuditEvent(tx, ctx, {
      action: 'user.permissions_changed',
      ...target,
      details: { email, granted, revoked },
    });
  }
  if (before.status !== after.status) {
    const action = after.status === 'inactive' ? 'user.deactivated' : 'user.reactivated';
    await recordAuditEvent(tx, ctx, { action, ...target, details: { email } });
  }
  // One's own new password is a password change; someone else's is a reset they must follow up.
  if (passwordSet) {
    const own = after.id === ctx.actor.id;
    await recordAuditEvent(tx, ctx, {
      action: own ? 'auth.password_changed' : 'user.password_reset',
      ...target,
      details: own ? null : { email },
    });
  }
}
