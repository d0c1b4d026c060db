import { describe, expect, it } from 'vitest';
import { createAuthContextCache } from './auth-context-cache';

function clockAt(start: number) {
  const clock = { now: start, read: () => clock.now };
  return clock;
}

describe('auth context cache', () => {
  it('serves an entry until its TTL, then forgets it', () => {
    const clock = clockAt(1_000);
    const cache = createAuthContextCache<string>({ ttlMs: 2_000, now: clock.read });
    cache.set('sid', 'auth', cache.generation(), Number.POSITIVE_INFINITY);
    clock.now = 2_999;
    expect(cache.get('sid')).toBe('auth');
    clock.now = 3_000;
    expect(cache.get('sid')).toBeUndefined();
  });

  it('never outlives the session it was loaded from', () => {
    const clock = clockAt(1_000);
    const cache = createAuthContextCache<string>({ ttlMs: 2_000, now: clock.read });
    cache.set('sid', 'auth', cache.generation(), 1_500);
    clock.now = 1_499;
    expect(cache.get('sid')).toBe('auth');
    clock.now = 1_500;
    expect(cache.get('sid')).toBeUndefined();
  });

  it('drops everything when a state-changing request invalidates it', () => {
    const cache = createAuthContextCache<string>({ ttlMs: 60_000 });
    cache.set('a', 'first', cache.generation(), Number.POSITIVE_INFINITY);
    cache.set('b', 'second', cache.generation(), Number.POSITIVE_INFINITY);
    cache.invalidate();
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
  });

  it('does not keep a context loaded while a state-changing request ran', () => {
    const cache = createAuthContextCache<string>({ ttlMs: 60_000 });
    const loadStartedIn = cache.generation();
    cache.invalidate();
    cache.set('sid', 'maybe stale', loadStartedIn, Number.POSITIVE_INFINITY);
    expect(cache.get('sid')).toBeUndefined();
  });

  it('keeps nothing with a TTL of 0', () => {
    const cache = createAuthContextCache<string>({ ttlMs: 0 });
    cache.set('sid', 'auth', cache.generation(), Number.POSITIVE_INFINITY);
    expect(cache.get('sid')).toBeUndefined();
  });

  it('starts over past its size bound', () => {
    const cache = createAuthContextCache<string>({ ttlMs: 60_000, maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) cache.set(key, key, cache.generation(), Number.POSITIVE_INFINITY);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, undefined, 'c']);
  });
});
