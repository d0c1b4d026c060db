import { and, eq, sql } from 'drizzle-orm';
import { teams, users } from '../../db/schema/identity';

/** The columns of a team answer; `memberCount` is a scalar subquery, so a list is one query (no N+1). */
export const teamFields = {
  id: teams.id,
  name: teams.name,
  description: teams.description,
  permissions: teams.permissions,
  status: teams.status,
  memberCount: sql<number>`(select count(*)::int from ${users} where ${and(
    eq(users.teamId, teams.id),
    eq(users.organizationId, teams.organizationId),
  )})`.mapWith(Number),
  createdAt: teams.createdAt,
  updatedAt: teams.updatedAt,
};

type Team = typeof teams.$inferSelect;
export type TeamRow = Pick<
  Team,
  'id' | 'name' | 'description' | 'permissions' | 'status' | 'createdAt' | 'updatedAt'
> & {
  memberCount: number;
};

export function presentTeam(row: TeamRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    permissions: row.permissions ?? null,
    status: row.status,
    memberCount: row.memberCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export type TeamItem = ReturnType<typeof presentTeam>;
