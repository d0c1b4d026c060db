import { describe, expect, it } from 'vitest';
import {
  actionMatches,
  buildGroups,
  flatten,
  handlePaletteKey,
  itemUrl,
  keepHighlight,
  type QuickAction,
  type SearchResult,
} from './palette-model';
import { isPaletteHotkey } from './palette-hotkey';

const results: SearchResult[] = [
  { kind: 'deal', id: 'd1', title: 'Ann claim', subtitle: null, url: '/deals/d1' },
  { kind: 'lead', id: 'l1', title: 'Ann Lee', subtitle: 'ann@x.com', url: '/leads/l1' },
  { kind: 'lead', id: 'l2', title: 'Annie Oak', subtitle: null, url: '/leads/l2' },
  { kind: 'company', id: 'c1', title: 'Annex LLC', subtitle: null, url: '/companies?open=c1' },
];

const actions: QuickAction[] = [
  { id: 'new-lead', title: 'New lead', url: '/leads?new=1', keywords: ['add', 'create'] },
  { id: 'settings', title: 'Go to settings', url: '/settings' },
];

describe('palette groups', () => {
  it('groups results by kind in a fixed order, then matching actions', () => {
    const groups = buildGroups('ann', results, actions);
    expect(groups.map((g) => g.label)).toEqual(['Leads', 'Companies', 'Deals']);
    expect(flatten(groups).map(itemUrl)).toEqual([
      '/leads/l1',
      '/leads/l2',
      '/companies?open=c1',
      '/deals/d1',
    ]);
  });

  it('shows only the actions when nothing is typed', () => {
    const groups = buildGroups('  ', results, actions);
    expect(groups.map((g) => g.label)).toEqual(['Quick actions']);
    expect(flatten(groups)).toHaveLength(2);
  });

  it('finds actions by title words and keywords', () => {
    expect(actionMatches(actions[0], 'create')).toBe(true);
    expect(actionMatches(actions[0], 'new le')).toBe(true);
    expect(actionMatches(actions[1], 'settings')).toBe(true);
    expect(actionMatches(actions[1], 'lead')).toBe(false);
    const groups = buildGroups('settings', [], actions);
    expect(flatten(groups).map(itemUrl)).toEqual(['/settings']);
  });
});

const key = (over: Partial<KeyboardEvent>) => ({
  key: 'k',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...over,
});

describe('palette keys', () => {
  const items = flatten(buildGroups('ann', results, actions));

  it('moves with the arrows and wraps around', () => {
    expect(handlePaletteKey('ArrowDown', { index: 0, items })).toEqual({ type: 'move', index: 1 });
    expect(handlePaletteKey('ArrowDown', { index: items.length - 1, items })).toEqual({
      type: 'move',
      index: 0,
    });
    expect(handlePaletteKey('ArrowUp', { index: 0, items })).toEqual({
      type: 'move',
      index: items.length - 1,
    });
    expect(handlePaletteKey('ArrowUp', { index: 2, items })).toEqual({ type: 'move', index: 1 });
    expect(handlePaletteKey('ArrowDown', { index: -1, items })).toEqual({ type: 'move', index: 0 });
    expect(handlePaletteKey('ArrowDown', { index: -1, items: [] })).toEqual({ type: 'none' });
  });

  it('jumps to the ends with Ctrl+Home and Ctrl+End only', () => {
    expect(handlePaletteKey('End', { index: 0, items, ctrlKey: true })).toEqual({
      type: 'move',
      index: items.length - 1,
    });
    expect(handlePaletteKey('Home', { index: 3, items, ctrlKey: true })).toEqual({ type: 'move', index: 0 });
    expect(handlePaletteKey('Home', { index: 3, items })).toEqual({ type: 'none' });
  });

  it('opens the highlighted item on Enter and closes on Escape', () => {
    expect(handlePaletteKey('Enter', { index: 1, items })).toEqual({ type: 'open', item: items[1] });
    expect(handlePaletteKey('Enter', { index: -1, items })).toEqual({ type: 'open', item: items[0] });
    expect(handlePaletteKey('Enter', { index: 0, items: [] })).toEqual({ type: 'none' });
    expect(handlePaletteKey('Escape', { index: 0, items })).toEqual({ type: 'close' });
    expect(handlePaletteKey('a', { index: 0, items })).toEqual({ type: 'none' });
  });

  it('keeps the highlight on the same item when results change', () => {
    expect(keepHighlight('lead:l2', items)).toBe(1);
    expect(keepHighlight('lead:gone', items)).toBe(0);
    expect(keepHighlight(null, [])).toBe(-1);
  });

  it('opens on Ctrl+K and Cmd+K', () => {
    expect(isPaletteHotkey(key({ ctrlKey: true }))).toBe(true);
    expect(isPaletteHotkey(key({ metaKey: true, key: 'K' }))).toBe(true);
    expect(isPaletteHotkey(key({}))).toBe(false);
    expect(isPaletteHotkey(key({ ctrlKey: true, shiftKey: true }))).toBe(false);
  });
});

describe('custom records in the palette', () => {
  it('come after deals, named by their object, linking to their page', () => {
    const heir: SearchResult = {
      kind: 'entity_record',
      id: 'h1',
      title: 'Ann Heir',
      subtitle: 'Heir',
      url: '/objects/heirs/h1',
      entityType: 'heirs',
    };
    const groups = buildGroups('ann', [heir, ...results], []);
    expect(groups.map((g) => g.label)).toEqual(['Leads', 'Companies', 'Deals', 'Custom records']);
    const last = groups.at(-1)?.items[0];
    expect(last && itemUrl(last)).toBe('/objects/heirs/h1');
  });
});
