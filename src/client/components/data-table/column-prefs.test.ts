import { describe, expect, it } from 'vitest';
import {
  columnPrefsKey,
  emptyColumnPrefs,
  loadColumnPrefs,
  parseColumnPrefs,
  saveColumnPrefs,
  serializeColumnPrefs,
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
    saveColumnPrefs('k', columns, { hidden: ['email', 'gone'], shown: [] }, { storage });
    expect(storage.map.get('k')).toBe(serializeColumnPrefs(columns, { hidden: ['email'], shown: [] }));
    expect(loadColumnPrefs('k', storage)).toEqual({ hidden: ['email'], shown: [] });
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
    expect(() => saveColumnPrefs('k', columns, emptyColumnPrefs, { storage: broken })).not.toThrow();
  });
});
