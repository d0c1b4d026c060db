import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  // Two workers on CI's two cores; npm test runs this suite alone, after the vitest suites
  // (docs/decisions/038: beside them it took 51 min with timeouts, alone 11.5 min).
  workers: Number(process.env.E2E_WORKERS) || (process.env.CI ? 2 : undefined),
  retries: process.env.CI ? 1 : 0,
  // CI's two cores hold two servers and two browsers: the same checks, more patience than on a laptop.
  // 120 s: on a slower day for this machine (a bare Node start 130–180 ms instead of 75) the longest
  // walks took just over 60 s, twice, and failed with nothing wrong.
  timeout: process.env.CI ? 120_000 : 30_000,
  expect: { timeout: process.env.CI ? 25_000 : 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  outputDir: '.tmp/playwright-results',
  use: {
    browserName: 'chromium',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's chromium, never a downloaded browser (the network here only reaches registries).
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
