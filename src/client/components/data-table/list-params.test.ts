import { describe, expect, it } from 'vitest';
import {
  exportUrl,
  filterChipLabel,
  formatCount,
  readListState,
  toApiParams,
  withoutFilters,
  withParam,
} from './list-params';

const keys = ['leadStatus', 'assignedOwner', 'createdFrom'];

describe('list state in the address bar', () => {
  it('reads search, sort and the list own filters only', () => {
    const params = new URLSearchParams(
      'search=%20ann%20&sort=-createdAt&leadStatus=New&open=x&assignedOwner=',
    );
    expect(readListState(params, keys)).toEqual({
      search: 'ann',
      sort: '-createdAt',
      filters: { leadStatus: 'New' },
    });
  });

  it('turns filters into the list call parameters, leaving blanks out', () => {
    const state = { search: 'ann', sort: '', filters: { leadStatus: 'New', createdFrom: '2025-01-01' } };
    expect(toApiParams(state, { limit: 50 })).toEqual({
      search: 'ann',
      leadStatus: 'New',
      createdFrom: '2025-01-01',
      limit: '50',
    });
    expect(toApiParams({ search: '', sort: '', filters: {} })).toEqual({});
  });

  it('builds the CSV export address from the same state', () => {
    const state = { search: 'a&b', sort: 'fullName', filters: { leadStatus: 'New' } };
    expect(exportUrl('/api/leads/export.csv', state)).toBe(
      '/api/leads/export.csv?search=a%26b&sort=fullName&leadStatus=New',
    );
    expect(exportUrl('/api/leads/export.csv', { search: '', sort: '', filters: {} })).toBe(
      '/api/leads/export.csv',
    );
  });

  it('adds the parameters every export of a list carries (a custom object’s type)', () => {
    const state = { search: 'ann', sort: '', filters: { county: 'Polk' } };
    expect(exportUrl('/api/entity-records/export.csv', state, { entityType: 'heirs' })).toBe(
      '/api/entity-records/export.csv?search=ann&county=Polk&entityType=heirs',
    );
  });

  it('sets, clears and resets parameters without touching the original', () => {
    const params = new URLSearchParams('search=ann&leadStatus=New&open=1');
    const changed = withParam(params, 'leadStatus', 'Hot');
    expect(changed.get('leadStatus')).toBe('Hot');
    expect(params.get('leadStatus')).toBe('New');
    expect(withParam(params, 'search', '  ').has('search')).toBe(false);
    expect(withoutFilters(params, keys).toString()).toBe('search=ann&open=1');
  });

  it('labels chips with the choice label when there is one', () => {
    const owner = {
      key: 'assignedOwner',
      label: 'Owner',
      kind: 'select' as const,
      options: [{ value: 'u1', label: 'Ann Lee' }],
    };
    expect(filterChipLabel(owner, 'u1')).toBe('Owner: Ann Lee');
    expect(filterChipLabel({ key: 'tag', label: 'Tag', kind: 'text' }, 'vip')).toBe('Tag: vip');
  });

  it('counts records with thousands separators', () => {
    const noun = { one: 'lead', other: 'leads' };
    expect(formatCount(1234, noun, { locale: 'en-US' })).toBe('1,234 leads');
    expect(formatCount(1, noun, { locale: 'en-US' })).toBe('1 lead');
    expect(formatCount(0, noun, { locale: 'en-US' })).toBe('0 leads');
    // A searched list's capped total (501) means more than 500.
    expect(formatCount(501, noun, { locale: 'en-US', atLeast: true })).toBe('More than 500 leads');
  });
});
