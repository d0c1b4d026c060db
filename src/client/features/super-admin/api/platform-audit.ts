import { type QueryFunctionContext, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api';

/** One row of GET /api/super-admin/system-audit-logs. */
export interface PlatformAuditItem {
  id: string;
  timestamp: string;
  organizationId: string | null;
  /** Null for the platform's own events (or an organization since deleted). */
  organization: { id: string; name: string } | null;
  userId: string | null;
  user: { id: string; name: string | null; email: string } | null;
  action: string;
  resource: string | null;
  resourceId: string | null;
  details: Record<string, unknown> | null;
  ipAddress: string | null;
  userAgent: string | null;
  riskLevel: 'low' | 'medium' | 'high';
  highRisk: boolean;
  highRiskReason: string | null;
}

interface Page<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

/** The screen's filters (empty string: not filtered); `organizationId` may be `platform`. */
export interface PlatformAuditFilters {
  /** A kind the summary calls out: failed_sign_ins, permission_escalations or exports. */
  category: string;
  search: string;
  organizationId: string;
  userId: string;
  action: string;
  riskLevel: string;
  from: string;
  to: string;
}

export const noPlatformAuditFilters: PlatformAuditFilters = {
  category: '',
  search: '',
  organizationId: '',
  userId: '',
  action: '',
  riskLevel: '',
  from: '',
  to: '',
};

export const platformAuditPath = '/api/super-admin/system-audit-logs';
const pageSize = 50;

/** A picked calendar day's first or last moment in the viewer's time zone, as an instant. */
function localDayEdge(day: string, edge: 'start' | 'end'): string {
  const [year, month, date] = day.split('-').map(Number);
  const moment =
    edge === 'start' ? new Date(year, month - 1, date) : new Date(year, month - 1, date, 23, 59, 59, 999);
  return Number.isNaN(moment.getTime()) ? day : moment.toISOString();
}

/** The filters as query parameters, blanks left out; dates are the viewer's days. */
export function platformAuditParams(filters: PlatformAuditFilters): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key of ['category', 'search', 'organizationId', 'userId', 'action', 'riskLevel'] as const) {
    const value = filters[key].trim();
    if (value) params[key] = value;
  }
  if (filters.from) params.from = localDayEdge(filters.from, 'start');
  if (filters.to) params.to = localDayEdge(filters.to, 'end');
  return params;
}

/** The CSV of the filtered trail (every page). */
export function platformAuditExportUrl(filters: PlatformAuditFilters): string {
  const query = new URLSearchParams(platformAuditParams(filters)).toString();
  return `${platformAuditPath}/export${query ? `?${query}` : ''}`;
}

const readPage = getQueryFn<Page<PlatformAuditItem>>({ on401: 'throw' });

/** Every organization's trail, newest first, 50 at a time (keyset cursor). */
export function usePlatformAuditLogs(filters: PlatformAuditFilters) {
  const params = { ...platformAuditParams(filters), limit: String(pageSize) };
  return useInfiniteQuery({
    queryKey: [platformAuditPath, params],
    initialPageParam: null as string | null,
    queryFn: (context) =>
      readPage({
        ...context,
        queryKey: [platformAuditPath, { ...params, ...(context.pageParam && { cursor: context.pageParam }) }],
      } as unknown as QueryFunctionContext),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export interface PlatformAuditSummary {
  days: number;
  since: string;
  highRisk: number;
  failedSignIns: {
    highRisk: number;
    accounts: {
      email: string;
      organization: { id: string; name: string } | null;
      attempts: number;
      lastAt: string;
    }[];
  };
  permissionEscalations: { count: number; latest: PlatformAuditItem[] };
  massExports: { count: number; latest: PlatformAuditItem[] };
}

/** The last seven days' high-risk events by kind. */
export function usePlatformAuditSummary() {
  return useQuery<PlatformAuditSummary>({ queryKey: [`${platformAuditPath}/summary`] });
}

export interface OrganizationChoice {
  id: string;
  name: string;
}

/**
 * The organizations for the filter, from the organizations section's list (by name). Without it
 * the filter still offers "Platform" and any organization picked from a row.
 */
export function useOrganizationChoices() {
  return useQuery<Page<OrganizationChoice>>({
    queryKey: ['/api/super-admin/organizations', { limit: '200', sort: 'name' }],
    retry: false,
  });
}
