import { and, asc, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { organizations, users } from '../../db/schema/identity';
import { tenantAnalytics } from '../../db/schema/platform';
import { notFound } from '../../lib/app-error';
import { isUuid } from '../../lib/service-context';
import { recountStorageUsed } from './organization-usage';
import {
  organizationNotFoundMessage,
  type PlatformOrganizationRow,
  platformOrganizationFields,
  presentPlatformOrganization,
} from './present-organization';

/** The detail lists this many members; an organization's seats rarely reach it. */
export const detailUserLimit = 200;
const analyticsDays = 30;

/** The organization's row locked for the rest of the transaction; 404 when it does not exist. */
export async function lockPlatformOrganization(tx: Database, id: string) {
  if (!isUuid(id)) throw notFound(organizationNotFoundMessage);
  const [row] = await tx.select().from(organizations).where(eq(organizations.id, id)).for('update');
  if (!row) throw notFound(organizationNotFoundMessage);
  return row;
}

/** The organization's row as the platform answers it; 404 for an unknown or malformed id. */
export async function findPlatformOrganization(db: Database, id: string) {
  if (!isUuid(id)) throw notFound(organizationNotFoundMessage);
  const [row] = await db
    .select(platformOrganizationFields)
    .from(organizations)
    .where(eq(organizations.id, id));
  if (!row) throw notFound(organizationNotFoundMessage);
  return presentPlatformOrganization(row as PlatformOrganizationRow);
}

/**
 * GET /api/super-admin/organizations/:id: the organization, its members (for "Open as this user")
 * and its usage, with the last 30 days of tenant analytics when any were collected. Storage is
 * recounted here, so the detail is exact even where a file path does not add its bytes.
 */
export async function getPlatformOrganization(db: Database, id: string) {
  if (!isUuid(id)) throw notFound(organizationNotFoundMessage);
  await recountStorageUsed(db, id);
  const organization = await findPlatformOrganization(db, id);
  const since = sql`(now() at time zone 'UTC')::date - ${analyticsDays - 1}::int`;
  const [members, [{ active }], analytics] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
        status: users.status,
        isOwner: users.isOwner,
        isSuperAdmin: users.isSuperAdmin,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(eq(users.organizationId, id))
      .orderBy(
        desc(users.isOwner),
        asc(sql`lower(${users.lastName})`),
        asc(sql`lower(${users.firstName})`),
        asc(users.id),
      )
      .limit(detailUserLimit),
    db
      .select({ active: count() })
      .from(users)
      .where(and(eq(users.organizationId, id), eq(users.status, 'active'))),
    db
      .select({
        date: tenantAnalytics.date,
        activeUsers: tenantAnalytics.activeUsers,
        totalLogins: tenantAnalytics.totalLogins,
        apiCalls: tenantAnalytics.apiCalls,
        dataUsage: tenantAnalytics.dataUsage,
        errorCount: tenantAnalytics.errorCount,
        avgResponseTime: tenantAnalytics.avgResponseTime,
      })
      .from(tenantAnalytics)
      .where(and(eq(tenantAnalytics.organizationId, id), gte(tenantAnalytics.date, since)))
      .orderBy(asc(tenantAnalytics.date)),
  ]);
  return {
    ...organization,
    users: members,
    usage: {
      totalUsers: organization.totalUsers,
      activeUsers: active,
      maxUsers: organization.maxUsers,
      storageUsed: organization.storageUsed,
      apiCallsMonth: organization.apiCallsMonth,
      lastActivity: organization.lastActivity,
    },
    analytics,
  };
}
