import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressAssets } from './scripts/precompress-assets.ts';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = `http://localhost:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  plugins: [react(), tailwindcss(), precompressAssets()],
  root: `${repoRoot}src/client`,
  build: {
    outDir: `${repoRoot}dist/client`,
    emptyOutDir: true,
    // Every browser the product supports knows <link rel="modulepreload">; the polyfill is dead weight.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // The core libraries every screen needs change less often than app code, so they get their own
        // long-cached chunks; other libraries stay with the lazily loaded pages that use them.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
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
