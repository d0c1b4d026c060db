import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/server/test/global-setup.ts'],
    pool: 'forks',
    // Many files wait on real servers (SMTP, IMAP, PostgreSQL): more files than cores keeps both busy.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || Math.max(3, availableParallelism()),
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
