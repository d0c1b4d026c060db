import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BenchTarget, pgServerAnswers, pgTarget, pgliteTarget } from './bench-database';
import type { ListsBenchOptions } from './options';
import { checkTargets, type DriverResult, targets } from './report';

/*
 * What every database benchmark run does around its measurements: one pass per driver asked
 * for (PostgreSQL skipped, and said so, when no server answers), the machine it ran on, and the
 * results file.
 */

export async function forEachDriver<T>(
  options: ListsBenchOptions,
  pgliteDir: string | undefined,
  log: (line: string) => void,
  bench: (target: BenchTarget) => Promise<T>,
): Promise<{ results: T[]; skipped: string[] }> {
  const results: T[] = [];
  const skipped: string[] = [];
  for (const driver of options.drivers) {
    if (driver === 'pg' && !(await pgServerAnswers(options.pgUrl))) {
      const safe = new URL(options.pgUrl);
      safe.password = '';
      const reason = `PostgreSQL skipped: no server answers at ${safe.host} (set DATABASE_URL to point elsewhere)`;
      log(reason);
      skipped.push(reason);
      continue;
    }
    results.push(await bench(driver === 'pg' ? pgTarget(options.pgUrl) : pgliteTarget(pgliteDir)));
  }
  return { results, skipped };
}

const machine = () => ({
  cores: os.cpus().length,
  memoryGiB: os.totalmem() / 2 ** 30,
  node: process.versions.node,
});

export const machineLine = () =>
  `machine: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.versions.node}`;

/**
 * The run as JSON, each driver with its target checks (the database URL left out: it may hold a
 * password); answers the line to print.
 */
export function writeResults(
  resultsPath: string,
  options: ListsBenchOptions,
  skipped: string[],
  drivers: DriverResult[],
): string {
  mkdirSync(path.dirname(resultsPath), { recursive: true });
  const run = {
    runAt: new Date().toISOString(),
    machine: machine(),
    options: { ...options, pgUrl: undefined },
    targets,
    skipped,
    drivers: drivers.map((driver) => ({ ...driver, checks: checkTargets(driver) })),
  };
  writeFileSync(resultsPath, `${JSON.stringify(run, null, 2)}\n`);
  return `results: ${path.relative(process.cwd(), resultsPath)}`;
}
