import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OutboxKindGroup } from '../../../../common/validation/platform-health';
import { apiRequest } from '../../../lib/api';

export interface OutboxKindHealth {
  kind: string;
  group: OutboxKindGroup;
  pending: number;
  processing: number;
  failed: number;
  lastFailedAt: string | null;
}

/** GET /api/super-admin/health. */
export interface PlatformHealth {
  version: string;
  commit: string | null;
  latestDeployment: {
    version: string;
    commitHash: string | null;
    environment: string;
    status: string;
    deployedAt: string;
  } | null;
  uptime: number;
  startedAt: string;
  node: string;
  database: { driver: 'pglite' | 'pg' | null; sizeBytes: number };
  outbox: {
    pending: number;
    processing: number;
    failed: number;
    oldestPending: string | null;
    failedByGroup: Record<OutboxKindGroup, number>;
    kinds: OutboxKindHealth[];
  };
  syncAccountsInError: {
    id: string;
    organizationId: string;
    organization: string;
    email: string;
    userEmail: string | null;
    error: string | null;
    errorAt: string | null;
  }[];
  syncAccountsInErrorTotal: number;
}

export const platformHealthPath = '/api/super-admin/health';

/** Refreshed every 30 s while the section is open. */
export function usePlatformHealth() {
  return useQuery<PlatformHealth>({ queryKey: [platformHealthPath], refetchInterval: 30_000 });
}

export function useRetryFailedJobs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (kind?: string) =>
      (await (await apiRequest('POST', `${platformHealthPath}/retry`, kind ? { kind } : {})).json()) as {
        retried: number;
      },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [platformHealthPath] }),
  });
}
