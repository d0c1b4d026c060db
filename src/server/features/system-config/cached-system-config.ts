import type { Database } from '../../db';
import { getSystemConfig, type SystemConfig } from './get-system-config';

/**
 * The maintenance check runs on every request, so it reads the row from memory. The copy lives at
 * most this long: another instance's change is seen within it (a change made here is seen at once).
 */
export const systemConfigCacheMs = 2000;

interface Entry {
  loadedAt: number;
  value: Promise<SystemConfig>;
}

// Per database handle: tests run several apps (each on its own database) in one process.
const entries = new WeakMap<Database, Entry>();

/** The configuration row, read again when the copy is older than systemConfigCacheMs. */
export function getCachedSystemConfig(db: Database): Promise<SystemConfig> {
  const entry = entries.get(db);
  if (entry && Date.now() - entry.loadedAt < systemConfigCacheMs) return entry.value;
  // Concurrent requests share one read.
  const value = getSystemConfig(db);
  const fresh = { loadedAt: Date.now(), value };
  entries.set(db, fresh);
  // A failed read is not kept: the next request tries again.
  value.catch(() => {
    if (entries.get(db) === fresh) entries.delete(db);
  });
  return value;
}

/** After a change through this instance: the next read goes to the database. */
export function forgetCachedSystemConfig(db: Database) {
  entries.delete(db);
}
