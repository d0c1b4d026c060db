import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { apiRequest, isReloaded, patchRecord, readApiError, type Versioned } from '../../lib/api';
import { reloadedMessage, toast } from '../../lib/toast';

/**
 * PATCH a record kept under the query key `[path]` (e.g. `/api/leads/:id`), showing the change at
 * once: on failure the previous record comes back and a toast says why. Only the fields given are
 * sent, against the version on screen (If-Match; a newer save by someone else opens the conflict
 * dialog). Lists under `listPath` are refreshed afterwards.
 */
export function useOptimisticPatch<T extends Versioned>(path: string, listPath: string) {
  const queryClient = useQueryClient();
  // The record as it was before each change showed on screen: the version the change is made on.
  const loadedFor = useRef(new WeakMap<object, T>());
  return useMutation({
    mutationFn: async (input: Record<string, unknown>) => {
      const loaded = loadedFor.current.get(input);
      if (!loaded) return (await (await apiRequest('PATCH', path, input)).json()) as T;
      return patchRecord(path, loaded, input);
    },
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: [path] });
      const previous = queryClient.getQueryData<T>([path]);
      if (previous) {
        loadedFor.current.set(input, previous);
        queryClient.setQueryData<T>([path], {
          ...previous,
          ...input,
          ...mergedCustomFields(previous, input),
        });
      }
      return { previous };
    },
    onError: (error, _input, context) => {
      if (context?.previous) queryClient.setQueryData<T>([path], context.previous);
      toast.error('Could not save the change', { description: readApiError(error).message });
    },
    onSuccess: (record) => {
      if (isReloaded(record)) toast(reloadedMessage);
      queryClient.setQueryData<T>([path], (old) => (old ? { ...old, ...record } : old));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [listPath] }),
  });
}

/** customFields as the server stores them after a PATCH: the keys sent over the ones stored. */
function mergedCustomFields(record: object, input: Record<string, unknown>) {
  if (!input.customFields) return {};
  const stored = (record as { customFields?: Record<string, unknown> | null }).customFields;
  return { customFields: { ...stored, ...(input.customFields as Record<string, unknown>) } };
}
