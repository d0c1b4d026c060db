import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

export interface FirstLoad {
  path: string;
  scripts: number;
  /** Bytes on the wire as served (the server picks brotli when the browser accepts it). */
  transferBytes: number;
  /** The same scripts gzip-compressed (level 9): the budget's unit. */
  gzipBytes: number;
  rawBytes: number;
  chunks: string[];
}

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--no-first-run',
];

/**
 * Every script a first-time visitor's browser loads for `path` without interacting: the page is
 * opened in a fresh Chromium context and left until the network has been idle for 2 s.
 */
export async function measureFirstLoad(baseUrl: string, paths: string[]): Promise<FirstLoad[]> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
  try {
    const results: FirstLoad[] = [];
    for (const path of paths) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const scripts: { url: string; body: Buffer; transfer: number }[] = [];
      const pending: Promise<void>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return;
        pending.push(
          (async () => {
            const [body, sizes] = await Promise.all([response.body(), response.request().sizes()]);
            scripts.push({ url: response.url(), body, transfer: sizes.responseBodySize });
          })(),
        );
      });
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(2000);
      await Promise.all(pending);
      results.push({
        path,
        scripts: scripts.length,
        transferBytes: sum(scripts.map((s) => s.transfer)),
        gzipBytes: sum(scripts.map((s) => gzipSync(s.body, { level: 9 }).length)),
        rawBytes: sum(scripts.map((s) => s.body.length)),
        chunks: scripts.map((s) => new URL(s.url).pathname.replace('/assets/', '')),
      });
      await context.close();
    }
    return results;
  } finally {
    await browser.close();
  }
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
