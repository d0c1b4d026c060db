import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { preactAliases } from './scripts/preact-aliases.ts';

export default defineConfig({
  resolve: {
    alias: [
      ...preactAliases,
      // Node's condition picks lucide's CommonJS build, whose require('react') no alias reaches.
      { find: /^lucide-react$/, replacement: 'lucide-react/dist/esm/lucide-react.mjs' },
    ],
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    environment: 'node',
    // Libraries that import React go through Vite's resolver too, so they get Preact as the app does.
    server: {
      deps: { inline: [/@tanstack[\\/]react-/, /radix-ui/, /wouter/, /react-hook-form/, /lucide-react/] },
    },
    globalSetup: ['src/server/test/global-setup.ts'],
    pool: 'forks',
    // A worker process runs file after file with its modules loaded once: importing the server's
    // module graph again for every file cost about as much CPU as the tests themselves (27 API
    // files: 225 CPU-s isolated, 121 CPU-s shared). Every file still builds its own apps and
    // databases; VITEST_ISOLATE=1 gives each file a fresh process again, to rule out a leak.
    isolate: process.env.VITEST_ISOLATE === '1',
    // Many files wait on real servers (SMTP, IMAP, PostgreSQL): more files than cores keeps both
    // busy. Not more than three on two cores: CPU-heavy files (argon2 bursts, RSA keys) must stay
    // inside their timeouts.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || Math.max(3, availableParallelism()),
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
