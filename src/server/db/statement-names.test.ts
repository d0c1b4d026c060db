import { describe, expect, it } from 'vitest';
import { statementNamer } from './statement-names';

describe('statementNamer', () => {
  it('names a text the same way every time, and two texts apart', () => {
    const nameFor = statementNamer(10);
    const first = nameFor('locus_search', 'select 1');
    expect(first).toMatch(/^locus_search_[0-9a-f]{24}$/);
    expect(nameFor('locus_search', 'select 1')).toBe(first);
    expect(nameFor('locus_search', 'select 2')).not.toBe(first);
  });

  it('stops naming new texts at its bound, and keeps the names it gave', () => {
    const nameFor = statementNamer(3);
    const given = ['select 1', 'select 2', 'select 3', 'select 4'].map((text) => nameFor('s', text));
    expect(given.slice(0, 3).every((name) => name !== undefined)).toBe(true);
    expect(given[3]).toBeUndefined();
    expect(nameFor('s', 'select 1')).toBe(given[0]);
  });
});
