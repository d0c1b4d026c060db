import type { SavedView } from '../../../common/validation/saved-views';
import type { ListState } from '../../components/data-table/list-params';

/*
 * How a saved view meets the list as shown: the list's search, sort and filters live in the
 * address (use-list-url-state.ts), its columns in the user's column choice (use-column-prefs.ts).
 */

/** The "All <plural>" view: no search, the list's own order, no filters. */
export const defaultListState: ListState = { search: '', sort: '', filters: {} };

/** The list state a view shows; a filter the list no longer offers is left out. */
export function listStateOfView(view: SavedView, filterKeys: readonly string[]): ListState {
  const filters: Record<string, string> = {};
  for (const key of filterKeys) {
    const value = view.filters[key];
    if (value) filters[key] = value;
  }
  return { search: view.search, sort: view.sort ?? '', filters };
}

export function hasListState(state: ListState): boolean {
  return state.search !== '' || state.sort !== '' || Object.keys(state.filters).length > 0;
}

/** Two column choices are the same when they show and hide the same columns, in any order. */
export function sameColumns(a: readonly string[] | null, b: readonly string[] | null): boolean {
  const left = new Set(a ?? []);
  const right = new Set(b ?? []);
  return left.size === right.size && [...left].every((id) => right.has(id));
}

/**
 * Whether the list as shown departs from the view, so "Update '<name>'" is worth offering. A
 * view saved without columns leaves them to the user, so they never make it differ.
 */
export function differsFromView(
  view: SavedView,
  shown: { state: ListState; columns: readonly string[] | null },
  filterKeys: readonly string[],
): boolean {
  const saved = listStateOfView(view, filterKeys);
  const filterNames = new Set([...Object.keys(saved.filters), ...Object.keys(shown.state.filters)]);
  return (
    saved.search !== shown.state.search ||
    saved.sort !== shown.state.sort ||
    [...filterNames].some((key) => saved.filters[key] !== shown.state.filters[key]) ||
    (view.columns !== null && !sameColumns(view.columns, shown.columns))
  );
}

/** What a view keeps of the list as shown ("Save as new view", "Update"). */
export function viewContentOf(state: ListState, columns: readonly string[] | null) {
  return {
    search: state.search,
    filters: state.filters,
    sort: state.sort || null,
    columns: [...(columns ?? [])],
  };
}

/** What opening the address's `?view=<id>` does once the views are known. */
export type ViewOnLoad =
  | { kind: 'none' }
  /** The id names no view the user may see: back to the default, with a notice. */
  | { kind: 'unknown' }
  /**
   * A view: its columns, and its search, sort and filters unless the address carries its own
   * (an edited view, reloaded, stays as it was edited).
   */
  | { kind: 'view'; view: SavedView; applyState: boolean };

export function viewOnLoad(views: readonly SavedView[], viewId: string | null, state: ListState): ViewOnLoad {
  if (!viewId) return { kind: 'none' };
  const view = views.find((candidate) => candidate.id === viewId);
  if (!view) return { kind: 'unknown' };
  return { kind: 'view', view, applyState: !hasListState(state) };
}
