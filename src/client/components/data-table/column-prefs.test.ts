import { describe, expect, it } from 'vitest';
import {
  cacheColumnList,
  columnPrefsFromList,
  columnPrefsKey,
  columnPrefsToList,
  emptyColumnPrefs,
  loadColumnPrefs,
  parseColumnPrefs,
  saveColumnPrefs,
  setColumnVisible,
  visibleColumnIds,
} from './column-prefs';

const columns = [
  { id: 'name', alwaysVisible: true },
  { id: 'email' },
  { id: 'phone' },
  { id: 'industry', defaultHidden: true },
];

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
  };
}

describe('column preferences', () => {
  it('are stored per user and per list', () => {
    expect(columnPrefsKey('u1', 'leads')).toBe('locus-columns:u1:leads');
  });

  it('show the default columns when nothing is stored', () => {
    expect(visibleColumnIds(columns, emptyColumnPrefs)).toEqual(['name', 'email', 'phone']);
  });

  it('hide a default column and show a hidden one, keeping the list order', () => {
    let prefs = setColumnVisible(columns, emptyColumnPrefs, 'email', false);
    prefs = setColumnVisible(columns, prefs, 'industry', true);
    expect(prefs).toEqual({ hidden: ['email'], shown: ['industry'] });
    expect(visibleColumnIds(columns, prefs)).toEqual(['name', 'phone', 'industry']);
  });

  it('return to the default without leaving entries behind', () => {
    let prefs = setColumnVisible(columns, emptyColumnPrefs, 'email', false);
    prefs = setColumnVisible(columns, prefs, 'email', true);
    expect(prefs).toEqual({ hidden: [], shown: [] });
  });

  it('never hide an always-visible column', () => {
    const prefs = setColumnVisible(columns, emptyColumnPrefs, 'name', false);
    expect(visibleColumnIds(columns, prefs)).toContain('name');
    expect(visibleColumnIds(columns, { hidden: ['name'], shown: [] })).toContain('name');
  });

  it('give a column added later its default visibility', () => {
    const prefs = { hidden: ['email'], shown: [] };
    expect(visibleColumnIds([...columns, { id: 'owner' }], prefs)).toContain('owner');
  });

  it('read corrupt or foreign values as no preference', () => {
    expect(parseColumnPrefs(null)).toEqual(emptyColumnPrefs);
    expect(parseColumnPrefs('{not json')).toEqual(emptyColumnPrefs);
    expect(parseColumnPrefs('"text"')).toEqual(emptyColumnPrefs);
    expect(parseColumnPrefs('{"hidden":"email","shown":[1,"industry"]}')).toEqual({
      hidden: [],
      shown: ['industry'],
    });
  });

  it('drop unknown ids when saved, and load back what was saved', () => {
    const storage = memoryStorage();
    const saved = saveColumnPrefs(
      'k',
      columns,
      { hidden: ['email', 'gone'], shown: ['industry'] },
      { storage },
    );
    expect(saved).toEqual(['industry', '-email']);
    expect(storage.map.get('k')).toBe('["industry","-email"]');
    expect(loadColumnPrefs('k', storage)).toEqual({ hidden: ['email'], shown: ['industry'] });
  });

  it('read the server’s list: `id` shows a column hidden by default, `-id` hides a default one', () => {
    const prefs = columnPrefsFromList(['industry', '-email', 'cf:f1']);
    expect(prefs).toEqual({ hidden: ['email'], shown: ['industry', 'cf:f1'] });
    expect(visibleColumnIds(columns, prefs)).toEqual(['name', 'phone', 'industry']);
    expect(columnPrefsToList(columns, prefs)).toEqual(['industry', '-email']);
    expect(columnPrefsToList(columns, prefs, { keepUnknown: true })).toEqual(['industry', 'cf:f1', '-email']);
    expect(columnPrefsFromList(null)).toEqual(emptyColumnPrefs);
    expect(columnPrefsFromList(['phone', 3, null])).toEqual({ hidden: [], shown: ['phone'] });
  });

  it('read a cache in the list shape or in the older {hidden, shown} shape', () => {
    expect(parseColumnPrefs('["-phone","industry"]')).toEqual({ hidden: ['phone'], shown: ['industry'] });
    expect(parseColumnPrefs('{"hidden":["phone"],"shown":["industry"]}')).toEqual({
      hidden: ['phone'],
      shown: ['industry'],
    });
  });

  it('cache the server’s answer as it is', () => {
    const storage = memoryStorage();
    cacheColumnList('k', ['cf:later', '-email'], storage);
    expect(loadColumnPrefs('k', storage)).toEqual({ hidden: ['email'], shown: ['cf:later'] });
  });

  it('keep the choice of a column that loads later (a custom field) across a reload', () => {
    const storage = memoryStorage();
    const custom = { id: 'cf:f1', defaultHidden: true };
    saveColumnPrefs(
      'k',
      [...columns, custom],
      setColumnVisible([...columns, custom], emptyColumnPrefs, 'cf:f1', true),
      {
        storage,
      },
    );
    // Reloaded: the custom column is not known yet when the user hides another column.
    const reloaded = loadColumnPrefs('k', storage);
    expect(visibleColumnIds(columns, reloaded)).toEqual(['name', 'email', 'phone']);
    saveColumnPrefs('k', columns, setColumnVisible(columns, reloaded, 'phone', false), {
      storage,
      keepUnknown: true,
    });
    // Then the definitions arrive: the custom column is still shown, a new one is hidden.
    const later = [...columns, custom, { id: 'cf:f2', defaultHidden: true }];
    expect(visibleColumnIds(later, loadColumnPrefs('k', storage))).toEqual(['name', 'email', 'cf:f1']);
  });

  it('survive storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    expect(loadColumnPrefs('k', broken)).toEqual(emptyColumnPrefs);
    expect(saveColumnPrefs('k', columns, { hidden: ['phone'], shown: [] }, { storage: broken })).toEqual([
      '-phone',
    ]);
  });
});
