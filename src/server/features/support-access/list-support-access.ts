import { and, count, eq, ilike, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Database } from '../../db';
import { organizations, users } from '../../db/schema/identity';
import { supportAccessSessions } from '../../db/schema/platform';
import {
  containsPattern,
  cursorField,
  type KeysetSpec,
  keysetPage,
  listQuerySchema,
  planKeysetPage,
  sortCaseInsensitively,
} from '../../lib/keyset-pagination';
import type { AuthContext } from '../../plugins/session';

const blank = (value: unknown) => (value === '' ? undefined : value);

export const supportAccessStatuses = ['active', 'ended'] as const;

export const listSupportAccessQuerySchema = listQuerySchema.extend({
  organizationId: z.preprocess(blank, z.guid({ error: 'Invalid organization ID' }).optional()),
  status: z.preprocess(
    blank,
    z.enum(supportAccessStatuses, { error: 'Status must be active or ended' }).optional(),
  ),
});

const viewedUsers = alias(users, 'viewed_user');
const superAdmins = alias(users, 'super_admin');

const historySpec: KeysetSpec = {
  sortable: { startedAt: supportAccessSessions.startedAt },
  defaultSort: '-startedAt',
  id: supportAccessSessions.id,
};

type VisitRow = typeof supportAccessSessions.$inferSelect;
type UserRow = typeof users.$inferSelect;

const fullName = (user: Pick<UserRow, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`.trim();

/** A visit as the history and the banner show it: both identities, by name and e-mail. */
export function presentSupportAccess(
  visit: VisitRow,
  organization: { id: string; name: string },
  user: UserRow,
  superAdmin: UserRow,
  now = Date.now(),
) {
  const open = visit.endedAt === null && visit.expiresAt.getTime() > now;
  return {
    id: visit.id,
    organization: { id: organization.id, name: organization.name },
    user: { id: user.id, email: user.email, name: fullName(user) },
    superAdmin: { id: superAdmin.id, email: superAdmin.email, name: fullName(superAdmin) },
    reason: visit.reason,
    startedAt: visit.startedAt,
    expiresAt: visit.expiresAt,
    // A visit past its expiry that no request or sweep has closed yet ended at its expiry.
    endedAt: visit.endedAt ?? (open ? null : visit.expiresAt),
    status: open ? ('active' as const) : ('ended' as const),
  };
}

function selectVisits(db: Database) {
  return db
    .select({
      visit: supportAccessSessions,
      organization: { id: organizations.id, name: organizations.name },
      user: viewedUsers,
      superAdmin: superAdmins,
    })
    .from(supportAccessSessions)
    .innerJoin(organizations, eq(organizations.id, supportAccessSessions.organizationId))
    .innerJoin(viewedUsers, eq(viewedUsers.id, supportAccessSessions.userId))
    .innerJoin(superAdmins, eq(superAdmins.id, supportAccessSessions.superAdminId));
}

/** GET /api/super-admin/support-access: every visit, newest first, filterable and searchable. */
export async function listSupportAccess(db: Database, query: z.infer<typeof listSupportAccessQuerySchema>) {
  const conditions: (SQL | undefined)[] = [];
  if (query.organizationId) conditions.push(eq(supportAccessSessions.organizationId, query.organizationId));
  if (query.status === 'active') {
    conditions.push(isNull(supportAccessSessions.endedAt), sql`${supportAccessSessions.expiresAt} > now()`);
  } else if (query.status === 'ended') {
    conditions.push(
      or(isNotNull(supportAccessSessions.endedAt), sql`${supportAccessSessions.expiresAt} <= now()`),
    );
  }
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(
      or(
        ilike(organizations.name, pattern),
        ilike(viewedUsers.email, pattern),
        ilike(sql`${viewedUsers.firstName} || ' ' || ${viewedUsers.lastName}`, pattern),
        ilike(superAdmins.email, pattern),
        ilike(sql`${superAdmins.firstName} || ' ' || ${superAdmins.lastName}`, pattern),
        ilike(supportAccessSessions.reason, pattern),
      ),
    );
  }
  const where = and(...conditions);
  const plan = planKeysetPage(query, historySpec);
  // Visits are few (a handful a day): the total is counted over the same joins.
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        visit: supportAccessSessions,
        organization: { id: organizations.id, name: organizations.name },
        user: viewedUsers,
        superAdmin: superAdmins,
        id: supportAccessSessions.id,
        [cursorField]: plan.cursorValue,
      })
      .from(supportAccessSessions)
      .innerJoin(organizations, eq(organizations.id, supportAccessSessions.organizationId))
      .innerJoin(viewedUsers, eq(viewedUsers.id, supportAccessSessions.userId))
      .innerJoin(superAdmins, eq(superAdmins.id, supportAccessSessions.superAdminId))
      .where(and(where, plan.after))
      .orderBy(...plan.orderBy)
      .limit(plan.fetch),
    db
      .select({ total: count() })
      .from(supportAccessSessions)
      .innerJoin(organizations, eq(organizations.id, supportAccessSessions.organizationId))
      .innerJoin(viewedUsers, eq(viewedUsers.id, supportAccessSessions.userId))
      .innerJoin(superAdmins, eq(superAdmins.id, supportAccessSessions.superAdminId))
      .where(where),
  ]);
  const now = Date.now();
  return keysetPage(rows, plan, total, (row) =>
    presentSupportAccess(row.visit, row.organization, row.user, row.superAdmin, now),
  );
}

/** GET /api/support-access/current: the visit this session is, for the banner (null outside one). */
export async function getCurrentSupportAccess(db: Database, auth: AuthContext) {
  if (!auth.supportAccess) return { supportAccess: null };
  const [row] = await selectVisits(db).where(eq(supportAccessSessions.id, auth.supportAccess.id)).limit(1);
  return {
    supportAccess: row ? presentSupportAccess(row.visit, row.organization, row.user, row.superAdmin) : null,
  };
}

export const listSupportAccessUsersQuerySchema = listQuerySchema.extend({
  organizationId: z.preprocess(blank, z.guid({ error: 'Invalid organization ID' }).optional()),
});

const userName = sortCaseInsensitively(users.email);
const usersSpec: KeysetSpec = {
  sortable: { email: userName },
  defaultSort: 'email',
  id: users.id,
};

/**
 * GET /api/super-admin/support-access/users: who a visit can be opened as — active users who
 * have chosen their password, in active organizations — searched by name, e-mail or organization.
 */
export async function listSupportAccessUsers(
  db: Database,
  superAdminId: string,
  query: z.infer<typeof listSupportAccessUsersQuerySchema>,
) {
  const conditions: (SQL | undefined)[] = [
    eq(users.status, 'active'),
    eq(users.mustChangePassword, false),
    eq(organizations.status, 'active'),
    ne(users.id, superAdminId),
  ];
  if (query.organizationId) conditions.push(eq(users.organizationId, query.organizationId));
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(
      or(
        ilike(users.email, pattern),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
        ilike(organizations.name, pattern),
      ),
    );
  }
  const where = and(...conditions);
  const plan = planKeysetPage({ ...query, limit: query.limit ?? 20 }, usersSpec);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
        organizationId: organizations.id,
        organizationName: organizations.name,
        [cursorField]: plan.cursorValue,
      })
      .from(users)
      .innerJoin(organizations, eq(organizations.id, users.organizationId))
      .where(and(where, plan.after))
      .orderBy(...plan.orderBy)
      .limit(plan.fetch),
    db
      .select({ total: count() })
      .from(users)
      .innerJoin(organizations, eq(organizations.id, users.organizationId))
      .where(where),
  ]);
  return keysetPage(rows, plan, total, (row) => ({
    id: row.id,
    email: row.email,
    name: fullName(row),
    role: row.role,
    organization: { id: row.organizationId, name: row.organizationName },
  }));
}
