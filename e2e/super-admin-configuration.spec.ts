import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, skipOnboarding, superAdminTest as test } from './fixtures';

/*
 * Issue 20 §3 and §10: the configuration and health sections. Maintenance mode and registrations
 * are switched from the screen and seen from another organization's session; both are put back
 * before the test ends (the worker's later tests share the server).
 */

async function registerOtherOrganization(page: Page) {
  const unique = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const res = await page.request.post('/api/auth/register', {
    data: {
      organizationName: `Tenant ${unique}`,
      industrySector: 'Small Business',
      firstName: 'Tina',
      lastName: 'Tenant',
      email: `tenant-${unique}@example.com`,
      password: 'tenant-password-1',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

const platformSwitch = (page: Page, name: string) => page.getByRole('switch', { name });

test('maintenance mode and registrations from the configuration screen reach another organization', async ({
  page,
  browser,
  baseURL,
  superAdmin,
}) => {
  expect(superAdmin.email).toBeTruthy();
  // Another organization's owner, signed in on a browser of their own.
  const otherContext = await browser.newContext({ baseURL });
  const other = await otherContext.newPage();
  await registerOtherOrganization(other);
  await skipOnboarding(other);
  expect((await other.goto('/dashboard'))?.status()).toBe(200);

  await page.goto('/super-admin/configuration');
  const maintenance = platformSwitch(page, 'Maintenance mode');
  await expect(maintenance).toHaveAttribute('aria-checked', 'false');
  try {
    await maintenance.click();
    await page.getByRole('button', { name: 'Turn on maintenance' }).click();
    await expect(maintenance).toHaveAttribute('aria-checked', 'true');

    // The other organization: the app's pages answer with the maintenance page, the API with 503.
    const response = await other.goto('/leads');
    expect(response?.status()).toBe(503);
    expect(response?.headers()['retry-after']).toBeTruthy();
    await expect(other.getByRole('heading', { name: 'Locus is down for maintenance' })).toBeVisible();
    const api = await other.request.get('/api/leads');
    expect(api.status()).toBe(503);
    // The public site stays up, with a banner.
    const visitor = await browser.newPage({ baseURL });
    await visitor.goto('/');
    await expect(visitor.getByTestId('maintenance-banner')).toBeVisible();
    await visitor.close();

    // The super admin keeps working.
    await page.goto('/super-admin/health');
    await expect(page.getByRole('heading', { name: 'Background jobs' })).toBeVisible();
    await page.goto('/super-admin/configuration');
    await platformSwitch(page, 'Maintenance mode').click();
    await expect(platformSwitch(page, 'Maintenance mode')).toHaveAttribute('aria-checked', 'false');
  } finally {
    await page.request.patch('/api/super-admin/system-config', { data: { maintenanceMode: false } });
  }
  // Back to work: the maintenance page's own link leads into the app again.
  await expect
    .poll(async () => (await other.request.get('/api/leads')).status(), { timeout: 5000 })
    .toBe(200);
  await other.goto('/maintenance');
  await expect(other).toHaveURL(/\/dashboard$/);

  // Registrations closed: the sign-up form says so, the API refuses.
  const registrations = platformSwitch(page, 'Allow registrations');
  try {
    await registrations.click();
    await expect(registrations).toHaveAttribute('aria-checked', 'false');
    const visitor = await browser.newPage({ baseURL });
    await visitor.goto('/auth?tab=register');
    await expect(visitor.getByText('Registrations are closed')).toBeVisible();
    await expect(visitor.getByRole('button', { name: 'Create account' })).toHaveCount(0);
    await visitor.close();
  } finally {
    await page.request.patch('/api/super-admin/system-config', { data: { allowRegistrations: true } });
  }

  // A limit refused with the API's own message, then a valid one saved, both in the history.
  const retention = page.getByLabel('Audit retention');
  await retention.fill('0');
  await page.getByRole('button', { name: 'Save limits' }).click();
  await expect(page.getByText('Audit retention must be between 1 and 3650 days')).toBeVisible();
  await retention.fill('120');
  await page.getByRole('button', { name: 'Save limits' }).click();
  await expect(page.getByText('Limits saved')).toBeVisible();
  const history = page.getByRole('list', { name: 'Configuration changes' });
  await expect(history.getByText('Audit retention').first()).toBeVisible();
  await expect(history.getByText('90 → 120')).toBeVisible();
  await page.request.patch('/api/super-admin/system-config', { data: { auditRetentionDays: 90 } });
  await otherContext.close();
});

const packageVersion = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;

test('the health section shows the version, database and outbox', async ({ page, superAdmin }) => {
  expect(superAdmin.email).toBeTruthy();
  await page.goto('/super-admin/health');
  const overview = page.getByLabel('Platform overview');
  await expect(overview.getByText('Version')).toBeVisible();
  // The compiled server finds package.json from dist/server as the sources do from src/server.
  await expect(overview.getByText(packageVersion, { exact: true })).toBeVisible();
  await expect(overview.getByText('PGlite (embedded)')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mailboxes in error' })).toBeVisible();
  await expect(page.getByLabel('Failures by kind')).toContainText('Webhooks');
});
