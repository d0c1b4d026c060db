/** Latency samples (ms) summarised the way the report prints them. */
export interface LatencySummary {
  p50: number;
  p95: number;
  /** Completed requests or query rounds. */
  count: number;
  /** Completed per second over the measured duration. */
  perSecond: number;
}

/** Nearest-rank percentile of unsorted samples. */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = samples.toSorted((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function summarise(samples: number[], seconds: number): LatencySummary {
  return {
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    count: samples.length,
    perSecond: samples.length / seconds,
  };
}
