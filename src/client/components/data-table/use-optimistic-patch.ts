import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readApiError } from '../../lib/api';
import { toast } from '../../lib/toast';

/**
 * PATCH a record kept under the query key `[path]` (e.g. `/api/leads/:id`), showing the change at
 * once: on failure the previous record comes back and a toast says why. Lists under `listPath`
 * are refreshed afterwards.
 */
export function useOptimisticPatch<T extends object>(path: string, listPath: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Record<string, unknown>) =>
      (await (await apiRequest('PATCH', path, input)).json()) as Partial<T>,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: [path] });
      const previous = queryClient.getQueryData<T>([path]);
      if (previous) queryClient.setQueryData<T>([path], { ...previous, ...input });
      return { previous };
    },
    onError: (error, _input, context) => {
      if (context?.previous) queryClient.setQueryData<T>([path], context.previous);
      toast.error('Could not save the change', { description: readApiError(error).message });
    },
    onSuccess: (record) => {
      queryClient.setQueryData<T>([path], (old) => (old ? { ...old, ...record } : old));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [listPath] }),
  });
}
