/** `?sort=field` (ascending) or `?sort=-field` (descending), as every list endpoint takes it. */

export type SortDirection = 'asc' | 'desc';

export interface SortState {
  field: string;
  direction: SortDirection;
}

export function parseSort(value: string | null | undefined): SortState | null {
  const text = value?.trim();
  if (!text || text === '-') return null;
  return text.startsWith('-')
    ? { field: text.slice(1), direction: 'desc' }
    : { field: text, direction: 'asc' };
}

export function formatSort(sort: SortState | null): string {
  if (!sort) return '';
  return sort.direction === 'desc' ? `-${sort.field}` : sort.field;
}

/**
 * A click on a sortable header: the other direction when the list is already sorted by it,
 * otherwise the column's first direction (dates and amounts read best newest/largest first).
 */
export function toggleSort(
  current: SortState | null,
  field: string,
  firstDirection: SortDirection = 'asc',
): SortState {
  if (current?.field === field) {
    return { field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  }
  return { field, direction: firstDirection };
}

/** The aria-sort value of a header. */
export function ariaSortOf(
  current: SortState | null,
  field: string | undefined,
): 'ascending' | 'descending' | 'none' {
  if (!field || current?.field !== field) return 'none';
  return current.direction === 'asc' ? 'ascending' : 'descending';
}
