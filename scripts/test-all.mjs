// `npm test`: every check a change must pass, with a closing count of tests.
//
// Lint, typecheck and the builds (client and compiled server) run at once; then the vitest suites,
// PGlite then PostgreSQL; then the end-to-end suite on the builds. The suites run one after
// another, not side by side: on CI's two cores the e2e suite beside a vitest suite took 51 min
// with timeouts, and each alone 3 + 2 + 12 min (docs/decisions/038). Every step runs even when
// another fails, and any failure fails the run. Each line is printed with its step's label.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';

mkdirSync('.tmp', { recursive: true });
const counts = { passed: 0, failed: 0, skipped: 0 };
// The names and first lines of the failures, printed again at the end: the CI log keeps only its tail.
const failures = [];
const timings = [];

/** Runs one command, its output prefixed with `[label]`; resolves true when it exits 0. */
function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0', ...env },
    });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => console.log(`[${label}] ${line}`));
    }
    child.on('error', (error) => console.log(`[${label}] ${error.message}`));
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      timings.push(`${label} ${code === 0 ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s`);
      console.log(`=== ${label}: ${code === 0 ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s`);
      resolve(code === 0);
    });
  });
}

function addVitestCounts(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  counts.passed += report.numPassedTests;
  counts.failed += report.numFailedTests;
  counts.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  for (const result of report.testResults) {
    if (result.status === 'failed' && result.assertionResults.every((test) => test.status !== 'failed'))
      failures.push(`${result.name}: ${firstLines(result.message)}`);
    for (const test of result.assertionResults) {
      if (test.status === 'failed')
        failures.push(`${result.name} › ${test.fullName}: ${firstLines(test.failureMessages.join('\n'))}`);
    }
  }
}

function firstLines(text = '', count = 6) {
  return text.split('\n').slice(0, count).join('\n    ');
}

function addPlaywrightFailures(suites) {
  for (const suite of suites ?? []) {
    addPlaywrightFailures(suite.suites);
    for (const spec of suite.specs ?? []) {
      if (spec.ok) continue;
      const errors = spec.tests.flatMap((test) => test.results.flatMap((result) => result.errors ?? []));
      failures.push(`${spec.file} › ${spec.title}: ${firstLines(errors[0]?.message)}`);
    }
  }
}

function addPlaywrightCounts(file) {
  if (!existsSync(file)) return;
  const { stats, suites } = JSON.parse(readFileSync(file, 'utf8'));
  addPlaywrightFailures(suites);
  counts.passed += stats.expected + stats.flaky;
  counts.failed += stats.unexpected;
  counts.skipped += stats.skipped;
}

for (const file of ['.tmp/vitest-pglite.json', '.tmp/vitest-pg.json', '.tmp/playwright.json'])
  rmSync(file, { force: true });

const lint = () => run('lint', 'npm', ['run', '--silent', 'lint']);
const typecheck = () => run('typecheck', 'npm', ['run', '--silent', 'typecheck']);
// The client, and the compiled server the e2e suite starts (scripts/build-server.mjs).
const build = () =>
  run('build', 'sh', ['-c', 'npx vite build --logLevel warn && node scripts/build-server.mjs']);

async function vitestPglite() {
  // Named, so that suites needing PostgreSQL itself (src/server/multi-instance.test.ts) run on the
  // PostgreSQL lane only, though CI sets TEST_DATABASE_URL for both.
  const ok = await run(
    'vitest PGlite',
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=.tmp/vitest-pglite.json'],
    { TEST_DB_DRIVER: 'pglite' },
  );
  addVitestCounts('.tmp/vitest-pglite.json');
  return ok;
}

async function vitestPostgres() {
  if (!process.env.TEST_DATABASE_URL) {
    console.log('\n=== vitest PostgreSQL: skipped, TEST_DATABASE_URL is not set');
    return true;
  }
  const ok = await run(
    'vitest PostgreSQL',
    'npx',
    [
      'vitest',
      'run',
      'src/server',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=.tmp/vitest-pg.json',
    ],
    { TEST_DB_DRIVER: 'pg' },
  );
  addVitestCounts('.tmp/vitest-pg.json');
  return ok;
}

/** The e2e suite needs the client build of stage 1; without one it would test a stale or missing client. */
async function e2e(buildOk) {
  if (!buildOk) {
    console.log('\n=== e2e: not run, the build failed');
    return false;
  }
  const ok = await run('e2e', 'npx', ['playwright', 'test'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: '.tmp/playwright.json',
  });
  addPlaywrightCounts('.tmp/playwright.json');
  return ok;
}

const started = Date.now();
const [lintOk, typecheckOk, buildOk] = await Promise.all([lint(), typecheck(), build()]);
const vitestPgliteOk = await vitestPglite();
const vitestPostgresOk = await vitestPostgres();
const results = [lintOk, typecheckOk, buildOk, vitestPgliteOk, vitestPostgresOk, await e2e(buildOk)];
const allOk = results.every(Boolean);
console.log(`\n${timings.map((line) => `=== ${line}`).join('\n')}`);
console.log(`=== total ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
if (failures.length) console.log(`\nfailed:\n${failures.map((line) => `  ${line}`).join('\n')}`);
process.exit(allOk ? 0 : 1);
