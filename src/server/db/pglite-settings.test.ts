import { describe, expect, it } from 'vitest';
import { openDatabase } from './index';
import { defaultPgliteSharedBuffers, pgliteStartParams, readPgliteSharedBuffers } from './pglite-settings';

describe('PGlite shared buffers', () => {
  it('defaults to the small pool and accepts PostgreSQL sizes', () => {
    expect(readPgliteSharedBuffers(undefined)).toBe(defaultPgliteSharedBuffers);
    expect(readPgliteSharedBuffers('')).toBe(defaultPgliteSharedBuffers);
    expect(readPgliteSharedBuffers('64MB')).toBe('64MB');
    expect(readPgliteSharedBuffers('512kB')).toBe('512kB');
  });

  it('refuses a value PostgreSQL would not read', () => {
    expect(() => readPgliteSharedBuffers('64')).toThrow(/PGLITE_SHARED_BUFFERS/);
    expect(() => readPgliteSharedBuffers('64mb; drop')).toThrow(/PGLITE_SHARED_BUFFERS/);
  });

  it('passes the pool to PGlite after its own start parameters', () => {
    expect(pgliteStartParams().slice(-2)).toEqual(['-c', `shared_buffers=${defaultPgliteSharedBuffers}`]);
  });

  // One PGlite start (a fresh in-memory database takes a while on a busy machine).
  it('starts PGlite with the pool it is given', { timeout: 180_000 }, async () => {
    const database = await openDatabase({ memory: true, sharedBuffers: '24MB' });
    try {
      const { rows } = await (database.pglite?.query<{ shared_buffers: string }>('show shared_buffers') ??
        Promise.reject(new Error('not PGlite')));
      expect(rows[0].shared_buffers).toBe('24MB');
    } finally {
      await database.close();
    }
  });
});
