import {
  type QueryFunctionContext,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  DeletePlatformOrganizationInput,
  UpdatePlatformOrganizationInput,
} from '../../../../common/validation/platform-organizations';
import { apiRequest, getQueryFn } from '../../../lib/api';

/** A list answer (DESIGN §3). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

export type OrganizationStatus = 'active' | 'suspended' | 'inactive';
export type PlanType = 'free' | 'starter' | 'professional' | 'enterprise';

export interface PlatformOrganization {
  id: string;
  name: string;
  subdomain: string;
  domain: string | null;
  industrySector: string;
  planType: PlanType;
  maxUsers: number;
  status: OrganizationStatus;
  billingEmail: string | null;
  contractStart: string | null;
  contractEnd: string | null;
  lastActivity: string | null;
  totalUsers: number;
  storageUsed: number;
  apiCallsMonth: number;
  createdAt: string;
  updatedAt: string;
}

export interface PlatformOrganizationUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  status: 'active' | 'inactive';
  isOwner: boolean;
  isSuperAdmin: boolean;
  createdAt: string;
}

export interface PlatformOrganizationDay {
  date: string;
  activeUsers: number;
  totalLogins: number;
  apiCalls: number;
  dataUsage: number;
  errorCount: number;
  avgResponseTime: number | null;
}

export interface PlatformOrganizationDetail extends PlatformOrganization {
  users: PlatformOrganizationUser[];
  usage: {
    totalUsers: number;
    activeUsers: number;
    maxUsers: number;
    storageUsed: number;
    apiCallsMonth: number;
    lastActivity: string | null;
  };
  analytics: PlatformOrganizationDay[];
}

export interface OrganizationListFilters {
  search: string;
  sort: string;
  status: OrganizationStatus | '';
  planType: PlanType | '';
}

export const organizationsPath = '/api/super-admin/organizations';
const pageSize = 50;
const readPage = getQueryFn<Page<PlatformOrganization>>({ on401: 'throw' });

/** Every organization, 50 at a time, with the list's search, filters and sort. */
export function usePlatformOrganizations(filters: OrganizationListFilters) {
  const params = { ...filters, limit: pageSize };
  return useInfiniteQuery({
    queryKey: [organizationsPath, params],
    initialPageParam: null as string | null,
    queryFn: (context) =>
      readPage({
        ...context,
        queryKey: [organizationsPath, { ...params, cursor: context.pageParam }],
      } as unknown as QueryFunctionContext),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** One organization with its users, usage and last 30 days; only while its detail is open. */
export function usePlatformOrganization(id: string | null) {
  return useQuery<PlatformOrganizationDetail>({
    queryKey: [`${organizationsPath}/${id}`],
    enabled: id !== null,
  });
}

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** The list and the open detail show the same rows: both refresh after a change. */
function useInvalidateOrganizations() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (query) => String(query.queryKey[0]).startsWith(organizationsPath),
    });
}

export function useUpdatePlatformOrganization() {
  const invalidate = useInvalidateOrganizations();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: UpdatePlatformOrganizationInput }) =>
      json<PlatformOrganization>(await apiRequest('PATCH', `${organizationsPath}/${id}`, input)),
    onSuccess: invalidate,
  });
}

export function useSetOrganizationSuspended() {
  const invalidate = useInvalidateOrganizations();
  return useMutation({
    mutationFn: async ({ id, suspended }: { id: string; suspended: boolean }) =>
      json<PlatformOrganization>(
        await apiRequest('POST', `${organizationsPath}/${id}/${suspended ? 'suspend' : 'reactivate'}`, {}),
      ),
    onSuccess: invalidate,
  });
}

export function useDeletePlatformOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: DeletePlatformOrganizationInput }) => {
      await apiRequest('DELETE', `${organizationsPath}/${id}`, input);
    },
    // The list only: the deleted one's detail (still open until the dialog closes) would answer 404.
    onSuccess: () =>
      queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === organizationsPath }),
  });
}
