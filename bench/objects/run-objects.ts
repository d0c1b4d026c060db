import path from 'node:path';
import { type BenchTarget, prepareDatabase } from '../lists/bench-database';
import { forEachDriver, machineLine, writeResults } from '../lists/bench-drivers';
import { measureScenarios } from '../lists/measure-scenario';
import { parseOptions } from '../lists/options';
import { type DriverResult, formatDriver, targets } from '../lists/report';
import { type Scenario, signIn } from '../lists/scenarios';
import { startServer } from '../lists/server-process';
import { type ExplainedStatement, explainScenarios, indexesOf } from './explain-scenarios';
import { benchObjectType, bigOrgRecords, objectsSeed } from './seed-objects';

/*
 * `npm run bench:objects`: a custom object's record list on a large tenant (200,000 Properties
 * among 9 small tenants holding the same object) against the floor measured in the same run:
 * the same SQL on the bare driver (DESIGN §5), as bench:lists does for leads. At concurrency 1:
 * the first page (newest first and by name), a filter on a data field and a search; each plan EXPLAINed
 * to show the index that answers it.
 */

const options = parseOptions(process.argv.slice(2), process.env, {
  script: 'bench:objects',
  pgUrl: 'postgres://postgres@127.0.0.1:5432/locus_bench_objects',
  concurrencies: [1],
});
const pgliteDir = path.resolve('.tmp/bench-objects/pglite');
const resultsPath = path.resolve('.tmp/bench-objects/results.json');
const log = (line: string) => console.log(line);

const page = `/api/entity-records?entityType=${benchObjectType}&limit=50`;
const scenarios: (Scenario & { expectedIndex: string })[] = [
  {
    id: 'objects-first',
    label: 'first page (newest first)',
    path: page,
    expectedIndex: 'entity_records_org_entity_created_idx',
  },
  {
    id: 'objects-by-name',
    label: 'first page by name',
    path: `${page}&sort=displayName`,
    expectedIndex: 'entity_records_org_entity_name_idx',
  },
  {
    id: 'objects-filter',
    label: 'filter county=Polk',
    path: `${page}&county=Polk`,
    expectedIndex: 'entity_records_data_idx',
  },
  {
    id: 'objects-search',
    label: 'search "magnolia"',
    path: `${page}&search=magnolia`,
    expectedIndex: 'entity_records_search_trgm_idx',
  },
];

async function benchDriver(target: BenchTarget) {
  const seed = await prepareDatabase(target, options.reseed, log, objectsSeed);
  if (!seed.seededNow) log(`${target.label}: reusing the seed of ${seed.seededAt} (--reseed to redo it)`);
  const plans = await explainScenarios(target.config, scenarios);
  const server = await startServer(target.config);
  try {
    const cookie = await signIn(server.baseUrl);
    const measured = await measureScenarios(server, cookie, scenarios, options, log);
    const result: DriverResult = { driver: target.driver, label: target.label, seed, ...measured };
    return { result, plans };
  } finally {
    await server.stop();
  }
}

function formatPlans(plans: Map<string, ExplainedStatement[]>): string[] {
  const lines = ['query plans (EXPLAIN ANALYZE of the statements each route runs):'];
  for (const scenario of scenarios) {
    const statements = plans.get(scenario.id) ?? [];
    const used = statements.flatMap((s) => indexesOf(s.plan));
    const uses = used.includes(scenario.expectedIndex) ? 'yes' : 'NO';
    lines.push(
      `  ${scenario.label}: uses ${scenario.expectedIndex}: ${uses} (indexes: ${[...new Set(used)].join(', ') || 'none'})`,
    );
    for (const statement of statements) {
      lines.push(`    ${statement.text.replace(/\s+/g, ' ').slice(0, 160)}…`);
      lines.push(...statement.plan.map((line) => `      ${line}`));
    }
  }
  return lines;
}

const { results: runs, skipped } = await forEachDriver(options, pgliteDir, log, benchDriver);

for (const { result, plans } of runs) {
  for (const line of formatDriver(result, options.seconds)) log(line);
  for (const line of formatPlans(plans)) log(line);
}
log(
  `\n${bigOrgRecords.toLocaleString('en-US')} records of one object; target: API p50 ≤ SQL p50 + ${targets.apiOverSqlMs} ms`,
);
log(machineLine());
log(
  writeResults(
    resultsPath,
    options,
    skipped,
    runs.map(({ result, plans }) => ({ ...result, plans: Object.fromEntries(plans) })),
  ),
);
