import os from 'node:os';
import { accountCpu, cpuPerAnswer, emptyCpu } from './cpu-accounting';
import { loadUrl } from './http-load';
import { summarise } from './latency-stats';
import type { ListsBenchOptions } from './options';
import type { DriverResult, Measurement } from './report';
import type { Scenario } from './scenarios';
import type { ServerProcess } from './server-process';

/**
 * One scenario at one concurrency: autocannon on the URL, then the service's SQL replayed on
 * the bare driver, alternating so both see the same cache state (at concurrency 1 in several
 * round pairs, so both also see the same machine).
 */
export async function measureScenario(
  server: ServerProcess,
  cookie: string,
  scenario: Scenario,
  concurrency: number,
  options: Pick<ListsBenchOptions, 'rounds' | 'seconds' | 'warmupSeconds'>,
): Promise<Measurement> {
  const load = { url: `${server.baseUrl}${scenario.path}`, cookie, connections: concurrency };
  const rounds = concurrency === 1 ? options.rounds : 1;
  const roundSeconds = options.seconds / rounds;
  const apiSamples: number[] = [];
  const sqlSamples: number[] = [];
  const bareSamples: number[] = [];
  const loadAverages: number[] = [];
  const cpuSpent = emptyCpu();
  const bareCpuSpent = emptyCpu();
  const bareLoad = { ...load, url: server.bareUrl(scenario.path) };
  let note = '';
  for (let round = 0; round < rounds; round++) {
    const warmupSeconds = round === 0 ? options.warmupSeconds : 0;
    await server.quiesce();
    if (warmupSeconds > 0) await loadUrl({ ...load, seconds: warmupSeconds });
    await server.quiesce();
    appendAll(
      apiSamples,
      await accountCpu(server.pid, cpuSpent, () => loadUrl({ ...load, seconds: roundSeconds })),
    );
    loadAverages.push(os.loadavg()[0]);
    // The yardstick right after, at the same concurrency, so both see the same machine.
    await server.quiesce();
    if (warmupSeconds > 0) await loadUrl({ ...bareLoad, seconds: warmupSeconds });
    appendAll(
      bareSamples,
      await accountCpu(server.pid, bareCpuSpent, () => loadUrl({ ...bareLoad, seconds: roundSeconds })),
    );
    const floor = await server.measureSql(scenario.path, concurrency, roundSeconds, warmupSeconds);
    appendAll(sqlSamples, floor.samples);
    note = floor.note;
  }
  const api = summarise(apiSamples, options.seconds);
  const bare = summarise(bareSamples, options.seconds);
  return {
    scenarioId: scenario.id,
    concurrency,
    api,
    sql: { ...summarise(sqlSamples, options.seconds), note },
    loadAverage: Math.max(...loadAverages),
    apiCpu: cpuPerAnswer(cpuSpent, api.count, os.cpus().length),
    bare,
    bareCpu: cpuPerAnswer(bareCpuSpent, bare.count, os.cpus().length),
  };
}

/** The line each measurement prints as it finishes. */
function measurementLine(scenario: Scenario, m: Measurement) {
  const cpu =
    m.apiCpu && m.bareCpu
      ? `; server CPU/answer ${m.apiCpu.serverMs.toFixed(3)} ms vs bare ${m.bareCpu.serverMs.toFixed(3)} ms (${(m.apiCpu.serverMs / m.bareCpu.serverMs).toFixed(2)}x)`
      : '';
  return `  ${scenario.label}, c=${m.concurrency}: API p50 ${m.api.p50.toFixed(2)} ms p95 ${m.api.p95.toFixed(2)} ms; SQL p50 ${m.sql.p50.toFixed(2)} ms p95 ${m.sql.p95.toFixed(2)} ms${cpu}`;
}

/** Every scenario at each concurrency the options name, its statements captured first for the report. */
export async function measureScenarios(
  server: ServerProcess,
  cookie: string,
  scenarios: Scenario[],
  options: Pick<ListsBenchOptions, 'concurrencies' | 'rounds' | 'seconds' | 'warmupSeconds'>,
  log: (line: string) => void,
): Promise<Pick<DriverResult, 'scenarios' | 'measurements'>> {
  const measured: Pick<DriverResult, 'scenarios' | 'measurements'> = { scenarios: [], measurements: [] };
  for (const scenario of scenarios) {
    measured.scenarios.push({ ...scenario, statements: await server.capture(scenario.path) });
    for (const concurrency of options.concurrencies) {
      const measurement = await measureScenario(server, cookie, scenario, concurrency, options);
      measured.measurements.push(measurement);
      log(measurementLine(scenario, measurement));
    }
  }
  return measured;
}

/** `target.push(...items)` overflows the call stack past about 100,000 items (a fast bare route's samples). */
function appendAll<T>(target: T[], items: readonly T[]) {
  for (const item of items) target.push(item);
}
