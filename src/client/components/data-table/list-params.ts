/**
 * A list's state lives in the address bar (`/leads?search=ann&leadStatus=New&sort=-createdAt`),
 * so a filtered list can be bookmarked, shared and restored with Back. These pure helpers turn
 * that query string into the list call's parameters and the CSV export's query.
 */

export interface FilterOption {
  value: string;
  label: string;
}

export type FilterKind = 'select' | 'text' | 'date';

/** One filter of a list's filter bar; `key` is the API's query parameter (DESIGN §3: by field name). */
export interface FilterDef {
  key: string;
  label: string;
  kind: FilterKind;
  /** For `select`: the choices (an "Any" choice is added by the filter bar). */
  options?: FilterOption[];
  placeholder?: string;
}

export interface ListState {
  search: string;
  sort: string;
  /** Only the filters with a value. */
  filters: Record<string, string>;
}

/** The list state of a query string, limited to the list's own filter keys. */
export function readListState(params: URLSearchParams, filterKeys: readonly string[]): ListState {
  const filters: Record<string, string> = {};
  for (const key of filterKeys) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return {
    search: params.get('search')?.trim() ?? '',
    sort: params.get('sort')?.trim() ?? '',
    filters,
  };
}

/** The parameters of the list call (without the cursor): blank values are left out. */
export function toApiParams(
  state: ListState,
  extra: Record<string, string | number> = {},
): Record<string, string> {
  const params: Record<string, string> = {};
  if (state.search) params.search = state.search;
  if (state.sort) params.sort = state.sort;
  for (const [key, value] of Object.entries(state.filters)) {
    if (value) params[key] = value;
  }
  for (const [key, value] of Object.entries(extra)) params[key] = String(value);
  return params;
}

/**
 * `/api/leads/export.csv?…`: the rows the list shows (same search, filters and sort), all pages;
 * `extra` as in `toApiParams`.
 */
export function exportUrl(path: string, state: ListState, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams(toApiParams(state, extra)).toString();
  return query ? `${path}?${query}` : path;
}

/** A copy of `params` with `key` set, or removed when the value is blank. */
export function withParam(
  params: URLSearchParams,
  key: string,
  value: string | null | undefined,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const trimmed = value?.trim();
  if (trimmed) next.set(key, trimmed);
  else next.delete(key);
  return next;
}

/** A copy of `params` without any of the list's filters (search and sort stay). */
export function withoutFilters(params: URLSearchParams, filterKeys: readonly string[]): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of filterKeys) next.delete(key);
  return next;
}

/** "Status: New", with the choice's label when the filter has choices. */
export function filterChipLabel(def: FilterDef, value: string): string {
  const option = def.options?.find((candidate) => candidate.value === value);
  return `${def.label}: ${option?.label ?? value}`;
}

/** "1,234 leads" / "1 lead". */
export function formatCount(
  total: number,
  noun: { one: string; other: string },
  { locale, atLeast = false }: { locale?: string; atLeast?: boolean } = {},
): string {
  const number = new Intl.NumberFormat(locale).format(atLeast ? total - 1 : total);
  return atLeast ? `More than ${number} ${noun.other}` : `${number} ${total === 1 ? noun.one : noun.other}`;
}

/** `?view=<id>`: the saved view the list shows (CONTRACT: the list URL names the view). */
export const viewParam = 'view';

const savedViewIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a `?view=` value names a saved view; /deals also takes `?view=board|list` for its layout. */
export function isSavedViewId(value: string | null | undefined): value is string {
  return typeof value === 'string' && savedViewIdPattern.test(value);
}

/** A copy of `params` showing `state` in place of the list's search, sort and filters. */
export function withListState(
  params: URLSearchParams,
  filterKeys: readonly string[],
  state: ListState,
): URLSearchParams {
  let next = withParam(
    withParam(withoutFilters(params, filterKeys), 'search', state.search),
    'sort',
    state.sort,
  );
  for (const key of filterKeys) next = withParam(next, key, state.filters[key]);
  return next;
}

/** A copy of `params` naming the saved view `id`, or none (a layout such as `?view=list` stays). */
export function withSavedView(params: URLSearchParams, id: string | null): URLSearchParams {
  if (id !== null || isSavedViewId(params.get(viewParam))) return withParam(params, viewParam, id);
  return new URLSearchParams(params);
}
