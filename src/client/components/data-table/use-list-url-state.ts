import { useSearchParams } from 'wouter';
import {
  isSavedViewId,
  type ListState,
  readListState,
  viewParam,
  withListState,
  withoutFilters,
  withParam,
  withSavedView,
} from './list-params';
import { formatSort, parseSort, type SortState } from './sort';

/** The list state kept in the address bar; changes replace the history entry (no Back per keystroke). */
export function useListUrlState(filterKeys: readonly string[]) {
  const [params, setParams] = useSearchParams();
  const state: ListState = readListState(params, filterKeys);
  const setParam = (key: string, value: string | null | undefined) =>
    setParams((current) => withParam(current, key, value), { replace: true });
  return {
    params,
    state,
    sort: parseSort(state.sort),
    setSort: (sort: SortState | null) => setParam('sort', formatSort(sort)),
    setSearch: (search: string) => setParam('search', search),
    setFilter: (key: string, value: string | null | undefined) => setParam(key, value),
    setParam,
    clearFilters: () => setParams((current) => withoutFilters(current, filterKeys), { replace: true }),
    /** The saved view named in the address (`?view=<id>`), if any. */
    viewId: isSavedViewId(params.get(viewParam)) ? params.get(viewParam) : null,
    /** Names a saved view (or none) without changing what the list shows. */
    setViewId: (viewId: string | null) =>
      setParams((current) => withSavedView(current, viewId), { replace: true }),
    /** Shows a saved view's state (or, with a null id, the list's default) in one step. */
    showView: (viewId: string | null, next: ListState) =>
      setParams((current) => withSavedView(withListState(current, filterKeys, next), viewId), {
        replace: true,
      }),
  };
}
