import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateServiceRequestInput } from '../../../common/validation/service-requests';
import { useKeysetList } from '../../components/data-table/use-keyset-list';
import { apiRequest } from '../../lib/api';

/** One of the organization's requests (GET /api/service-requests). */
export interface OwnServiceRequest {
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
  filedBy: { id: string; name: string | null } | null;
}

export const ownServiceRequestsPath = '/api/service-requests';

/** The organization's requests, newest first, 20 at a time. */
export function useOwnServiceRequests() {
  return useKeysetList<OwnServiceRequest>(ownServiceRequestsPath, {}, { pageSize: 20 });
}

/** POST /api/service-requests; the list refreshes with the new request on top. */
export function useFileServiceRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateServiceRequestInput) => {
      const res = await apiRequest('POST', ownServiceRequestsPath, input);
      return (await res.json()) as OwnServiceRequest;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ownServiceRequestsPath] }),
  });
}
