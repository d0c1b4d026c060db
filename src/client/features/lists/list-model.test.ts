import { describe, expect, it } from 'vitest';
import { reorderIds } from '../../components/ui/sortable-list';
import { applyOrder, reorderWithin } from './api';
import { conflictMessage, countLabel, nameInUse, sentenceCase, sortEntries } from './list-model';

describe('reordering', () => {
  it('moves an id to where another one is', () => {
    expect(reorderIds(['a', 'b', 'c', 'd'], 'b', 'c')).toEqual(['a', 'c', 'b', 'd']);
    expect(reorderIds(['a', 'b', 'c', 'd'], 'd', 'a')).toEqual(['d', 'a', 'b', 'c']);
    expect(reorderIds(['a', 'b'], 'a', null)).toEqual(['a', 'b']);
    expect(reorderIds(['a', 'b'], 'a', 'zz')).toEqual(['a', 'b']);
  });

  it('applies a new order to stages, renumbering them', () => {
    const stages = [
      { id: 'a', orderIndex: 0 },
      { id: 'b', orderIndex: 1 },
      { id: 'c', orderIndex: 2 },
    ];
    expect(applyOrder(stages, ['b', 'a', 'c'])).toEqual([
      { id: 'b', orderIndex: 0 },
      { id: 'a', orderIndex: 1 },
      { id: 'c', orderIndex: 2 },
    ]);
  });

  it('reorders one group (won reasons) in place, leaving the others', () => {
    const reasons = [
      { id: 'w1', orderIndex: 0 },
      { id: 'l1', orderIndex: 0 },
      { id: 'w2', orderIndex: 1 },
      { id: 'l2', orderIndex: 1 },
    ];
    expect(reorderWithin(reasons, ['w2', 'w1'])).toEqual([
      { id: 'w2', orderIndex: 0 },
      { id: 'l1', orderIndex: 0 },
      { id: 'w1', orderIndex: 1 },
      { id: 'l2', orderIndex: 1 },
    ]);
  });
});

describe('list helpers', () => {
  it('sorts by order then name', () => {
    expect(
      sortEntries([
        { name: 'b', orderIndex: 1 },
        { name: 'c', orderIndex: 0 },
        { name: 'a', orderIndex: 1 },
      ]).map((e) => e.name),
    ).toEqual(['c', 'a', 'b']);
  });

  it('reads the message of a 409 only', () => {
    expect(conflictMessage(new Error('409: {"message":"A tag with this name already exists"}'))).toBe(
      'A tag with this name already exists',
    );
    expect(conflictMessage(new Error('400: {"message":"Validation failed"}'))).toBeNull();
  });

  it('words counts and titles', () => {
    expect(countLabel(1, 'tag', 'tags')).toBe('1 tag');
    expect(countLabel(3, 'lead source', 'lead sources')).toBe('3 lead sources');
    expect(sentenceCase('add deal status')).toBe('Add deal status');
  });
});

describe('nameInUse', () => {
  const entries = [
    { id: '1', name: 'Recovery fee' },
    { id: '2', name: 'Could not locate owner', type: 'loss' },
  ];

  it('finds another entry of the name, whatever its case and spacing', () => {
    expect(nameInUse(entries, ' recovery FEE ', {})).toBe(true);
    expect(nameInUse(entries, 'Flat fee', {})).toBe(false);
  });

  it('lets an entry keep its own name', () => {
    expect(nameInUse(entries, 'Recovery fee', { except: '1' })).toBe(false);
  });

  it('compares reasons within their won or loss group', () => {
    expect(nameInUse(entries, 'Could not locate owner', { type: 'loss' })).toBe(true);
    expect(nameInUse(entries, 'Could not locate owner', { type: 'won' })).toBe(false);
  });
});
