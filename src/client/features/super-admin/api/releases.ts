import {
  type QueryFunctionContext,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { RecordDeploymentInput } from '../../../../common/validation/releases';
import { apiRequest, getQueryFn } from '../../../lib/api';

/** One row of GET /api/super-admin/deployments. */
export interface Deployment {
  id: string;
  version: string;
  releaseType: string | null;
  environment: 'production' | 'staging' | 'development';
  status: 'success' | 'failed' | 'in_progress' | 'rolled_back';
  deployedAt: string;
  deployedBy: string | null;
  commitHash: string | null;
  commitMessage: string | null;
  releaseNotes: string | null;
  createdAt: string;
}

interface Page<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

export interface DeploymentFilters {
  search: string;
  environment: string;
  status: string;
}

export const deploymentsPath = '/api/super-admin/deployments';
const pageSize = 25;
const readPage = getQueryFn<Page<Deployment>>({ on401: 'throw' });

/** Newest first, 25 at a time (keyset cursor). */
export function useDeployments(filters: DeploymentFilters) {
  const params = { ...filters, limit: String(pageSize) };
  return useInfiniteQuery({
    queryKey: [deploymentsPath, params],
    initialPageParam: null as string | null,
    queryFn: (context) =>
      readPage({
        ...context,
        queryKey: [deploymentsPath, { ...params, ...(context.pageParam && { cursor: context.pageParam }) }],
      } as unknown as QueryFunctionContext),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useRecordDeployment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: RecordDeploymentInput) =>
      (await (await apiRequest('POST', deploymentsPath, input)).json()) as Deployment,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [deploymentsPath] });
      // A successful production release is what the release dialog announces next.
      void queryClient.invalidateQueries({ queryKey: ['/api/latest-release'] });
    },
  });
}
