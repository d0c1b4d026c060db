import { readdirSync, readFileSync } from 'node:fs';

/*
 * CPU time spent per answered request, by process: the API server, PostgreSQL's processes and
 * this process (the load generator). Latency at 50 concurrent is bounded by throughput
 * (Little's law: mean wait = concurrency / answers per second), and throughput by the CPU time
 * one answer costs across every process that shares the cores. So the report can say what
 * latency a run could have reached on this machine, not only what it did. Linux only (/proc).
 */

/** Clock ticks per second of /proc's utime and stime (USER_HZ: 100 on Linux). */
const userHz = 100;

export interface CpuReading {
  serverMs: number;
  postgresMs: number;
  loadGeneratorMs: number;
}

export interface CpuPerAnswer {
  serverMs: number;
  postgresMs: number;
  loadGeneratorMs: number;
  /** Answers per second the cores allow at this cost, with every process as measured. */
  ceilingPerSecond: number;
  /** The same with a server that cost nothing: PostgreSQL and the load generator alone. */
  ceilingWithoutServerPerSecond: number;
}

const procAvailable = (() => {
  try {
    readFileSync('/proc/self/stat');
    return true;
  } catch {
    return false;
  }
})();

/** The numeric fields of /proc/<pid>/stat after the command name; null once the process is gone. */
function statFields(pid: number | string): string[] | null {
  try {
    // The command name is in parentheses and may itself hold spaces.
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  } catch {
    return null;
  }
}

const ticksToMs = (...ticks: string[]) => (ticks.reduce((sum, t) => sum + Number(t), 0) * 1000) / userHz;

/** User plus system CPU time of a whole process (all its threads), in ms; 0 once it is gone. */
function processCpuMs(pid: number): number {
  const fields = statFields(pid);
  return fields ? ticksToMs(fields[11], fields[12]) : 0;
}

/**
 * CPU time of PostgreSQL on this machine: every live postgres process (backends, parallel
 * workers, vacuum), plus what the postmaster collected from its children that have exited, so
 * a parallel worker or a closed connection ending between two readings is still counted.
 */
function postgresCpuMs(): number {
  const processes = new Map<string, string[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/comm`, 'utf8').startsWith('postgres')) continue;
    } catch {
      continue; // The process ended between the listing and the read.
    }
    const fields = statFields(entry);
    if (fields) processes.set(entry, fields);
  }
  let total = 0;
  for (const fields of processes.values()) {
    total += ticksToMs(fields[11], fields[12]);
    // fields[1] is the parent: a postgres process whose parent is not one is a postmaster.
    if (!processes.has(fields[1])) total += ticksToMs(fields[13], fields[14]);
  }
  return total;
}

function readCpu(serverPid: number): CpuReading {
  const own = process.cpuUsage();
  return {
    serverMs: processCpuMs(serverPid),
    postgresMs: postgresCpuMs(),
    loadGeneratorMs: (own.user + own.system) / 1000,
  };
}

/** A zero total to add runs to, or null where /proc is missing (the report then says nothing). */
export function emptyCpu(): CpuReading | null {
  return procAvailable ? { serverMs: 0, postgresMs: 0, loadGeneratorMs: 0 } : null;
}

/** Runs `work` and adds the CPU time every process spent meanwhile to `total`. */
export async function accountCpu<T>(
  serverPid: number,
  total: CpuReading | null,
  work: () => Promise<T>,
): Promise<T> {
  const before = total && readCpu(serverPid);
  const result = await work();
  if (total && before) {
    const after = readCpu(serverPid);
    for (const key of Object.keys(total) as (keyof CpuReading)[]) total[key] += after[key] - before[key];
  }
  return result;
}

/** What each of `answers` cost, and the throughput ceiling that implies on `cores`. */
export function cpuPerAnswer(spent: CpuReading | null, answers: number, cores: number): CpuPerAnswer | null {
  if (!spent || answers === 0) return null;
  const serverMs = spent.serverMs / answers;
  const postgresMs = spent.postgresMs / answers;
  const loadGeneratorMs = spent.loadGeneratorMs / answers;
  const ceiling = (ms: number) => (ms > 0 ? (cores * 1000) / ms : Number.POSITIVE_INFINITY);
  return {
    serverMs,
    postgresMs,
    loadGeneratorMs,
    ceilingPerSecond: ceiling(serverMs + postgresMs + loadGeneratorMs),
    ceilingWithoutServerPerSecond: ceiling(postgresMs + loadGeneratorMs),
  };
}

/** Answers per second needed for a mean wait of `ms` at `concurrency` (Little's law). */
export function neededPerSecond(concurrency: number, ms: number): number {
  return (concurrency * 1000) / ms;
}
