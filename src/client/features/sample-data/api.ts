import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import {
  describeSampleCounts,
  isChangedByClearing,
  noSampleData,
  type SampleDataCounts,
} from './sample-data-model';

export const sampleDataQueryKey = ['/api/sample-data'] as const;

/** The organization's sample record counts (needs settings:view; pass `enabled` false without it). */
export function useSampleDataStatus(enabled = true) {
  return useQuery<SampleDataCounts>({ queryKey: sampleDataQueryKey, enabled });
}

/**
 * DELETE /api/sample-data, then every list and figure is refreshed. The toasts live here rather
 * than in the button: the dashboard hint that holds the button disappears as soon as the counts
 * reach zero, and callbacks given to `mutate` do not run once their component is gone.
 */
export function useClearSampleData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await (await apiRequest('DELETE', '/api/sample-data')).json()) as SampleDataCounts,
    onSuccess: async (removed) => {
      // Counts go to zero last: the button (and its pending dialog) stays until the lists are fresh.
      await queryClient.invalidateQueries({ predicate: (query) => isChangedByClearing(query.queryKey) });
      queryClient.setQueryData(sampleDataQueryKey, noSampleData);
      toast.success('Sample data cleared', { description: `Removed ${describeSampleCounts(removed)}.` });
    },
    onError: (error) =>
      toast.error('Could not clear the sample data', { description: readApiError(error).message }),
  });
}
