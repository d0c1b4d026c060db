import path from 'node:path';
import { type BenchTarget, prepareDatabase } from './bench-database';
import { forEachDriver, machineLine, writeResults } from './bench-drivers';
import { measureScenarios } from './measure-scenario';
import { parseOptions } from './options';
import { type DriverResult, formatDriver, targets } from './report';
import { buildScenarios, signIn } from './scenarios';
import { startServer } from './server-process';

/*
 * `npm run bench:lists`: list API latency on a large tenant (1,000,000 leads, 5,000 deals among
 * 19 small tenants), against the floor measured in the same run: the same SQL on the bare
 * driver (DESIGN §5). For each driver: seed once (reused), start the server in a child process,
 * sign in, then per scenario and concurrency load the URL with autocannon and replay the
 * service's SQL, alternating so both see the same cache state (at concurrency 1 in several
 * round pairs, so both also see the same machine).
 */

const options = parseOptions(process.argv.slice(2), process.env);
const resultsPath = path.resolve('.tmp/bench-lists/results.json');
const log = (line: string) => console.log(line);

async function benchDriver(target: BenchTarget): Promise<DriverResult> {
  const seed = await prepareDatabase(target, options.reseed, log);
  if (!seed.seededNow) log(`${target.label}: reusing the seed of ${seed.seededAt} (--reseed to redo it)`);
  const server = await startServer(target.config);
  try {
    const cookie = await signIn(server.baseUrl);
    log(`${target.label}: following ${options.deepPages} pages of cursors for the deep-page scenario…`);
    const scenarios = (await buildScenarios(server.baseUrl, cookie, options.deepPages)).filter(
      (scenario) => options.only.length === 0 || options.only.some((id) => scenario.id.startsWith(id)),
    );
    const measured = await measureScenarios(server, cookie, scenarios, options, log);
    return { driver: target.driver, label: target.label, seed, ...measured };
  } finally {
    await server.stop();
  }
}

const { results, skipped } = await forEachDriver(options, undefined, log, benchDriver);

for (const result of results) for (const line of formatDriver(result, options.seconds)) log(line);
log(
  `\ntargets: API p50 ≤ SQL p50 + ${targets.apiOverSqlMs} ms; deep page ≤ ${targets.deepOverFirst}× first page; p95 ≤ ${targets.p95Ms} ms at ${targets.p95Concurrency} concurrent on PostgreSQL; server CPU per answer ≤ ${targets.cpuOverBare}× a bare Fastify route's`,
);
log(
  'load: the highest 1-minute load average after the API runs; above the core count other work shared the CPUs',
);
log(machineLine());
log(writeResults(resultsPath, options, skipped, results));
