import { and, count, eq, ne } from 'drizzle-orm';
import {
  type PermissionSet,
  permissionsBeyond,
  type ResolvedPermissions,
  type Role,
  resolvePermissions,
} from '../../../common/permissions';
import type { Database } from '../../db';
import { organizations, teams, users } from '../../db/schema/identity';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import { type Actor, actorCan, isUuid, type ServiceContext } from '../../lib/service-context';
import { getSystemConfig } from '../system-config/get-system-config';
import { userFields } from './present-user';

export const userNotFoundMessage = 'User not found';
export const teamNotFoundMessage = 'Team not found';
export const ownerProtectedMessage = 'The organization owner cannot be changed by other users';
export const lastAdminMessage =
  'The organization must keep at least one active admin. Make another user an admin first.';
export const selfDeleteMessage = 'You cannot delete your own account';
export const selfDeactivateMessage = 'You cannot deactivate your own account';
export const managePermissionsMessage =
  "Only users who can manage permissions can set a user's role, team or permissions";
export const ownAccessMessage = 'You cannot change your own role, team or permissions';
export const signInDetailsMessage =
  "You cannot change the email or password of a user who holds permissions you don't have";
export const grantBeyondOwnMessage = (beyond: string[]) =>
  `You cannot grant permissions you don't have yourself: ${beyond.join(', ')}`;
export const adminAccountMessage =
  'Only users who can manage permissions can create, change or remove admins';

/** A user of the caller's organization (no password hash), or 404: another organization's id is "not found". */
export async function findUser(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(userNotFoundMessage);
  const [user] = await ctx.db
    .select(userFields)
    .from(users)
    .where(and(eq(users.id, id), eq(users.organizationId, ctx.orgId)))
    .limit(1);
  if (!user) throw notFound(userNotFoundMessage);
  return user;
}

/** A team of the caller's organization, or 404 "Team not found" (also for another organization's team). */
export async function assertTeamInOrganization(db: Database, orgId: string, teamId: string) {
  const [team] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.organizationId, orgId)))
    .limit(1);
  if (!team) throw notFound(teamNotFoundMessage);
}

/**
 * A user's role, team and personal overrides decide what they may do: only someone who may manage
 * permissions sets them, otherwise users:create or users:update would be a way up.
 */
export function assertMaySetAccess(actor: Actor) {
  if (!actorCan(actor, 'users', 'manage_permissions')) throw forbidden(managePermissionsMessage);
}

/** The owner and admins hold every permission by role: only they may hand out what they lack. */
export function grantsFreely(actor: Actor): boolean {
  return actor.isSuperAdmin || actor.isOwner || actor.role === 'admin';
}

/** What a user with this role, team and overrides may do (an inactive team grants nothing, as at sign-in). */
export async function resolveUserPermissions(
  db: Database,
  orgId: string,
  user: { role: Role; teamId: string | null; permissions: PermissionSet | null },
): Promise<ResolvedPermissions> {
  let teamPermissions: PermissionSet | null = null;
  if (user.teamId) {
    const [team] = await db
      .select({ permissions: teams.permissions })
      .from(teams)
      .where(and(eq(teams.id, user.teamId), eq(teams.organizationId, orgId), eq(teams.status, 'active')))
      .limit(1);
    teamPermissions = team?.permissions ?? null;
  }
  return resolvePermissions(user.role, teamPermissions, user.permissions);
}

/**
 * Nobody hands out more than they hold: `next` may add to `previous` only permissions the actor
 * has (the owner and admins excepted). Someone else's known password is a grant too, so a new
 * account counts as granting all it resolves to.
 */
export function assertWithinOwnPermissions(
  actor: Actor,
  next: ResolvedPermissions,
  previous?: ResolvedPermissions,
) {
  if (grantsFreely(actor)) return;
  const beyond = permissionsBeyond(next, actor.permissions, previous);
  if (beyond.length > 0) throw forbidden(grantBeyondOwnMessage(beyond));
}

/**
 * Locks the organization row for the rest of the transaction, so concurrent writes that count
 * users (seats, admins) run one after another instead of both passing the same check.
 */
export async function lockOrganization(tx: Database, orgId: string) {
  const [organization] = await tx
    .select({ id: organizations.id, maxUsers: organizations.maxUsers })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .for('update');
  if (!organization) throw notFound('Organization not found');
  return organization;
}

/**
 * Active users are limited by the plan (organizations.maxUsers) and by the platform
 * (system_config.maxUsersPerOrg); call inside the transaction, after `lockOrganization`.
 */
export async function assertSeatAvailable(tx: Database, organization: { id: string; maxUsers: number }) {
  const config = await getSystemConfig(tx);
  const [{ active }] = await tx
    .select({ active: count() })
    .from(users)
    .where(and(eq(users.organizationId, organization.id), eq(users.status, 'active')));
  const limit = Math.min(organization.maxUsers, config.maxUsersPerOrg);
  if (active < limit) return;
  const message =
    organization.maxUsers <= config.maxUsersPerOrg
      ? `Your plan allows at most ${limit} active users. Deactivate a user or upgrade your plan.`
      : `The platform allows at most ${limit} active users per organization. Deactivate a user first.`;
  throw new AppError(403, message);
}

/** Refuses a change that would leave the organization without an active admin. */
export async function assertAnotherActiveAdmin(tx: Database, orgId: string, exceptUserId: string) {
  const [{ admins }] = await tx
    .select({ admins: count() })
    .from(users)
    .where(
      and(
        eq(users.organizationId, orgId),
        eq(users.role, 'admin'),
        eq(users.status, 'active'),
        ne(users.id, exceptUserId),
      ),
    );
  if (admins === 0) throw new AppError(409, lastAdminMessage);
}

/** organizations.totalUsers follows every user created or deleted (all users, active or not). */
export async function syncTotalUsers(tx: Database, orgId: string) {
  const [{ total }] = await tx.select({ total: count() }).from(users).where(eq(users.organizationId, orgId));
  await tx.update(organizations).set({ totalUsers: total }).where(eq(organizations.id, orgId));
}

/** A duplicate key (the e-mail's unique index) lost to a concurrent insert. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export async function emailTaken(db: Database, email: string, exceptUserId?: string) {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId ? and(eq(users.email, email), ne(users.id, exceptUserId)) : eq(users.email, email))
    .limit(1);
  return Boolean(taken);
}
