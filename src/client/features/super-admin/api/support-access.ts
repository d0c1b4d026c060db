import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type { StartSupportAccessInput } from '../../../../common/validation/support-access';
import { apiRequest, queryKeyToUrl, throwIfNotOk } from '../../../lib/api';

interface Person {
  id: string;
  email: string;
  name: string;
}

/** One visit as GET /api/super-admin/support-access answers it. */
export interface SupportAccessVisit {
  id: string;
  organization: { id: string; name: string };
  user: Person;
  superAdmin: Person;
  reason: string;
  startedAt: string;
  expiresAt: string;
  endedAt: string | null;
  status: 'active' | 'ended';
}

/** Someone a visit can be opened as (GET /api/super-admin/support-access/users). */
export interface SupportAccessCandidate extends Person {
  role: string;
  organization: { id: string; name: string };
}

interface Page<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

const historyPath = '/api/super-admin/support-access';

export function useSupportAccessHistory(search: string) {
  return useInfiniteQuery({
    queryKey: [historyPath, { search }],
    // The list stays while a new search loads, instead of blinking to a skeleton.
    placeholderData: keepPreviousData,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      const res = await fetch(queryKeyToUrl([historyPath, { search, limit: 25, cursor: pageParam }]), {
        credentials: 'include',
        signal,
      });
      await throwIfNotOk(res);
      return (await res.json()) as Page<SupportAccessVisit>;
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useSupportAccessCandidates(search: string, enabled: boolean) {
  return useQuery<Page<SupportAccessCandidate>>({
    queryKey: [`${historyPath}/users`, { search, limit: 10 }],
    enabled,
    // Rows (and a reason dialog opened from one) stay mounted while the next search loads.
    placeholderData: keepPreviousData,
  });
}

/** Starts a visit; the browser then holds the user's session, so the page is reloaded as them. */
export function useStartSupportAccess() {
  return useMutation({
    mutationFn: async (input: StartSupportAccessInput) =>
      (await (await apiRequest('POST', historyPath, input)).json()) as { id: string; expiresAt: string },
    onSuccess: () => window.location.assign('/dashboard'),
  });
}
