import { describe, expect, it } from 'vitest';
import { entryOf } from './map-entry';

describe('entryOf', () => {
  it('makes and stores a value once per key, in a Map or a WeakMap', () => {
    let made = 0;
    const make = () => ({ serial: ++made });
    const map = new Map<string, { serial: number }>();
    expect(entryOf(map, 'a', make)).toBe(entryOf(map, 'a', make));
    expect(entryOf(map, 'b', make).serial).toBe(2);
    const owner = {};
    const weak = new WeakMap<object, { serial: number }>();
    expect(entryOf(weak, owner, make)).toBe(weak.get(owner));
    expect(made).toBe(3);
  });
});
