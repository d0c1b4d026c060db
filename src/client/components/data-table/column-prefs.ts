/**
 * Which columns of a list a user shows, per user and per list. Kept on the server
 * (GET|PUT /api/preferences/lists/:listKey, see use-column-prefs.ts) and cached in localStorage
 * under `locus-columns:{userId}:{listId}` for the first paint. Stored as changes from the list's
 * defaults (`id` shows a column hidden by default, `-id` hides one shown by default), so a column
 * added later appears with its default visibility instead of being lost to an old snapshot.
 */

export interface ColumnVisibilityDef {
  id: string;
  /** A column that cannot be hidden (e.g. the record's name). */
  alwaysVisible?: boolean;
  /** Hidden until the user picks it in the column chooser. */
  defaultHidden?: boolean;
}

export interface ColumnPrefs {
  hidden: string[];
  shown: string[];
}

export const emptyColumnPrefs: ColumnPrefs = { hidden: [], shown: [] };

export function columnPrefsKey(userId: string, listId: string): string {
  return `locus-columns:${userId}:${listId}`;
}

function stringArray(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** The stored list (server or cache) as preferences; anything else reads as no preference. */
export function columnPrefsFromList(value: unknown): ColumnPrefs {
  const hidden: string[] = [];
  const shown: string[] = [];
  for (const entry of stringArray(value)) {
    if (entry.startsWith('-')) hidden.push(entry.slice(1));
    else shown.push(entry);
  }
  return { hidden, shown };
}

/** A cached value, tolerant of anything (missing, corrupt, the older `{hidden, shown}` shape). */
export function parseColumnPrefs(raw: string | null): ColumnPrefs {
  if (!raw) return emptyColumnPrefs;
  try {
    const value: unknown = JSON.parse(raw);
    if (Array.isArray(value)) return columnPrefsFromList(value);
    if (typeof value !== 'object' || value === null) return emptyColumnPrefs;
    const record = value as Record<string, unknown>;
    return { hidden: stringArray(record.hidden), shown: stringArray(record.shown) };
  } catch {
    return emptyColumnPrefs;
  }
}

export function isColumnVisible(column: ColumnVisibilityDef, prefs: ColumnPrefs): boolean {
  if (column.alwaysVisible) return true;
  if (column.defaultHidden) return prefs.shown.includes(column.id);
  return !prefs.hidden.includes(column.id);
}

/** The ids of the visible columns, in the list's own order. */
export function visibleColumnIds(columns: readonly ColumnVisibilityDef[], prefs: ColumnPrefs): string[] {
  return columns.filter((column) => isColumnVisible(column, prefs)).map((column) => column.id);
}

/** The preferences after the user shows or hides one column; only departures from defaults are kept. */
export function setColumnVisible(
  columns: readonly ColumnVisibilityDef[],
  prefs: ColumnPrefs,
  id: string,
  visible: boolean,
): ColumnPrefs {
  const column = columns.find((candidate) => candidate.id === id);
  if (!column || column.alwaysVisible) return prefs;
  const hidden = prefs.hidden.filter((entry) => entry !== id);
  const shown = prefs.shown.filter((entry) => entry !== id);
  if (column.defaultHidden) {
    if (visible) shown.push(id);
  } else if (!visible) {
    hidden.push(id);
  }
  return { hidden, shown };
}

export interface SerializeOptions {
  /**
   * Some columns are not known yet (custom fields still loading): keep the choices for ids not in
   * `columns`, or a choice made meanwhile would erase them.
   */
  keepUnknown?: boolean;
}

/**
 * The list the server and the cache store: known ids only, so it does not grow with columns
 * that no longer exist.
 */
export function columnPrefsToList(
  columns: readonly ColumnVisibilityDef[],
  prefs: ColumnPrefs,
  { keepUnknown = false }: SerializeOptions = {},
): string[] {
  const known = new Set(columns.map((column) => column.id));
  const keep = (id: string) => keepUnknown || known.has(id);
  return [...prefs.shown.filter(keep), ...prefs.hidden.filter(keep).map((id) => `-${id}`)];
}

type PrefsStorage = Pick<Storage, 'getItem' | 'setItem'>;

function browserStorage(): PrefsStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function loadColumnPrefs(key: string, storage: PrefsStorage | null = browserStorage()): ColumnPrefs {
  try {
    return parseColumnPrefs(storage?.getItem(key) ?? null);
  } catch {
    return emptyColumnPrefs;
  }
}

/** Caches a stored list as it is (the server's answer); full or refused storage is ignored. */
export function cacheColumnList(
  key: string,
  list: readonly string[],
  storage: PrefsStorage | null = browserStorage(),
): void {
  try {
    storage?.setItem(key, JSON.stringify(list));
  } catch {
    // The choice still holds for this visit and on the server.
  }
}

/** Caches the preferences and answers the list stored, for the server to keep too. */
export function saveColumnPrefs(
  key: string,
  columns: readonly ColumnVisibilityDef[],
  prefs: ColumnPrefs,
  { storage = browserStorage(), ...options }: SerializeOptions & { storage?: PrefsStorage | null } = {},
): string[] {
  const list = columnPrefsToList(columns, prefs, options);
  cacheColumnList(key, list, storage);
  return list;
}
