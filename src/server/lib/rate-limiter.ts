/**
 * Counts events per key in a sliding window held in memory. One process only: with several app
 * servers, put the counters in PostgreSQL or Redis (see docs/decisions).
 */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the key may try again, or 0 when it is under the limit. */
  retryAfter(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.limit) return 0;
    return Math.max(1, Math.ceil((recent[0] + this.windowMs - this.now()) / 1000));
  }

  record(key: string) {
    const recent = this.recent(key);
    recent.push(this.now());
    this.hits.set(key, recent);
    if (this.hits.size > 50_000) this.prune();
  }

  reset(key: string) {
    this.hits.delete(key);
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    return (this.hits.get(key) ?? []).filter((t) => t > cutoff);
  }

  private prune() {
    for (const key of this.hits.keys()) {
      if (this.recent(key).length === 0) this.hits.delete(key);
    }
  }
}
