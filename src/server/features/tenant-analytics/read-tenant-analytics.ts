import { and, count, countDistinct, desc, eq, gte, sum } from 'drizzle-orm';
import type { AnalyticsWindow } from '../../../common/validation/tenant-analytics';
import type { Database } from '../../db';
import { organizations } from '../../db/schema/identity';
import { tenantActiveUsers, tenantAnalytics } from '../../db/schema/platform';
import { notFound } from '../../lib/app-error';
import { isUuid } from '../../lib/service-context';

export const defaultAnalyticsWindow: AnalyticsWindow = 30;
const maxOrganizationsListed = 100;

export interface AnalyticsDay {
  date: string;
  activeUsers: number;
  totalLogins: number;
  apiCalls: number;
  /** Bytes stored by the organizations counted that day (as of their last flush of the day). */
  dataUsage: number;
  errorCount: number;
  requestCount: number;
  /** Milliseconds; null on a day without requests. */
  avgResponseTime: number | null;
}

/** The window's days, oldest first, ending today (UTC). */
function windowDays(days: number, now = new Date()): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) =>
    new Date(today - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

const asNumber = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
const average = (totalMs: number, requests: number) => (requests > 0 ? Math.round(totalMs / requests) : null);

/**
 * One series per day (every day of the window, zeros where nothing was counted) and the window's
 * totals, for the platform (every organization added up) or one organization. Active users in
 * the totals are distinct people over the window, not the sum of the days.
 */
async function readSeries(db: Database, days: number, organizationId?: string) {
  const dates = windowDays(days);
  const first = dates[0];
  const inWindow = and(
    gte(tenantAnalytics.date, first),
    organizationId ? eq(tenantAnalytics.organizationId, organizationId) : undefined,
  );
  const rows = await db
    .select({
      date: tenantAnalytics.date,
      activeUsers: sum(tenantAnalytics.activeUsers),
      totalLogins: sum(tenantAnalytics.totalLogins),
      apiCalls: sum(tenantAnalytics.apiCalls),
      dataUsage: sum(tenantAnalytics.dataUsage),
      errorCount: sum(tenantAnalytics.errorCount),
      requestCount: sum(tenantAnalytics.requestCount),
      responseTimeTotalMs: sum(tenantAnalytics.responseTimeTotalMs),
    })
    .from(tenantAnalytics)
    .where(inWindow)
    .groupBy(tenantAnalytics.date);
  const byDate = new Map(rows.map((row) => [row.date, row]));
  const series: AnalyticsDay[] = dates.map((date) => {
    const row = byDate.get(date);
    const requestCount = asNumber(row?.requestCount);
    return {
      date,
      activeUsers: asNumber(row?.activeUsers),
      totalLogins: asNumber(row?.totalLogins),
      apiCalls: asNumber(row?.apiCalls),
      dataUsage: asNumber(row?.dataUsage),
      errorCount: asNumber(row?.errorCount),
      requestCount,
      avgResponseTime: average(asNumber(row?.responseTimeTotalMs), requestCount),
    };
  });
  const [people] = await db
    .select({ n: countDistinct(tenantActiveUsers.userId) })
    .from(tenantActiveUsers)
    .where(
      and(
        gte(tenantActiveUsers.date, first),
        organizationId ? eq(tenantActiveUsers.organizationId, organizationId) : undefined,
      ),
    );
  const add = (key: 'totalLogins' | 'apiCalls' | 'errorCount' | 'requestCount') =>
    series.reduce((total, day) => total + day[key], 0);
  const requestCount = add('requestCount');
  const responseTimeTotalMs = rows.reduce((total, row) => total + asNumber(row.responseTimeTotalMs), 0);
  return {
    days,
    from: first,
    to: dates.at(-1) as string,
    series,
    totals: {
      activeUsers: people.n,
      totalLogins: add('totalLogins'),
      apiCalls: add('apiCalls'),
      errorCount: add('errorCount'),
      requestCount,
      avgResponseTime: average(responseTimeTotalMs, requestCount),
    },
  };
}

/** GET /api/super-admin/tenant-analytics: the platform by day, and its busiest organizations in the window. */
export async function readPlatformAnalytics(db: Database, days: number = defaultAnalyticsWindow) {
  const result = await readSeries(db, days);
  const [storage] = await db
    .select({ organizations: count(), storageUsed: sum(organizations.storageUsed) })
    .from(organizations);
  const requests = sum(tenantAnalytics.requestCount);
  const busiest = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      requestCount: requests,
      apiCalls: sum(tenantAnalytics.apiCalls),
      errorCount: sum(tenantAnalytics.errorCount),
      totalLogins: sum(tenantAnalytics.totalLogins),
      storageUsed: organizations.storageUsed,
    })
    .from(tenantAnalytics)
    .innerJoin(organizations, eq(organizations.id, tenantAnalytics.organizationId))
    .where(gte(tenantAnalytics.date, result.from))
    .groupBy(organizations.id)
    .orderBy(desc(requests), organizations.name)
    .limit(maxOrganizationsListed);
  return {
    ...result,
    current: { organizations: storage.organizations, storageUsed: asNumber(storage.storageUsed) },
    organizations: busiest.map((row) => ({
      id: row.id,
      name: row.name,
      requestCount: asNumber(row.requestCount),
      apiCalls: asNumber(row.apiCalls),
      errorCount: asNumber(row.errorCount),
      totalLogins: asNumber(row.totalLogins),
      storageUsed: asNumber(row.storageUsed),
    })),
  };
}

/** GET /api/super-admin/organizations/:id/analytics; 404 for an unknown organization. */
export async function readOrganizationAnalytics(
  db: Database,
  organizationId: string,
  days: number = defaultAnalyticsWindow,
) {
  if (!isUuid(organizationId)) throw notFound('Organization not found');
  const [organization] = await db
    .select({ id: organizations.id, name: organizations.name, storageUsed: organizations.storageUsed })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!organization) throw notFound('Organization not found');
  const result = await readSeries(db, days, organizationId);
  return {
    organization: { id: organization.id, name: organization.name },
    ...result,
    current: { storageUsed: organization.storageUsed },
  };
}
