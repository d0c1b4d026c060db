import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReleaseNotificationPreferenceInput } from '../../../common/validation/users';
import { apiRequest } from '../../lib/api';
import { currentUserQueryKey } from '../auth/api';
import type { LatestReleaseAnswer } from './release';

export const latestReleaseQueryKey = ['/api/latest-release'] as const;

/** Spec §9: the latest release is checked every 5 minutes. */
export const releasePollMs = 300_000;

/** GET /api/latest-release, polled every 5 minutes, never retried (spec §7). */
export function useLatestRelease() {
  return useQuery<LatestReleaseAnswer>({
    queryKey: latestReleaseQueryKey,
    refetchInterval: releasePollMs,
    retry: false,
  });
}

/** POST /api/user/release-notification-preference; then the user and the release are read again. */
export function useSaveReleasePreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ReleaseNotificationPreferenceInput) => {
      await apiRequest('POST', '/api/user/release-notification-preference', input);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      void queryClient.invalidateQueries({ queryKey: latestReleaseQueryKey });
    },
  });
}
