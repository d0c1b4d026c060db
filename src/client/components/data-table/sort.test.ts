import { describe, expect, it } from 'vitest';
import { ariaSortOf, formatSort, parseSort, toggleSort } from './sort';

describe('list sort', () => {
  it('reads ?sort=field and ?sort=-field', () => {
    expect(parseSort('fullName')).toEqual({ field: 'fullName', direction: 'asc' });
    expect(parseSort('-createdAt')).toEqual({ field: 'createdAt', direction: 'desc' });
    expect(parseSort('')).toBeNull();
    expect(parseSort(null)).toBeNull();
    expect(parseSort('-')).toBeNull();
  });

  it('writes the same form back', () => {
    expect(formatSort({ field: 'fullName', direction: 'asc' })).toBe('fullName');
    expect(formatSort({ field: 'createdAt', direction: 'desc' })).toBe('-createdAt');
    expect(formatSort(null)).toBe('');
  });

  it('toggles the direction of the current column and starts a new one in its first direction', () => {
    const byName = { field: 'fullName', direction: 'asc' } as const;
    expect(toggleSort(byName, 'fullName')).toEqual({ field: 'fullName', direction: 'desc' });
    expect(toggleSort({ field: 'fullName', direction: 'desc' }, 'fullName')).toEqual(byName);
    expect(toggleSort(byName, 'createdAt', 'desc')).toEqual({ field: 'createdAt', direction: 'desc' });
    expect(toggleSort(null, 'email')).toEqual({ field: 'email', direction: 'asc' });
  });

  it('gives each header its aria-sort', () => {
    const sort = { field: 'email', direction: 'desc' } as const;
    expect(ariaSortOf(sort, 'email')).toBe('descending');
    expect(ariaSortOf({ field: 'email', direction: 'asc' }, 'email')).toBe('ascending');
    expect(ariaSortOf(sort, 'fullName')).toBe('none');
    expect(ariaSortOf(null, 'email')).toBe('none');
  });
});
