import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { ListKey } from '../../../common/validation/preferences';
import { apiRequest } from '../../lib/api';
import {
  type ColumnVisibilityDef,
  cacheColumnList,
  columnPrefsFromList,
  columnPrefsKey,
  columnPrefsToList,
  loadColumnPrefs,
  saveColumnPrefs,
  setColumnVisible,
  visibleColumnIds,
} from './column-prefs';

interface ListPreference {
  columns: string[] | null;
}

/** The signed-in user's own preference of a list (the session says whose). */
export const listPreferencePath = (listId: ListKey) => `/api/preferences/lists/${listId}`;

/** One request for a burst of clicks in the column chooser. */
export const columnSaveDelayMs = 500;

/**
 * The column choice of one user for one list. The server keeps it (so it survives signing out
 * and follows the user to another browser); localStorage paints it before the server answers
 * and holds it while offline. A change shows at once and is sent after a short pause, or when
 * the list closes; saves of one list go one at a time, in order.
 */
export function useColumnPrefs(
  userId: string,
  listId: ListKey,
  columns: readonly ColumnVisibilityDef[],
  columnsPending: boolean,
) {
  const key = columnPrefsKey(userId, listId);
  const path = listPreferencePath(listId);
  const queryClient = useQueryClient();
  const { data } = useQuery<ListPreference>({ queryKey: [path] });
  const send = useSendColumns(path);

  const cached = useMemo(() => loadColumnPrefs(key), [key]);
  const stored = data?.columns;
  const prefs = stored ? columnPrefsFromList(stored) : cached;

  useEffect(() => {
    if (stored) cacheColumnList(key, stored);
  }, [key, stored]);

  // A choice made in this browser before the server kept choices becomes the server's.
  useEffect(() => {
    const list = columnPrefsToList([], cached, { keepUnknown: true });
    if (stored === null && list.length > 0) {
      queryClient.setQueryData<ListPreference>([path], { columns: list });
      send(list);
    }
  }, [stored, cached, path, queryClient, send]);

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const unsent = useRef<string[] | null>(null);
  const flush = useCallback(() => {
    clearTimeout(timer.current);
    if (unsent.current) send(unsent.current);
    unsent.current = null;
  }, [send]);
  useEffect(() => flush, [flush]);
  // A reload or a closed tab runs no cleanup: the last choice goes out with the page.
  useEffect(() => {
    const sendOnHide = () => {
      if (!unsent.current) return;
      clearTimeout(timer.current);
      // Offline or refused: the cache still holds the choice for this browser.
      apiRequest('PUT', path, { columns: unsent.current }, { keepalive: true }).catch(() => undefined);
      unsent.current = null;
    };
    window.addEventListener('pagehide', sendOnHide);
    return () => window.removeEventListener('pagehide', sendOnHide);
  }, [path]);

  const setVisible = (id: string, visible: boolean) => {
    const list = saveColumnPrefs(key, columns, setColumnVisible(columns, prefs, id, visible), {
      keepUnknown: columnsPending,
    });
    // A read still under way would answer the choice before this one.
    void queryClient.cancelQueries({ queryKey: [path] });
    queryClient.setQueryData<ListPreference>([path], { columns: list });
    unsent.current = list;
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, columnSaveDelayMs);
  };

  return { visibleIds: visibleColumnIds(columns, prefs), setVisible };
}

/** Sends a list's column choice; saves of one list go one at a time, in order. */
function useSendColumns(path: string) {
  return useMutation({
    mutationFn: async (list: string[]) =>
      (await (await apiRequest('PUT', path, { columns: list })).json()) as ListPreference,
    scope: { id: path },
  }).mutate;
}

/**
 * The stored column choice of a list as a whole (as `columns` of validation/preferences.ts reads),
 * and a way to replace it at once: what a saved view keeps and applies. The list's DataTable
 * shows a replacement at once, since both read the same query.
 */
export function useColumnChoice(listId: ListKey) {
  const path = listPreferencePath(listId);
  const queryClient = useQueryClient();
  const { data } = useQuery<ListPreference>({ queryKey: [path] });
  const send = useSendColumns(path);
  const replace = (list: string[]) => {
    void queryClient.cancelQueries({ queryKey: [path] });
    queryClient.setQueryData<ListPreference>([path], { columns: list });
    send(list);
  };
  return { columns: data?.columns ?? null, loaded: data !== undefined, replace };
}
