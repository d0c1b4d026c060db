import { type QueryFunctionContext, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../lib/api';

/** One row of GET /api/system-audit-logs. */
export interface AuditLogItem {
  id: string;
  timestamp: string;
  userId: string | null;
  /** Null for an unknown e-mail's failed sign-in, or a user since deleted. */
  user: { id: string; name: string | null; email: string } | null;
  action: string;
  resource: string | null;
  resourceId: string | null;
  details: Record<string, unknown> | null;
  ipAddress: string | null;
  userAgent: string | null;
  riskLevel: 'low' | 'medium' | 'high';
}

interface Page<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

/** The filters of the Security settings' log (empty string: not filtered). */
export interface AuditLogFilters {
  userId: string;
  action: string;
  from: string;
  to: string;
}

export const noAuditLogFilters: AuditLogFilters = { userId: '', action: '', from: '', to: '' };

export const auditLogsPath = '/api/system-audit-logs';
const auditLogPageSize = 50;

/** A picked calendar day's first or last moment in the viewer's own time zone, as an instant. */
function localDayEdge(day: string, edge: 'start' | 'end'): string {
  const [year, month, date] = day.split('-').map(Number);
  const moment =
    edge === 'start' ? new Date(year, month - 1, date) : new Date(year, month - 1, date, 23, 59, 59, 999);
  return Number.isNaN(moment.getTime()) ? day : moment.toISOString();
}

/**
 * The filters as query parameters, blanks left out. The dates are the viewer's days: an event at
 * 9 pm in California is on that day's page, not the next one's (the server's days are UTC).
 */
export function auditLogParams(filters: AuditLogFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.userId) params.userId = filters.userId;
  if (filters.action) params.action = filters.action;
  if (filters.from) params.from = localDayEdge(filters.from, 'start');
  if (filters.to) params.to = localDayEdge(filters.to, 'end');
  return params;
}

/** The CSV of the filtered log (every page). */
export function auditLogExportUrl(filters: AuditLogFilters): string {
  const query = new URLSearchParams(auditLogParams(filters)).toString();
  return `${auditLogsPath}/export.csv${query ? `?${query}` : ''}`;
}

const readPage = getQueryFn<Page<AuditLogItem>>({ on401: 'throw' });

/** The organization's log, newest first, 50 at a time (keyset cursor). */
export function useAuditLogs(filters: AuditLogFilters) {
  const params = { ...auditLogParams(filters), limit: String(auditLogPageSize) };
  return useInfiniteQuery({
    queryKey: [auditLogsPath, params],
    initialPageParam: null as string | null,
    queryFn: (context) =>
      readPage({
        ...context,
        queryKey: [auditLogsPath, { ...params, ...(context.pageParam && { cursor: context.pageParam }) }],
      } as unknown as QueryFunctionContext),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

interface UserChoice {
  id: string;
  firstName: string;
  lastName: string;
}

/** The organization's users for the "User" filter (needs users:read; otherwise none). */
export function useAuditUserChoices(enabled: boolean) {
  return useQuery<Page<UserChoice>>({ queryKey: ['/api/users', { limit: '200' }], enabled });
}
