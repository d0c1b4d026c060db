import { describe, expect, it } from 'vitest';
import type { SavedView } from '../../../common/validation/saved-views';
import { isSavedViewId, withListState, withSavedView } from '../../components/data-table/list-params';
import {
  defaultListState,
  differsFromView,
  listStateOfView,
  sameColumns,
  viewContentOf,
  viewOnLoad,
} from './view-state';

const keys = ['leadStatus', 'interestLevel', 'tag'];
const id = '0b5f4f8e-7c1a-4c47-9a55-2d0c8d6e1a11';

const hot: SavedView = {
  id,
  listKey: 'leads',
  name: 'Hot leads',
  search: 'smith',
  filters: { interestLevel: 'Hot', retiredFilter: 'x' },
  sort: '-createdAt',
  columns: ['email', '-phone'],
  isShared: true,
  userId: 'u1',
  ownerName: 'Ann Lee',
  isMine: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const hotState = { search: 'smith', sort: '-createdAt', filters: { interestLevel: 'Hot' } };

describe('a saved view and the list as shown', () => {
  it('shows the view’s search, sort and the filters the list still offers', () => {
    expect(listStateOfView(hot, keys)).toEqual(hotState);
    expect(listStateOfView({ ...hot, sort: null, search: '', filters: {} }, keys)).toEqual(defaultListState);
  });

  it('differs when the search, sort, a filter or the columns differ', () => {
    const shown = { state: hotState, columns: ['-phone', 'email'] };
    expect(differsFromView(hot, shown, keys)).toBe(false);
    expect(differsFromView(hot, { ...shown, state: { ...hotState, search: 'smit' } }, keys)).toBe(true);
    expect(differsFromView(hot, { ...shown, state: { ...hotState, sort: 'createdAt' } }, keys)).toBe(true);
    expect(differsFromView(hot, { ...shown, state: { ...hotState, filters: {} } }, keys)).toBe(true);
    expect(
      differsFromView(
        hot,
        { ...shown, state: { ...hotState, filters: { interestLevel: 'Hot', tag: 'a' } } },
        keys,
      ),
    ).toBe(true);
    expect(differsFromView(hot, { ...shown, columns: ['email'] }, keys)).toBe(true);
    // A view saved without columns leaves them to the user.
    expect(differsFromView({ ...hot, columns: null }, { ...shown, columns: ['industry'] }, keys)).toBe(false);
  });

  it('keeps the list as shown when saved', () => {
    expect(viewContentOf(hotState, null)).toEqual({
      search: 'smith',
      filters: { interestLevel: 'Hot' },
      sort: '-createdAt',
      columns: [],
    });
    expect(viewContentOf(defaultListState, ['email']).sort).toBeNull();
  });

  it('compares column choices in any order', () => {
    expect(sameColumns(['a', '-b'], ['-b', 'a'])).toBe(true);
    expect(sameColumns(null, [])).toBe(true);
    expect(sameColumns(['a'], ['-a'])).toBe(false);
  });
});

describe('opening an address that names a view', () => {
  it('applies the view, keeping an edited state the address carries', () => {
    expect(viewOnLoad([hot], null, defaultListState)).toEqual({ kind: 'none' });
    expect(viewOnLoad([hot], id, defaultListState)).toEqual({ kind: 'view', view: hot, applyState: true });
    expect(viewOnLoad([hot], id, { ...defaultListState, search: 'jones' })).toEqual({
      kind: 'view',
      view: hot,
      applyState: false,
    });
  });

  it('falls back when the id names no view the user sees', () => {
    expect(viewOnLoad([hot], '11111111-2222-4333-8444-555555555555', hotState)).toEqual({ kind: 'unknown' });
    expect(viewOnLoad([], id, defaultListState)).toEqual({ kind: 'unknown' });
  });
});

describe('the address of a view', () => {
  it('replaces the list’s search, sort and filters, leaving other parameters', () => {
    const params = new URLSearchParams('search=ann&leadStatus=New&sort=fullName&new=1');
    expect(Object.fromEntries(withListState(params, keys, hotState))).toEqual({
      new: '1',
      search: 'smith',
      sort: '-createdAt',
      interestLevel: 'Hot',
    });
    expect(withListState(params, keys, defaultListState).toString()).toBe('new=1');
  });

  it('names a saved view by its id; a layout such as /deals?view=list is not one and stays', () => {
    expect(isSavedViewId(id)).toBe(true);
    expect(isSavedViewId('list')).toBe(false);
    expect(isSavedViewId(null)).toBe(false);
    expect(withSavedView(new URLSearchParams('view=list'), id).toString()).toBe(`view=${id}`);
    expect(withSavedView(new URLSearchParams(`view=${id}&search=a`), null).toString()).toBe('search=a');
    expect(withSavedView(new URLSearchParams('view=list'), null).toString()).toBe('view=list');
  });
});
