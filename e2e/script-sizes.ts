import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';

export type LoadedScript = { chunk: string; gzipBytes: number };

/** Every script the page downloads from now on, with its gzip (level 9) size: the budget tests' measure. */
export function collectScripts(page: Page): () => Promise<LoadedScript[]> {
  const scripts: Promise<LoadedScript>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(
      response.body().then((body) => ({
        chunk: new URL(response.url()).pathname,
        gzipBytes: gzipSync(body, { level: 9 }).length,
      })),
    );
  });
  return () => Promise.all(scripts);
}
