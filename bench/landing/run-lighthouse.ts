import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Lighthouse 12 is the last major that runs on Node 20; fetched by npx on first use. */
const lighthouse = 'lighthouse@12.8.2';

export interface LighthouseRun {
  score: number;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  cumulativeLayoutShift: number;
  speedIndexMs: number;
}

/**
 * One Lighthouse performance run (its default: a mid-range phone on slow 4G, simulated), with the
 * CLI at `bin` when given (a pinned install), else through npx.
 */
export async function runLighthouse(
  url: string,
  preset: 'mobile' | 'desktop',
  bin?: string,
): Promise<LighthouseRun> {
  const dir = mkdtempSync(path.join(tmpdir(), 'locus-lighthouse-'));
  const output = path.join(dir, 'report.json');
  try {
    await run(
      bin ?? 'npx',
      [
        ...(bin ? [] : ['--yes', lighthouse]),
        url,
        '--quiet',
        '--only-categories=performance',
        '--output=json',
        `--output-path=${output}`,
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
        ...(preset === 'desktop' ? ['--preset=desktop'] : []),
      ],
      { env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' }, maxBuffer: 64 * 1024 * 1024 },
    );
    const report = JSON.parse(readFileSync(output, 'utf8')) as {
      categories: { performance: { score: number } };
      audits: Record<string, { numericValue: number }>;
    };
    const metric = (id: string) => report.audits[id].numericValue;
    return {
      score: Math.round(report.categories.performance.score * 100),
      firstContentfulPaintMs: metric('first-contentful-paint'),
      largestContentfulPaintMs: metric('largest-contentful-paint'),
      totalBlockingTimeMs: metric('total-blocking-time'),
      cumulativeLayoutShift: metric('cumulative-layout-shift'),
      speedIndexMs: metric('speed-index'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
