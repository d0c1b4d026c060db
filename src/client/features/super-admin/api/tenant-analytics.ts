import { useQuery } from '@tanstack/react-query';

export type AnalyticsWindow = 30 | 90;

export interface AnalyticsDay {
  date: string;
  activeUsers: number;
  totalLogins: number;
  apiCalls: number;
  dataUsage: number;
  errorCount: number;
  requestCount: number;
  avgResponseTime: number | null;
}

export interface AnalyticsTotals {
  activeUsers: number;
  totalLogins: number;
  apiCalls: number;
  errorCount: number;
  requestCount: number;
  avgResponseTime: number | null;
}

interface AnalyticsSeries {
  days: number;
  from: string;
  to: string;
  series: AnalyticsDay[];
  totals: AnalyticsTotals;
}

export interface BusyOrganization {
  id: string;
  name: string;
  requestCount: number;
  apiCalls: number;
  errorCount: number;
  totalLogins: number;
  storageUsed: number;
}

export interface PlatformAnalytics extends AnalyticsSeries {
  current: { organizations: number; storageUsed: number };
  organizations: BusyOrganization[];
}

export interface OrganizationAnalytics extends AnalyticsSeries {
  organization: { id: string; name: string };
  current: { storageUsed: number };
}

/** Platform-wide, by day. */
export function usePlatformAnalytics(days: AnalyticsWindow) {
  return useQuery<PlatformAnalytics>({
    queryKey: ['/api/super-admin/tenant-analytics', { days: String(days) }],
  });
}

/** One organization, by day (not fetched until one is picked). */
export function useOrganizationAnalytics(organizationId: string, days: AnalyticsWindow) {
  return useQuery<OrganizationAnalytics>({
    queryKey: [`/api/super-admin/organizations/${organizationId}/analytics`, { days: String(days) }],
    enabled: organizationId !== '',
  });
}
