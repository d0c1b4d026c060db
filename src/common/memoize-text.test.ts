import { describe, expect, it } from 'vitest';
import { memoizeText } from './memoize-text';

describe('memoizeText', () => {
  it('computes each text once while it is remembered, and starts again when full', () => {
    const seen: string[] = [];
    const upper = memoizeText((text) => {
      seen.push(text);
      return text.toUpperCase();
    }, 2);
    expect([upper('a'), upper('b'), upper('a'), upper('b')]).toEqual(['A', 'B', 'A', 'B']);
    expect(seen).toEqual(['a', 'b']);
    // A third text fills it: the memory starts again with that one.
    expect(upper('c')).toBe('C');
    expect(upper('a')).toBe('A');
    expect(seen).toEqual(['a', 'b', 'c', 'a']);
  });
});
