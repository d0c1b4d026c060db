import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListKey } from '../../../common/validation/preferences';
import type {
  CreateSavedViewInput,
  SavedView,
  UpdateSavedViewInput,
} from '../../../common/validation/saved-views';
import { apiRequest } from '../../lib/api';

export const savedViewsPath = '/api/saved-views';
const savedViewPath = (id: string) => `${savedViewsPath}/${id}`;
const listQueryKey = (listKey: ListKey) => [savedViewsPath, { listKey }];

/** The caller's views of a list, then the ones the team shares (GET /api/saved-views). */
export function useSavedViews(listKey: ListKey) {
  return useQuery<{ items: SavedView[] }>({ queryKey: listQueryKey(listKey) });
}

function useRefreshViews(listKey: ListKey) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: listQueryKey(listKey) });
}

export function useCreateSavedView(listKey: ListKey) {
  const refresh = useRefreshViews(listKey);
  return useMutation({
    mutationFn: async (input: Omit<CreateSavedViewInput, 'listKey'>) =>
      (await (await apiRequest('POST', savedViewsPath, { ...input, listKey })).json()) as SavedView,
    onSuccess: refresh,
  });
}

export function useUpdateSavedView(listKey: ListKey) {
  const refresh = useRefreshViews(listKey);
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: UpdateSavedViewInput }) =>
      (await (await apiRequest('PATCH', savedViewPath(id), input)).json()) as SavedView,
    onSuccess: refresh,
  });
}

export function useDeleteSavedView(listKey: ListKey) {
  const refresh = useRefreshViews(listKey);
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', savedViewPath(id));
    },
    onSuccess: refresh,
  });
}
