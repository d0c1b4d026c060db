import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

/* The dashboard's reads (GET /api/dashboard/*, /api/tasks/mine) and completing a task. */

export interface DashboardSummary {
  newLeads: { last30Days: number; thisMonth: number };
  leadConversion: { converted: number; total: number; rate: number };
  openPipeline: {
    count: number;
    totalValue: number;
    byStage: { stage: string; count: number; totalValue: number }[];
  };
  dealsWonThisMonth: { count: number; totalValue: number };
  expectedFees: number;
  overdueTasks: number;
  /** Each active custom object the user may read, with its record count. */
  objects?: ObjectCount[];
}

export interface ObjectCount {
  entityType: string;
  pluralName: string;
  iconName: string;
  count: number;
}

/**
 * What GET /api/dashboard/summary and /trends answer: only the figures of records the user may
 * read (lead figures with leads:read, deal figures with deals:read, overdue tasks with
 * activities:read); the others are left out.
 */
export type ReadableSummary = Partial<DashboardSummary>;
export type ReadableTrends = Partial<DashboardTrends>;

export interface DashboardTrends {
  leadsPerWeek: { weekStart: string; count: number }[];
  dealsWonPerMonth: { month: string; count: number; totalValue: number }[];
}

export interface ClaimDeadline {
  dealId: string;
  dealName: string;
  stage: string;
  claimDeadline: string;
  daysRemaining: number | null;
  surplusAmount: number | null;
  expectedFee: number | null;
  relatedClient: { id: string; displayName: string } | null;
}

export interface ClaimDeadlines {
  days: number;
  from: string;
  items: ClaimDeadline[];
  total: number;
}

export type TaskSource = 'activity' | 'lead-activity';

export interface MyTask {
  id: string;
  source: TaskSource;
  subject: string;
  description: string | null;
  status: 'pending' | 'completed';
  dueDate: string | null;
  overdue: boolean;
  related: { kind: 'client' | 'deal' | 'lead'; id: string; name: string };
  createdAt: string;
}

/** A deal as the recent-deals card shows it (a subset of GET /api/deals items). */
export interface RecentDeal {
  id: string;
  dealName: string;
  stage: string;
  dealValue: number | null;
  relatedClientName: string | null;
  updatedAt: string;
}

export const recentDealsLimit = 5;
export const summaryKey = ['/api/dashboard/summary'] as const;
/** Under /api/deals, so every change to deals marks it stale (invalidateDealViews). */
export const recentDealsKey = ['/api/deals', { sort: '-updatedAt', limit: recentDealsLimit }] as const;
export const trendsKey = ['/api/dashboard/trends'] as const;
export const deadlinesKey = (days: number) => ['/api/dashboard/claim-deadlines', { days }] as const;
export const myTasksKey = ['/api/tasks/mine'] as const;

export function useDashboardSummary(enabled: boolean) {
  return useQuery<ReadableSummary>({ queryKey: summaryKey, enabled, staleTime: 60_000 });
}

export function useDashboardTrends(enabled: boolean) {
  return useQuery<ReadableTrends>({ queryKey: trendsKey, enabled, staleTime: 60_000 });
}

export function useClaimDeadlines(days: number, enabled: boolean) {
  return useQuery<ClaimDeadlines>({ queryKey: deadlinesKey(days), enabled, staleTime: 60_000 });
}

/** The deals changed last (created, edited or moved), refetched whenever the dashboard opens. */
export function useRecentDeals(enabled: boolean) {
  return useQuery<{ items: RecentDeal[]; total: number }>({
    queryKey: recentDealsKey,
    enabled,
    staleTime: 0,
  });
}

export function useMyTasks(enabled: boolean) {
  return useQuery<{ items: MyTask[] }>({ queryKey: myTasksKey, enabled, staleTime: 60_000 });
}

/** The API path of a task: client and deal tasks are activities, lead tasks lead activities. */
export function taskPath(task: Pick<MyTask, 'id' | 'source'>): string {
  return task.source === 'lead-activity' ? `/api/lead-activities/${task.id}` : `/api/activities/${task.id}`;
}

/**
 * Ticks a task done (or back to pending). The row changes at once and stays in the list,
 * struck through, so it can be unticked; the overdue count is refreshed.
 */
export function useSetTaskDone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ task, done }: { task: MyTask; done: boolean }) => {
      await apiRequest('PATCH', taskPath(task), { status: done ? 'completed' : 'pending' });
    },
    onMutate: async ({ task, done }) => {
      await queryClient.cancelQueries({ queryKey: myTasksKey });
      const previous = queryClient.getQueryData<{ items: MyTask[] }>(myTasksKey);
      queryClient.setQueryData<{ items: MyTask[] }>(myTasksKey, (answer) =>
        answer
          ? {
              items: answer.items.map((item) =>
                item.id === task.id && item.source === task.source
                  ? {
                      ...item,
                      status: done ? 'completed' : 'pending',
                      overdue: !done && item.dueDate !== null && Date.parse(item.dueDate) < Date.now(),
                    }
                  : item,
              ),
            }
          : answer,
      );
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(myTasksKey, context.previous);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: summaryKey }),
        // The task lists on records show the change too.
        queryClient.invalidateQueries({
          predicate: (query) =>
            query.queryKey[0] === '/api/activities' || query.queryKey[0] === '/api/lead-activities',
        }),
      ]),
  });
}
