import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, superAdminTest as test } from './fixtures';

/*
 * Super admin › Audit and Analytics (issue 20 §4–5): another organization's repeated failed
 * sign-ins show as high risk in the platform's trail, which filters, searches and downloads (the
 * download itself a platform event); analytics show the platform's days and one organization's.
 */

async function expectNoSeriousAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function screenshots(page: Page, name: string) {
  // For looking at the screen by hand: E2E_SCREENSHOTS=1.
  if (!process.env.E2E_SCREENSHOTS) return;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 1000 });
    await page.screenshot({ path: `.tmp/screens/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a super admin reads every organization’s audit trail and the tenant analytics', async ({
  page,
  playwright,
  baseURL,
  superAdmin,
}) => {
  // Another organization, used, then someone guessing its owner's password three times.
  const tag = randomBytes(3).toString('hex');
  const organizationName = `Globex ${tag}`;
  const email = `globex-${tag}@example.com`;
  const other = await playwright.request.newContext({ baseURL });
  const registered = await other.post('/api/auth/register', {
    data: {
      organizationName,
      industrySector: 'Small Business',
      firstName: 'Gus',
      lastName: 'Globex',
      email,
      password: 'correct horse battery',
    },
  });
  expect(registered.status()).toBe(201);
  for (let i = 0; i < 3; i++) expect((await other.get('/api/user')).status()).toBe(200);
  const guesser = await playwright.request.newContext({ baseURL });
  for (let i = 0; i < 3; i++) {
    const res = await guesser.post('/api/auth/login', { data: { email, password: `guess-${i}` } });
    expect(res.status()).toBe(401);
  }

  await page.goto('/super-admin/audit');
  await expect(page.getByRole('heading', { name: 'Audit', level: 2 })).toBeVisible();
  const summary = page.getByRole('region', { name: /High-risk events/ });
  await expect(summary).toContainText(email);

  // Search the other organization's address: its failures, the third highlighted as high risk.
  const trail = page.getByRole('table', { name: 'Platform audit trail' });
  await page.getByLabel('Search', { exact: true }).fill(email);
  const failures = trail.getByRole('row').filter({ hasText: 'Sign-in failed' });
  await expect(failures).toHaveCount(3);
  const highRisk = trail.locator('tr[data-high-risk="true"]');
  await expect(highRisk).toHaveCount(1);
  await expect(highRisk).toContainText('Repeated failed sign-ins');
  await expect(highRisk).toContainText(organizationName);
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'super-admin-audit');

  // The summary's card narrows the list to its kind.
  await summary.getByRole('button', { name: 'Show in the list' }).first().click();
  await expect(page.getByText('Repeated failed sign-ins', { exact: true }).first()).toBeVisible();
  for (const row of await trail.getByRole('row').filter({ hasText: 'Sign-in failed' }).all()) {
    await expect(row).toHaveAttribute('data-high-risk', 'true');
  }
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByLabel('Search', { exact: true }).fill(email);
  await expect(failures).toHaveCount(3);

  // The risk filter, then the organization picked from a row.
  await page.getByLabel('Risk', { exact: true }).selectOption('high');
  await expect(trail.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByLabel('Search', { exact: true })).toHaveValue('');
  await trail.getByRole('button', { name: organizationName }).first().click();
  await expect(page.getByLabel('Organization', { exact: true })).toHaveValue(/^[0-9a-f-]{36}$/);
  await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Sign-in failed' });
  await expect(page.getByText('3 events', { exact: true })).toBeVisible();

  // Download that view as CSV.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^platform-audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path()) as string, 'utf8')
    .trim()
    .split('\r\n');
  expect(csv[0]).toContain('Time,Organization,Organization ID,User,User e-mail,Action');
  expect(csv).toHaveLength(4);
  for (const line of csv.slice(1)) expect(line).toContain(email);

  // The download is a platform event, by the super admin.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByLabel('Organization', { exact: true }).selectOption('platform');
  const exported = trail.getByRole('row').filter({ hasText: 'Platform audit log exported' }).first();
  await expect(exported).toBeVisible();
  await expect(exported).toContainText('3 rows');

  // Analytics: the platform's last 30 days, then the other organization's 90.
  await page
    .getByRole('navigation', { name: 'Super admin sections' })
    .getByRole('link', { name: 'Analytics' })
    .click();
  await expect(page).toHaveURL(/\/super-admin\/analytics$/);
  await expect(page.getByRole('figure', { name: 'Requests' })).toBeVisible();
  await expect(page.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
  const busiest = page.getByRole('table', { name: 'Busiest organizations' });
  await expect(busiest.getByRole('row').filter({ hasText: organizationName })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'super-admin-analytics');

  await busiest.getByRole('button', { name: organizationName }).click();
  await expect(page.getByLabel('Organization', { exact: true })).toHaveValue(/^[0-9a-f-]{36}$/);
  const totals = page.getByRole('definition').filter({ hasText: /^\d/ });
  await expect(page.getByLabel(`${organizationName}: totals`)).toBeVisible();
  await expect(totals.first()).toBeVisible();
  // Its owner: one active user, one sign-in (the registration), three requests.
  const tiles = page.getByLabel(`${organizationName}: totals`);
  await expect(tiles).toContainText('Active users1');
  await expect(tiles).toContainText('Sign-ins1');
  await page.getByRole('button', { name: '90 days' }).click();
  await expect(page.getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('figure', { name: 'Requests' }).getByRole('img')).toHaveAttribute(
    'aria-label',
    /Requests: 3; highest 3 on/,
  );
  await screenshots(page, 'super-admin-analytics-organization');

  await other.dispose();
  await guesser.dispose();
  expect(superAdmin.email).toBeTruthy();
});
