/**
 * Auth contexts loaded in the last moments, by session token. Every signed-in request needs one,
 * and its lookup (a four-table join of about 80 columns) was the largest single cost of a list
 * call above its SQL (bench:lists, docs/decisions/009).
 *
 * Correctness rests on the generation: any state-changing request moves it on when it starts and
 * again when it has answered, which drops every cached entry. A change made through this process
 * (sign-out, deactivation, a role or permission change, a password change) is therefore seen by
 * the very next request. Only a change this process did not make (another server instance, a
 * manual UPDATE) can go unseen, and for at most `ttlMs`.
 */
export interface AuthContextCache<T> {
  /** The cached context, if still fresh and no state-changing request has run since it was loaded. */
  get(key: string): T | undefined;
  /** The generation to pass to `set` for a context about to be loaded. */
  generation(): number;
  /** Keeps `value` until `expiresAt` (the session's own expiry) or the TTL, whichever is first. */
  set(key: string, value: T, loadedInGeneration: number, expiresAt: number): void;
  /** Drops every entry: called around each state-changing request. */
  invalidate(): void;
}

interface Entry<T> {
  value: T;
  generation: number;
  until: number;
}

export interface AuthContextCacheOptions {
  /** 0 turns caching off. */
  ttlMs: number;
  /** Past this many entries the cache starts over, so it cannot grow without bound. */
  maxEntries?: number;
  now?: () => number;
}

export function createAuthContextCache<T>({
  ttlMs,
  maxEntries = 10_000,
  now = Date.now,
}: AuthContextCacheOptions): AuthContextCache<T> {
  const entries = new Map<string, Entry<T>>();
  let generation = 0;
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.generation === generation && now() < entry.until) return entry.value;
      entries.delete(key);
      return undefined;
    },
    generation: () => generation,
    set(key, value, loadedInGeneration, expiresAt) {
      // Loaded while a state-changing request ran: it may predate that change, so it is not kept.
      if (ttlMs <= 0 || loadedInGeneration !== generation) return;
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, { value, generation, until: Math.min(now() + ttlMs, expiresAt) });
    },
    invalidate() {
      generation++;
      entries.clear();
    },
  };
}
