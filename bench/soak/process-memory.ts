import { readFileSync } from 'node:fs';

/** A process's resident memory from /proc (Linux): what the operating system charges it. */
export interface Rss {
  rssMb: number;
  /** Anonymous pages: heaps, PGlite's WebAssembly memory, buffers. */
  anonMb: number;
  /** Mapped files: the node binary, shared libraries. */
  fileMb: number;
  /** The peak RSS so far. */
  hwmMb: number;
}

const kbField = (status: string, name: string) => {
  const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status);
  if (!match) throw new Error(`/proc status has no ${name}`);
  return Number(match[1]) / 1024;
};

export function readRss(pid: number): Rss {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return {
    rssMb: kbField(status, 'VmRSS'),
    anonMb: kbField(status, 'RssAnon'),
    fileMb: kbField(status, 'RssFile'),
    hwmMb: kbField(status, 'VmHWM'),
  };
}

/** Least-squares slope of y over x. */
export function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return 0;
  const meanX = points.reduce((sum, p) => sum + p.x, 0) / n;
  const meanY = points.reduce((sum, p) => sum + p.y, 0) / n;
  let numerator = 0;
  let denominator = 0;
  for (const p of points) {
    numerator += (p.x - meanX) * (p.y - meanY);
    denominator += (p.x - meanX) ** 2;
  }
  return denominator === 0 ? 0 : numerator / denominator;
}

/** process.memoryUsage() of the server, in MB. */
export interface HeapBreakdown {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  /** C++ objects bound to JS, ArrayBuffers and WebAssembly memories (PGlite's among them). */
  external: number;
  arrayBuffers: number;
}

export const toMb = (usage: NodeJS.MemoryUsage): HeapBreakdown => ({
  rss: usage.rss / 1048576,
  heapTotal: usage.heapTotal / 1048576,
  heapUsed: usage.heapUsed / 1048576,
  external: usage.external / 1048576,
  arrayBuffers: usage.arrayBuffers / 1048576,
});
