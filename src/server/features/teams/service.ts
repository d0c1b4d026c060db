import { and, eq, ilike, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { teamStatuses } from '../../../common/allowed-values';
import type { CreateTeamInput, UpdateTeamInput } from '../../../common/validation/teams';
import { type PermissionSet, permissionsBeyond } from '../../../common/permissions';
import { teams } from '../../db/schema/identity';
import { forbidden, notFound } from '../../lib/app-error';
import { containsPattern, type KeysetSpec, listQuerySchema, paginate } from '../../lib/keyset-pagination';
import { actorCan, type Actor, isUuid, type ServiceContext } from '../../lib/service-context';
import { permissionChanges } from '../audit/audit-events';
import { recordAuditEvent } from '../audit/record-audit-event';
import { normalizePermissionSet } from '../users/permission-set';
import { grantBeyondOwnMessage, grantsFreely } from '../users/user-rules';
import { presentTeam, teamFields } from './present-team';

export const teamNotFoundMessage = 'Team not found';
export const manageTeamPermissionsMessage = "You don't have permission to manage team permissions";

export const listTeamsQuerySchema = listQuerySchema.extend({
  status: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(teamStatuses, { error: 'Invalid status' }).optional(),
  ),
});

export type ListTeamsQuery = z.infer<typeof listTeamsQuerySchema>;

export const teamListSpec: KeysetSpec = {
  sortable: {
    name: teams.name,
    status: teams.status,
    createdAt: teams.createdAt,
    updatedAt: teams.updatedAt,
  },
  defaultSort: 'name',
  id: teams.id,
};

export async function listTeams(ctx: ServiceContext, query: ListTeamsQuery) {
  const filters: (SQL | undefined)[] = [eq(teams.organizationId, ctx.orgId)];
  if (query.search) filters.push(ilike(teams.name, containsPattern(query.search)));
  if (query.status) filters.push(eq(teams.status, query.status));
  return paginate(
    { db: ctx.db, from: teams, fields: teamFields, where: and(...filters), spec: teamListSpec, query },
    presentTeam,
  );
}

export async function getTeam(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(teamNotFoundMessage);
  const [team] = await ctx.db
    .select(teamFields)
    .from(teams)
    .where(and(eq(teams.id, id), eq(teams.organizationId, ctx.orgId)))
    .limit(1);
  if (!team) throw notFound(teamNotFoundMessage);
  return presentTeam(team);
}

/**
 * A team's permissions apply to every member: setting them needs teams:manage_permissions, and
 * whoever sets them cannot switch on what they lack themselves (the owner and admins excepted);
 * flags the team already had stay as they are. Re-activating a team switches all of them on again.
 */
function assertMayGrant(
  actor: Actor,
  next: PermissionSet | undefined,
  previous: PermissionSet | null = null,
) {
  if (next === undefined) return;
  if (!actorCan(actor, 'teams', 'manage_permissions')) throw forbidden(manageTeamPermissionsMessage);
  assertWithinOwn(actor, next, previous);
}

function assertWithinOwn(actor: Actor, next: PermissionSet, previous: PermissionSet | null) {
  if (grantsFreely(actor)) return;
  const beyond = permissionsBeyond(next, actor.permissions, previous ?? {});
  if (beyond.length > 0) throw forbidden(grantBeyondOwnMessage(beyond));
}

export async function createTeam(ctx: ServiceContext, input: CreateTeamInput) {
  const permissions = input.permissions ? normalizePermissionSet(input.permissions) : undefined;
  assertMayGrant(ctx.actor, permissions);
  const [team] = await ctx.db
    .insert(teams)
    .values({
      organizationId: ctx.orgId,
      name: input.name,
      description: input.description ?? null,
      permissions: permissions ?? null,
      status: input.status,
    })
    .returning({ id: teams.id });
  return getTeam(ctx, team.id);
}

export async function updateTeam(ctx: ServiceContext, id: string, input: UpdateTeamInput) {
  const before = await getTeam(ctx, id);
  const permissions = input.permissions ? normalizePermissionSet(input.permissions) : undefined;
  const reactivates = input.status === 'active' && before.status !== 'active';
  if (permissions !== undefined) {
    assertMayGrant(ctx.actor, permissions, reactivates ? null : before.permissions);
  } else if (reactivates) {
    assertWithinOwn(ctx.actor, before.permissions ?? {}, null);
  }
  await ctx.db.transaction(async (tx) => {
    const [after] = await tx
      .update(teams)
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.description !== undefined && { description: input.description }),
        ...(input.status !== undefined && { status: input.status }),
        ...(permissions !== undefined && { permissions }),
        updatedAt: new Date(),
      })
      .where(and(eq(teams.id, id), eq(teams.organizationId, ctx.orgId)))
      .returning({ name: teams.name, permissions: teams.permissions });
    const changes = permissionChanges(before.permissions, after.permissions);
    if (changes.granted.length > 0 || changes.revoked.length > 0) {
      const details = { team: after.name, ...changes };
      await recordAuditEvent(tx, ctx, {
        action: 'team.permissions_changed',
        resource: 'teams',
        resourceId: id,
        details,
      });
    }
  });
  return getTeam(ctx, id);
}

/** Deletes a team; its members stay, without a team (users.team_id is set null by the foreign key). */
export async function deleteTeam(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(teamNotFoundMessage);
  const deleted = await ctx.db
    .delete(teams)
    .where(and(eq(teams.id, id), eq(teams.organizationId, ctx.orgId)))
    .returning({ id: teams.id });
  if (deleted.length === 0) throw notFound(teamNotFoundMessage);
}
