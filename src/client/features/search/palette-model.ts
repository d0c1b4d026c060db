/*
 * The command palette's pure parts: grouping search results with the quick actions into the
 * list the keyboard walks, and what each key does.
 */

export type ResultKind = 'lead' | 'client' | 'company' | 'deal' | 'entity_record';

export interface SearchResult {
  kind: ResultKind;
  id: string;
  title: string;
  subtitle: string | null;
  url: string;
  /** A custom record's object type (its object's name is the subtitle). */
  entityType?: string;
}

export interface QuickAction {
  id: string;
  title: string;
  url: string;
  /** Extra words the action is found by ("add", "create"). */
  keywords?: string[];
}

export type PaletteItem =
  | { type: 'result'; key: string; result: SearchResult }
  | { type: 'action'; key: string; action: QuickAction };

export interface PaletteGroup {
  id: string;
  label: string;
  items: PaletteItem[];
}

export const kindLabels: Record<ResultKind, string> = {
  lead: 'Leads',
  client: 'Clients',
  company: 'Companies',
  deal: 'Deals',
  entity_record: 'Custom records',
};

const kindOrder: ResultKind[] = ['lead', 'client', 'company', 'deal', 'entity_record'];

/** Whether an action matches what was typed (every word, in its title or keywords). */
export function actionMatches(action: QuickAction, query: string): boolean {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [action.title, ...(action.keywords ?? [])].join(' ').toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/**
 * Results grouped by kind (Leads, Clients, Companies, Deals, custom records), then the quick actions that match;
 * with nothing typed, only the actions.
 */
export function buildGroups(
  query: string,
  results: readonly SearchResult[],
  actions: readonly QuickAction[],
): PaletteGroup[] {
  const groups: PaletteGroup[] = [];
  if (query.trim()) {
    for (const kind of kindOrder) {
      const items = results
        .filter((result) => result.kind === kind)
        .map((result): PaletteItem => ({ type: 'result', key: `${kind}:${result.id}`, result }));
      if (items.length > 0) groups.push({ id: kind, label: kindLabels[kind], items });
    }
  }
  const matching = actions
    .filter((action) => actionMatches(action, query))
    .map((action): PaletteItem => ({ type: 'action', key: `action:${action.id}`, action }));
  if (matching.length > 0) groups.push({ id: 'actions', label: 'Quick actions', items: matching });
  return groups;
}

export function flatten(groups: readonly PaletteGroup[]): PaletteItem[] {
  return groups.flatMap((group) => group.items);
}

export function itemUrl(item: PaletteItem): string {
  return item.type === 'result' ? item.result.url : item.action.url;
}

export type PaletteKeyResult =
  | { type: 'move'; index: number }
  | { type: 'open'; item: PaletteItem }
  | { type: 'close' }
  | { type: 'none' };

/**
 * What a key does in the palette's input: arrows move the highlight (wrapping around), Home/End
 * with Ctrl jump to the ends, Enter opens the highlighted item, Escape closes.
 */
export function handlePaletteKey(
  key: string,
  { index, items, ctrlKey = false }: { index: number; items: readonly PaletteItem[]; ctrlKey?: boolean },
): PaletteKeyResult {
  const count = items.length;
  switch (key) {
    case 'ArrowDown':
      return count === 0 ? { type: 'none' } : { type: 'move', index: index < 0 ? 0 : (index + 1) % count };
    case 'ArrowUp':
      return count === 0 ? { type: 'none' } : { type: 'move', index: index <= 0 ? count - 1 : index - 1 };
    case 'Home':
      return ctrlKey && count > 0 ? { type: 'move', index: 0 } : { type: 'none' };
    case 'End':
      return ctrlKey && count > 0 ? { type: 'move', index: count - 1 } : { type: 'none' };
    case 'Enter': {
      const item = items[index] ?? items[0];
      return item ? { type: 'open', item } : { type: 'none' };
    }
    case 'Escape':
      return { type: 'close' };
    default:
      return { type: 'none' };
  }
}

/** Keeps the highlight on the same item when the list changes, else on the first. */
export function keepHighlight(previousKey: string | null, items: readonly PaletteItem[]): number {
  if (items.length === 0) return -1;
  const index = previousKey ? items.findIndex((item) => item.key === previousKey) : -1;
  return index >= 0 ? index : 0;
}
