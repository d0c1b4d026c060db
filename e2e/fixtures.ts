import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { startTestSmtpServer, type TestSmtpServer } from '../src/server/test/smtp-server';
import { e2eTemplateDir } from './global-setup';
import { freePort } from '../src/server/test/free-port';

/** The platform's super admin on every e2e server (SUPER_ADMIN_EMAILS); `superAdminTest` signs in as them. */
export const superAdminEmail = 'platform-admin@e2e.locus.test';
const superAdminPassword = 'platform-admin-1';

/** How long an upload is safe from the e2e server's sweep: longer than any composer here takes. */
export const fileSweepGraceMs = 15_000;

export interface LocusServer {
  url: string;
  dataDir: string;
}

/**
 * A real server per worker, on its own port and its own PGlite data directory, sending its
 * platform mail (SMTP_URL) to a real SMTP server of the worker's own (`smtp.received`).
 */
export const test = base.extend<{}, { server: LocusServer; smtp: TestSmtpServer }>({
  smtp: [
    // oxlint-disable-next-line no-empty-pattern -- Playwright requires an object pattern here.
    async ({}, use) => {
      const smtp = await startTestSmtpServer();
      await use(smtp);
      await smtp.close();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ smtp }, use) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'locus-e2e-'));
      // The run's migrated database (global-setup.ts), copied: the server's own migrate is then a no-op.
      if (existsSync(e2eTemplateDir)) cpSync(e2eTemplateDir, path.join(dataDir, 'db'), { recursive: true });
      const port = await freePort();
      // The compiled server `npm start` runs (npm test builds it with the client; issue 21 §5).
      const child = spawn(process.execPath, ['dist/server/main.mjs'], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: path.join(dataDir, 'db'),
          LOG_LEVEL: 'warn',
          // Sweep often, with a grace short enough to watch a deleted activity's file go.
          FILE_SWEEP_INTERVAL_MS: '500',
          FILE_SWEEP_GRACE_MS: String(fileSweepGraceMs),
          // Small batches, so a bulk action on a few dozen rows already runs in several (and shows progress).
          BULK_BATCH_SIZE: '20',
          SMTP_URL: smtp.url,
          OUTBOX_POLL_MS: '1000',
          OUTBOX_RETRY_BASE_MS: '500',
          // Webhook tests deliver to receivers on 127.0.0.1.
          WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
          SUPER_ADMIN_EMAILS: superAdminEmail,
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      const url = `http://127.0.0.1:${port}`;
      await waitForHealth(url, child);
      await use({ url, dataDir });
      await stopServer(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
    // npm test runs the vitest suites beside this one: a server may start on a busy machine.
    { scope: 'worker', timeout: 240_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
});

export { expect } from '@playwright/test';

async function waitForHealth(url: string, child: ChildProcess) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy in 180 s');
}

function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export interface SignedInAccount {
  email: string;
  password: string;
  /** The current-user object the registration answered. */
  user: { id: string; email: string; firstName: string; lastName: string; organizationName: string };
}

let accountCounter = 0;

/**
 * A fresh organization and its owner, registered through the API with the page's own request
 * context, so the session cookie is already in the browser when the test opens a page. The
 * sample data registration seeds is cleared, so specs start from an empty organization, unless
 * a spec asks for it with `test.use({ keepSampleData: true })`.
 */
export const signedInTest = test.extend<{ signedIn: SignedInAccount; keepSampleData: boolean }>({
  keepSampleData: [false, { option: true }],
  signedIn: async ({ page, keepSampleData }, use, testInfo) => {
    accountCounter += 1;
    const unique = `${Date.now().toString(36)}-${testInfo.workerIndex}-${accountCounter}`;
    const email = `owner-${unique}@example.com`;
    const password = 'owner-password-1';
    const res = await page.request.post('/api/auth/register', {
      data: {
        organizationName: `Test Org ${unique}`,
        industrySector: 'Surplus Funds Locator',
        firstName: 'Olivia',
        lastName: 'Owner',
        email,
        password,
      },
    });
    if (res.status() !== 201) throw new Error(`registration failed: ${res.status()} ${await res.text()}`);
    if (!keepSampleData) {
      const cleared = await page.request.delete('/api/sample-data');
      if (cleared.status() !== 200) {
        throw new Error(`clearing sample data failed: ${cleared.status()} ${await cleared.text()}`);
      }
    }
    await use({ email, password, user: await res.json() });
  },
});

/**
 * The server's super admin (their own organization, registered on the worker's first use),
 * signed in on `page` with onboarding skipped. Tests that change platform state (maintenance
 * mode, registrations) put it back before they end: the worker's later tests share the server.
 */
export const superAdminTest = test.extend<{ superAdmin: { email: string; password: string } }>({
  superAdmin: async ({ page }, use) => {
    await skipOnboarding(page);
    const credentials = { email: superAdminEmail, password: superAdminPassword };
    let res = await page.request.post('/api/auth/login', { data: credentials });
    if (res.status() === 401) {
      res = await page.request.post('/api/auth/register', {
        data: {
          organizationName: 'Locus Platform',
          industrySector: 'Small Business',
          firstName: 'Paula',
          lastName: 'Platform',
          ...credentials,
        },
      });
    }
    if (!res.ok()) throw new Error(`super admin sign-in failed: ${res.status()} ${await res.text()}`);
    await use(credentials);
  },
});

/**
 * Marks the welcome tour as seen and cookie consent as given before any page script runs, for
 * tests about other screens (the shell's own specs exercise both).
 */
export async function skipOnboarding(page: import('@playwright/test').Page) {
  await page.addInitScript(() => {
    localStorage.setItem('locus-welcome-seen', 'true');
    localStorage.setItem(
      'locus-cookie-consent',
      JSON.stringify({ essential: true, analytics: false, functional: false, marketing: false }),
    );
  });
}

/**
 * A member of the signed-in owner's organization (created by `page`'s owner with `user` fields,
 * a manager by default), signed in on a page of their own with their temporary password replaced.
 */
export async function signedInMember(
  page: import('@playwright/test').Page,
  browser: import('@playwright/test').Browser,
  baseURL: string | undefined,
  user: Record<string, unknown> = {},
) {
  const email = `member-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const created = await page.request.post('/api/users', {
    data: {
      email,
      firstName: 'Nadia',
      lastName: 'Nodeals',
      role: 'manager',
      status: 'active',
      ...user,
      password: 'temporary-3',
    },
  });
  if (created.status() !== 201)
    throw new Error(`creating a member failed: ${created.status()} ${await created.text()}`);
  const context = await browser.newContext({ baseURL });
  const other = await context.newPage();
  await skipOnboarding(other);
  const login = await other.request.post('/api/auth/login', { data: { email, password: 'temporary-3' } });
  if (login.status() !== 200) throw new Error(`member sign-in failed: ${login.status()}`);
  const changed = await other.request.post('/api/auth/change-password', {
    data: { currentPassword: 'temporary-3', newPassword: 'member-own-1' },
  });
  if (!changed.ok()) throw new Error(`member password change failed: ${changed.status()}`);
  return { page: other, context, id: ((await created.json()) as { id: string }).id };
}

/** Console errors and uncaught exceptions of a page (CSP violations, React warnings), for a test to refuse. */
export function watchConsole(page: import('@playwright/test').Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}
