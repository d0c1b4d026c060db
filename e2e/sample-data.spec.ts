import type { Page } from '@playwright/test';
import { expect, skipOnboarding, signedInTest as test } from './fixtures';

// These specs are about the sample a new organization starts with: keep it.
test.use({ keepSampleData: true });

let problems: string[] = [];

test.beforeEach(async ({ page }) => {
  await skipOnboarding(page);
  // Console errors and uncaught exceptions (CSP violations, React warnings) fail the test.
  problems = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
});

test.afterEach(() => {
  expect(problems).toEqual([]);
});

const sampleCard = (page: Page) => page.getByRole('region', { name: 'Sample data' });
const confirmDialog = (page: Page) => page.getByRole('alertdialog', { name: 'Clear sample data?' });

test('a new organization sees sample records; clearing them from Settings (confirmed) empties the lists', async ({
  page,
  signedIn: _signedIn,
}) => {
  test.setTimeout(60_000);
  await page.goto('/leads');
  const leads = page.getByRole('table', { name: 'Leads' });
  await expect(leads.getByRole('row', { name: /Harold Penwick/ })).toBeVisible();
  await expect(page.getByText('8 leads', { exact: true })).toBeVisible();
  await page.goto('/deals');
  await expect(page.getByText('Vanterpool — 1418 Magnolia Ct').first()).toBeVisible();

  await page.goto('/settings/organization');
  const card = sampleCard(page);
  for (const [label, count] of [
    ['Leads', '8'],
    ['Clients', '4'],
    ['Companies', '3'],
    ['Deals', '5'],
  ]) {
    await expect(card.getByText(label, { exact: true }).locator('xpath=..')).toContainText(count);
  }

  // Nothing is removed until it is confirmed.
  await card.getByRole('button', { name: 'Clear sample data' }).click();
  await expect(confirmDialog(page)).toContainText('8 leads, 4 clients, 3 companies and 5 deals');
  await confirmDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(confirmDialog(page)).toBeHidden();
  await expect(card.getByText('Leads', { exact: true }).locator('xpath=..')).toContainText('8');

  await card.getByRole('button', { name: 'Clear sample data' }).click();
  await confirmDialog(page).getByRole('button', { name: 'Clear sample data' }).click();
  await expect(page.getByText('Sample data cleared')).toBeVisible();
  await expect(confirmDialog(page)).toBeHidden();
  await expect(card.getByText('No sample data left')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Clear sample data' })).toHaveCount(0);

  await page.goto('/leads');
  await expect(page.getByRole('heading', { name: 'No leads yet' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'Add your first lead' }).first()).toBeVisible();
  await expect(sampleCard(page)).toHaveCount(0);
});

test('the dashboard hint clears the sample in place, and a dismissed hint stays dismissed', async ({
  page,
  signedIn: _signedIn,
}) => {
  await page.goto('/dashboard');
  const hint = sampleCard(page);
  await expect(hint).toContainText("You're looking at sample data.");
  await expect(page.getByTestId('kpi-open-pipeline-value')).not.toHaveText('$0');

  // Dismissed: gone, also after a reload.
  await hint.getByRole('button', { name: 'Dismiss' }).click();
  await expect(hint).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('kpi-open-pipeline-value')).not.toHaveText('$0');
  await expect(hint).toHaveCount(0);

  // Back again for this test, and cleared from the hint: the figures refresh without a reload.
  await page.evaluate(() => localStorage.removeItem('locus-sample-data-hint-dismissed'));
  await page.reload();
  await hint.getByRole('button', { name: 'Clear sample data' }).click();
  await confirmDialog(page).getByRole('button', { name: 'Clear sample data' }).click();
  await expect(page.getByText('Sample data cleared')).toBeVisible();
  await expect(hint).toHaveCount(0);
  await expect(page.getByTestId('kpi-open-pipeline-value')).toHaveText('$0');
  await expect(page.getByRole('link', { name: 'Add your first lead' }).first()).toBeVisible();
});
