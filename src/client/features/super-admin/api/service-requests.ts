import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateServiceRequestInput } from '../../../../common/validation/service-requests';
import { useKeysetList } from '../../../components/data-table/use-keyset-list';
import { apiRequest } from '../../../lib/api';

/** One row of GET /api/super-admin/service-requests. */
export interface PlatformServiceRequest {
  id: string;
  subject: string;
  description: string | null;
  category: string | null;
  priority: string;
  status: string;
  resolution: string | null;
  resolvedAt: string | null;
  createdAt: string;
  updatedAt: string;
  organization: { id: string; name: string | null };
  filedBy: { id: string; name: string | null; email: string | null } | null;
  assignedTo: string | null;
  assignee: { id: string; name: string | null; email: string | null } | null;
}

export interface SuperAdminChoice {
  id: string;
  name: string;
  email: string;
}

/** The queue's filters (empty string: not filtered; assignedTo "none": unassigned). */
export interface ServiceRequestFilters {
  search: string;
  status: string;
  priority: string;
  assignedTo: string;
}

export const noServiceRequestFilters: ServiceRequestFilters = {
  search: '',
  status: '',
  priority: '',
  assignedTo: '',
};

export const platformServiceRequestsPath = '/api/super-admin/service-requests';

function filterParams(filters: ServiceRequestFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));
}

export function usePlatformServiceRequests(filters: ServiceRequestFilters) {
  return useKeysetList<PlatformServiceRequest>(platformServiceRequestsPath, filterParams(filters));
}

export function useServiceRequestAssignees() {
  return useQuery<{ items: SuperAdminChoice[] }>({ queryKey: [`${platformServiceRequestsPath}/assignees`] });
}

/** PATCH …/:id; every filtered variant of the queue refreshes. */
export function useUpdateServiceRequest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateServiceRequestInput) => {
      const res = await apiRequest('PATCH', `${platformServiceRequestsPath}/${id}`, input);
      return (await res.json()) as PlatformServiceRequest;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [platformServiceRequestsPath] }),
  });
}
