import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { measureFirstLoad } from './measure-first-load';
import { type LighthouseRun, runLighthouse } from './run-lighthouse';

/**
 * `npm run bench:landing`: the public site's first-load JavaScript (issue 4 budget: ≤ 90 KB gzip on
 * the landing page) and Lighthouse performance (target ≥ 95), against the production build served
 * by the real server.
 */
const budgetGzipBytes = 90 * 1024;
const targetScore = 95;
const lighthouseRuns = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const port = 39_931;
const baseUrl = `http://127.0.0.1:${port}`;

async function startServer(dataDir: string): Promise<ChildProcess> {
  const child = spawn(path.resolve('node_modules/.bin/tsx'), ['src/server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: 'inherit',
  });
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const medianBy = (runs: LighthouseRun[], key: keyof LighthouseRun) =>
  runs.map((run) => run[key]).toSorted((a, b) => a - b)[Math.floor(runs.length / 2)];

const dir = mkdtempSync(path.join(tmpdir(), 'locus-bench-landing-'));
const server = await startServer(path.join(dir, 'db'));
try {
  console.log('\nFirst-load JavaScript (fresh browser, until the network is idle for 2 s)');
  console.log('path       scripts  gzip-9     as served  raw');
  const loads = await measureFirstLoad(baseUrl, ['/', '/about', '/blog', '/contact']);
  for (const load of loads) {
    console.log(
      `${load.path.padEnd(10)} ${String(load.scripts).padStart(7)}  ${kb(load.gzipBytes).padEnd(9)}  ${kb(load.transferBytes).padEnd(9)}  ${kb(load.rawBytes)}`,
    );
  }
  const landing = loads[0];
  console.log(`landing chunks: ${landing.chunks.join(', ')}`);
  console.log(
    `landing budget ${kb(budgetGzipBytes)} gzip: ${landing.gzipBytes <= budgetGzipBytes ? 'met' : 'NOT met'} (${kb(landing.gzipBytes)})`,
  );

  for (const preset of ['mobile', 'desktop'] as const) {
    const runs: LighthouseRun[] = [];
    for (let i = 0; i < lighthouseRuns; i++) runs.push(await runLighthouse(`${baseUrl}/`, preset));
    const score = medianBy(runs, 'score');
    console.log(
      `\nLighthouse ${preset} (median of ${runs.length}): performance ${score} (${runs.map((r) => r.score).join(', ')}), ` +
        `FCP ${medianBy(runs, 'firstContentfulPaintMs').toFixed(0)} ms, LCP ${medianBy(runs, 'largestContentfulPaintMs').toFixed(0)} ms, ` +
        `TBT ${medianBy(runs, 'totalBlockingTimeMs').toFixed(0)} ms, CLS ${medianBy(runs, 'cumulativeLayoutShift').toFixed(3)}, ` +
        `Speed Index ${medianBy(runs, 'speedIndexMs').toFixed(0)} ms — target ≥ ${targetScore}: ${score >= targetScore ? 'met' : 'NOT met'}`,
    );
  }
} finally {
  server.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
