// `npm test`: every check a change must pass, in order, with a closing count of tests.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

mkdirSync('.tmp', { recursive: true });
const counts = { passed: 0, failed: 0, skipped: 0 };

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `=== ${label}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return result.status === 0;
}

function addVitestCounts(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  counts.passed += report.numPassedTests;
  counts.failed += report.numFailedTests;
  counts.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
}

function addPlaywrightCounts(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  counts.passed += stats.expected + stats.flaky;
  counts.failed += stats.unexpected;
  counts.skipped += stats.skipped;
}

for (const file of ['.tmp/vitest-pglite.json', '.tmp/vitest-pg.json', '.tmp/playwright.json'])
  rmSync(file, { force: true });

const steps = [
  () => run('lint', 'npm', ['run', '--silent', 'lint']),
  () => run('typecheck', 'npm', ['run', '--silent', 'typecheck']),
  () => {
    const ok = run('unit + API tests (PGlite)', 'npx', [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=.tmp/vitest-pglite.json',
    ]);
    addVitestCounts('.tmp/vitest-pglite.json');
    return ok;
  },
  () => {
    if (!process.env.TEST_DATABASE_URL) {
      console.log('\n=== API tests (PostgreSQL): skipped, TEST_DATABASE_URL is not set');
      return true;
    }
    const ok = run(
      'API tests (PostgreSQL)',
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
  },
  () => run('build', 'npx', ['vite', 'build', '--logLevel', 'warn']),
  () => {
    const ok = run('e2e (Chromium)', 'npx', ['playwright', 'test'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: '.tmp/playwright.json',
    });
    addPlaywrightCounts('.tmp/playwright.json');
    return ok;
  },
];

let allOk = true;
for (const step of steps) {
  if (!step()) {
    allOk = false;
    break;
  }
}
console.log(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(allOk ? 0 : 1);
