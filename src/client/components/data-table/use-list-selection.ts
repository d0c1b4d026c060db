import { useState } from 'react';
import type { KeysetList } from './use-keyset-list';

/** The records a bulk request names (docs/decisions/020): picked ids, or the list's filter less some. */
export type BulkTarget = { ids: string[] } | { filter: Record<string, string>; excludeIds?: string[] };

/** A list's row selection: rows picked one by one, or "all N matching" the list's filter. */
export interface ListSelection {
  /** The loaded rows that are selected (the table's checkboxes). */
  selectedIds: ReadonlySet<string>;
  setSelectedIds: (ids: Set<string>) => void;
  /** "Select all N matching": every record the filter matches, loaded or not, less the unticked. */
  allMatching: boolean;
  selectAllMatching: () => void;
  clear: () => void;
  /** How many records are selected (with all matching: the list's total less the unticked). */
  count: number;
  /** Whether every loaded row is ticked while more match than are loaded (offer "all matching"). */
  canSelectAllMatching: boolean;
  /** How many rows are loaded (shown as "on this page"). */
  loadedCount: number;
  /** The list's total under its filter (an estimate above 10,000). */
  total: number;
  /** The total counts no further: the list says "more than" (see KeysetList). */
  totalIsLowerBound: boolean;
  /** With all matching: how many rows were unticked. */
  excludedCount: number;
  target: BulkTarget;
}

type State =
  | { key: string; mode: 'ids'; ids: ReadonlySet<string> }
  | { key: string; mode: 'all'; excluded: ReadonlySet<string> };

/**
 * The selection of one view of a list: a new search, filter or sort starts afresh. `params` are
 * the list GET's query parameters; with "all matching" they are what the bulk request carries.
 */
export function useListSelection<T>(
  params: Record<string, string>,
  list: KeysetList<T>,
  getRowId: (row: T) => string,
): ListSelection {
  const key = JSON.stringify(params);
  const [state, setState] = useState<State>({ key, mode: 'ids', ids: new Set() });
  const current: State = state.key === key ? state : { key, mode: 'ids', ids: new Set() };
  const loadedIds = list.rows.map(getRowId);
  const clear = () => setState({ key, mode: 'ids', ids: new Set() });

  if (current.mode === 'all') {
    const { excluded } = current;
    return {
      selectedIds: new Set(loadedIds.filter((id) => !excluded.has(id))),
      // Unticking a row leaves it out; unticking every loaded row (the header box) clears all.
      setSelectedIds: (ids) =>
        ids.size === 0
          ? clear()
          : setState({ key, mode: 'all', excluded: new Set(loadedIds.filter((id) => !ids.has(id))) }),
      allMatching: true,
      selectAllMatching: () => undefined,
      clear,
      count: Math.max(list.total - excluded.size, 0),
      canSelectAllMatching: false,
      loadedCount: loadedIds.length,
      total: list.total,
      totalIsLowerBound: list.totalIsLowerBound,
      excludedCount: excluded.size,
      target: { filter: params, ...(excluded.size > 0 && { excludeIds: [...excluded] }) },
    };
  }
  const { ids } = current;
  const everyLoaded = loadedIds.length > 0 && loadedIds.every((id) => ids.has(id));
  return {
    selectedIds: ids,
    setSelectedIds: (next) => setState({ key, mode: 'ids', ids: next }),
    allMatching: false,
    selectAllMatching: () => setState({ key, mode: 'all', excluded: new Set() }),
    clear,
    count: ids.size,
    canSelectAllMatching: everyLoaded && list.total > loadedIds.length,
    loadedCount: loadedIds.length,
    total: list.total,
    totalIsLowerBound: list.totalIsLowerBound,
    excludedCount: 0,
    target: { ids: [...ids] },
  };
}
