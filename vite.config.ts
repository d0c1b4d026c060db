import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { preactAliases } from './scripts/preact-aliases.ts';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = `http://localhost:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  // Fast Refresh patches React's renderer, which the app does not run (Preact, docs/decisions/048):
  // off, so an edited module reloads the page in development instead of leaving it stale.
  plugins: [react({ refreshExclude: /./ }), tailwindcss(), precompressAssets()],
  root: `${repoRoot}src/client`,
  resolve: {
    alias: [
      ...preactAliases,
      // wouter's shim of useSyncExternalStore for React < 18; React 19 has it built in (issue 21 §1).
      {
        find: /^use-sync-external-store\/shim\/index\.js$/,
        replacement: `${repoRoot}src/client/lib/use-sync-external-store.ts`,
      },
    ],
  },
  build: {
    outDir: `${repoRoot}dist/client`,
    emptyOutDir: true,
    // Every browser the product supports knows <link rel="modulepreload">; the polyfill is dead weight.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The app, and the API reference at /api/docs as a page of its own (docs/decisions/035).
      input: { index: `${repoRoot}src/client/index.html`, 'api-docs': `${repoRoot}src/client/api-docs.html` },
      output: {
        // The core libraries every screen needs change less often than app code, so they get their own
        // long-cached chunks; other libraries stay with the lazily loaded pages that use them.
        codeSplitting: {
          groups: [
            { name: 'preact', test: /node_modules[\\/]preact[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    // Host is kept (no changeOrigin) so the API's same-origin check sees the page's own origin.
    proxy: { '/api': { target: apiTarget } },
  },
});

const compressible = /\.(js|css|html|svg|json|txt|map)$/;
/** Below this a compressed copy saves less than the extra response header costs. */
const minimumBytes = 1024;

/**
 * Writes `.br` and `.gz` copies next to every compressible file of the build, once, at build time,
 * so the server (@fastify/static `preCompressed`) sends the smallest encoding the browser accepts
 * without compressing anything per request.
 */
function precompressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'locus:precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      for (const file of listFiles(outDir)) {
        if (!compressible.test(file) || statSync(file).size < minimumBytes) continue;
        const content = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}
