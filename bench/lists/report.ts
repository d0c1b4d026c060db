import type { Driver, PreparedDatabase } from './bench-database';
import { type CpuPerAnswer, neededPerSecond } from './cpu-accounting';
import type { LatencySummary } from './latency-stats';
import { deepPageId, firstPageId, type Scenario } from './scenarios';
import type { CapturedStatement } from './server-process';

/** The issue's targets (Issue 5 item 12). */
export const targets = {
  /** API median at most the SQL floor's median plus this. */
  apiOverSqlMs: 1,
  /** Deep page median at most this times the first page's. */
  deepOverFirst: 1.2,
  /** p95 at 50 concurrent, PostgreSQL. */
  p95Ms: 15,
  p95Concurrency: 50,
  /** Server CPU per list answer at most this times a bare Fastify route's for the same rows (issue 21 §2). */
  cpuOverBare: 2,
};

export interface Measurement {
  scenarioId: string;
  concurrency: number;
  api: LatencySummary;
  sql: LatencySummary & { note: string };
  /** The machine's 1-minute load average after the API run: above the core count, numbers are inflated. */
  loadAverage: number;
  /** CPU time per answered API request, by process; null where it cannot be read. */
  apiCpu: CpuPerAnswer | null;
  /** The bare Fastify route answering the same page from memory, in the same process (serve.ts). */
  bare: LatencySummary;
  bareCpu: CpuPerAnswer | null;
}

/** Server CPU per list answer over the bare route's, or undefined where CPU cannot be read. */
export function cpuOverBare(m: Measurement): number | undefined {
  return m.apiCpu && m.bareCpu && m.bareCpu.serverMs > 0 ? m.apiCpu.serverMs / m.bareCpu.serverMs : undefined;
}

export interface DriverResult {
  driver: Driver;
  label: string;
  seed: PreparedDatabase;
  scenarios: (Scenario & { statements: CapturedStatement[] })[];
  measurements: Measurement[];
}

export interface TargetCheck {
  target: string;
  scope: string;
  value: number;
  limit: number;
  met: boolean;
}

/** Every target check a driver's measurements allow (the p95 one only on PostgreSQL). */
export function checkTargets(result: DriverResult): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const label = (id: string) => result.scenarios.find((s) => s.id === id)?.label ?? id;
  for (const m of result.measurements) {
    const limit = m.sql.p50 + targets.apiOverSqlMs;
    checks.push({
      target: 'API p50 ≤ SQL p50 + 1 ms',
      scope: `${label(m.scenarioId)}, c=${m.concurrency}`,
      value: m.api.p50,
      limit,
      met: m.api.p50 <= limit,
    });
    if (result.driver === 'pg' && m.concurrency === targets.p95Concurrency) {
      checks.push({
        target: `API p95 ≤ ${targets.p95Ms} ms at ${targets.p95Concurrency} concurrent`,
        scope: label(m.scenarioId),
        value: m.api.p95,
        limit: targets.p95Ms,
        met: m.api.p95 <= targets.p95Ms,
      });
    }
  }
  for (const m of result.measurements) {
    const ratio = cpuOverBare(m);
    if (ratio === undefined) continue;
    checks.push({
      target: `server CPU per answer ≤ ${targets.cpuOverBare}× a bare Fastify route's`,
      scope: `${label(m.scenarioId)}, c=${m.concurrency}`,
      value: ratio,
      limit: targets.cpuOverBare,
      met: ratio <= targets.cpuOverBare,
    });
  }
  for (const c of new Set(result.measurements.map((m) => m.concurrency))) {
    const ratio = deepOverFirst(result, c);
    if (ratio === undefined) continue;
    checks.push({
      target: `deep page p50 ≤ ${targets.deepOverFirst}× first page p50`,
      scope: `c=${c}`,
      value: ratio,
      limit: targets.deepOverFirst,
      met: ratio <= targets.deepOverFirst,
    });
  }
  return checks;
}

function deepOverFirst(result: DriverResult, concurrency: number) {
  const find = (id: string) =>
    result.measurements.find((m) => m.scenarioId === id && m.concurrency === concurrency);
  const first = find(firstPageId);
  const deep = find(deepPageId);
  return first && deep ? deep.api.p50 / first.api.p50 : undefined;
}

/** NaN: not one answer came back within the run. */
/**
 * A run where each connection (or loop) completed fewer than this many calls never reached a
 * steady queue: its percentiles describe the early calls only, which waited less.
 */
const steadyCallsPerConnection = 4;

const unsteady = (m: Measurement) =>
  Math.min(m.api.count, m.sql.count) < steadyCallsPerConnection * m.concurrency;

const ms = (n: number) => (Number.isNaN(n) ? 'none' : n.toFixed(2)).padStart(8);
const mark = (met: boolean) => (met ? 'yes' : 'NO');

/** The driver's table, its target checks and notes, as printed lines. */
export function formatDriver(result: DriverResult, seconds: number): string[] {
  const label = (id: string) => result.scenarios.find((s) => s.id === id)?.label ?? id;
  const widest = Math.max(...result.scenarios.map((s) => s.label.length));
  const seed = result.seed.seededNow
    ? `seeded in this run: ${result.seed.seedSeconds.toFixed(1)} s`
    : `seed reused (took ${result.seed.seedSeconds.toFixed(1)} s on ${result.seed.seededAt})`;
  const lines = [
    '',
    `== ${result.label}; ${seed}; ${seconds} s per run`,
    `${'scenario'.padEnd(widest)}   c  API p50  API p95  SQL p50  SQL p95  API/SQL  API-SQL   API req/s  load  ≤SQL+1ms${result.driver === 'pg' ? '  p95≤15ms' : ''}`,
  ];
  for (const m of result.measurements) {
    const overhead = m.api.p50 - m.sql.p50;
    const p95 =
      result.driver === 'pg' && m.concurrency === targets.p95Concurrency
        ? `  ${mark(m.api.p95 <= targets.p95Ms)}`
        : '';
    lines.push(
      `${label(m.scenarioId).padEnd(widest)} ${String(m.concurrency).padStart(3)} ${ms(m.api.p50)} ${ms(m.api.p95)} ${ms(m.sql.p50)} ${ms(m.sql.p95)} ${`${(m.api.p50 / m.sql.p50).toFixed(2)}x`.padStart(8)} ${`${overhead >= 0 ? '+' : ''}${overhead.toFixed(2)}`.padStart(8)} ${m.api.perSecond.toFixed(0).padStart(11)} ${m.loadAverage.toFixed(1).padStart(5)}  ${mark(overhead <= targets.apiOverSqlMs).padEnd(8)}${p95}${unsteady(m) ? '  *' : ''}`,
    );
  }
  for (const c of new Set(result.measurements.map((m) => m.concurrency))) {
    const ratio = deepOverFirst(result, c);
    if (ratio !== undefined) {
      lines.push(
        `deep page / first page (API p50), c=${c}: ${ratio.toFixed(2)}x  ${mark(ratio <= targets.deepOverFirst)} (target ≤ ${targets.deepOverFirst}x)`,
      );
    }
  }
  if (result.measurements.some(unsteady)) {
    lines.push(
      `* fewer than ${steadyCallsPerConnection} calls per connection finished within the run: the queue never settled, so these percentiles are of the early, shorter waits`,
    );
  }
  lines.push(...formatCpuOverBare(result));
  if (result.driver === 'pg') lines.push(...formatCpuBudget(result));
  const checks = checkTargets(result);
  lines.push(`targets met: ${checks.filter((c) => c.met).length} of ${checks.length}`);
  lines.push(
    `SQL floor, by concurrency: ${[...new Set(result.measurements.map((m) => `c=${m.concurrency}: ${m.sql.note}`))].join('; ')}`,
  );
  return lines;
}

/** Server CPU per answer, API against the bare route, per scenario and concurrency (issue 21 §2). */
function formatCpuOverBare(result: DriverResult): string[] {
  const label = (id: string) => result.scenarios.find((s) => s.id === id)?.label ?? id;
  const rows = result.measurements.filter((m) => cpuOverBare(m) !== undefined);
  if (rows.length === 0) return [];
  const widest = Math.max(...rows.map((m) => label(m.scenarioId).length));
  const lines = [
    `server CPU per answer (ms): the list API against a bare Fastify route answering the same page from memory, same process (target ≤ ${targets.cpuOverBare}x):`,
  ];
  for (const m of rows) {
    const ratio = cpuOverBare(m) as number;
    lines.push(
      `  ${label(m.scenarioId).padEnd(widest)} c=${String(m.concurrency).padStart(2)}  API ${(m.apiCpu as CpuPerAnswer).serverMs.toFixed(3)}  bare ${(m.bareCpu as CpuPerAnswer).serverMs.toFixed(3)}  ${ratio.toFixed(2)}x  ${mark(ratio <= targets.cpuOverBare)}`,
    );
  }
  return lines;
}

const perSecond = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'unbounded');

/**
 * At the p95 target's concurrency: what one answer cost in CPU, by process, and whether the
 * target is within this machine's reach at all. Little's law puts the mean wait at concurrency
 * divided by answers per second, and the answers per second cannot exceed the cores' time
 * divided by the CPU time an answer costs; a p95 lies above the mean.
 */
function formatCpuBudget(result: DriverResult): string[] {
  const label = (id: string) => result.scenarios.find((s) => s.id === id)?.label ?? id;
  const rows = result.measurements.filter((m) => m.concurrency === targets.p95Concurrency && m.apiCpu);
  if (rows.length === 0) return [];
  const needed = neededPerSecond(targets.p95Concurrency, targets.p95Ms);
  const widest = Math.max(...rows.map((m) => label(m.scenarioId).length));
  const lines = [
    `CPU per API answer at c=${targets.p95Concurrency} (ms of CPU: server + PostgreSQL + load generator), the answers per second the cores allow, and the server time a ${targets.p95Ms} ms mean would leave (it needs ${perSecond(needed)}/s):`,
  ];
  for (const m of rows) {
    const cpu = m.apiCpu as CpuPerAnswer;
    const total = cpu.serverMs + cpu.postgresMs + cpu.loadGeneratorMs;
    // The cores' time per answer at the needed rate, less what PostgreSQL and the load generator took.
    const coreMsPerSecond = cpu.ceilingPerSecond * total;
    const budget = coreMsPerSecond / needed - cpu.postgresMs - cpu.loadGeneratorMs;
    const verdict =
      cpu.ceilingWithoutServerPerSecond < needed
        ? `out of reach: PostgreSQL and the load generator alone allow ${perSecond(cpu.ceilingWithoutServerPerSecond)}/s`
        : `server budget ${budget.toFixed(2)} ms (spent ${cpu.serverMs.toFixed(2)})`;
    lines.push(
      `  ${label(m.scenarioId).padEnd(widest)}  ${cpu.serverMs.toFixed(2)} + ${cpu.postgresMs.toFixed(2)} + ${cpu.loadGeneratorMs.toFixed(2)} = ${total.toFixed(2)}  ceiling ${perSecond(cpu.ceilingPerSecond).padStart(6)}/s  ${verdict}`,
    );
  }
  return lines;
}
