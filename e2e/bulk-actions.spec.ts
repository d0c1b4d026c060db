import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signedInTest as test } from './fixtures';

/*
 * "Select all N matching" (docs/decisions/020): every loaded row ticked offers the whole filter;
 * the action runs on the server in batches (BULK_BATCH_SIZE is 20 in e2e) with its progress in
 * the bulk bar, and touches exactly the matching leads less the ones unticked.
 */

async function skipFirstRunDialogs(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem('locus-welcome-seen', 'true');
    localStorage.setItem(
      'locus-cookie-consent',
      JSON.stringify({ essential: true, analytics: false, functional: false, marketing: false }),
    );
  });
}

async function createLeads(request: APIRequestContext, names: string[]) {
  for (let start = 0; start < names.length; start += 20) {
    await Promise.all(
      names.slice(start, start + 20).map(async (fullName) => {
        const res = await request.post('/api/leads', { data: { fullName } });
        expect(res.status(), await res.text()).toBe(201);
      }),
    );
  }
}

async function leadTotal(request: APIRequestContext, query: string) {
  const res = await request.get(`/api/leads?${query}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { total: number }).total;
}

/** Records whether the bulk bar's progress bar was ever shown (it may come and go between two polls). */
async function watchForProgress(page: Page) {
  await page.evaluate(() => {
    const seen = window as unknown as { sawBulkProgress?: boolean };
    seen.sawBulkProgress = false;
    new MutationObserver(() => {
      if (document.querySelector('[aria-label="Bulk actions"] [role="progressbar"]'))
        seen.sawBulkProgress = true;
    }).observe(document.body, { childList: true, subtree: true, attributes: true });
  });
}

const sawProgress = (page: Page) =>
  page.evaluate(() => (window as unknown as { sawBulkProgress?: boolean }).sawBulkProgress === true);

let problems: string[] = [];

test.beforeEach(async ({ page }) => {
  await skipFirstRunDialogs(page);
  problems = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
});

test.afterEach(() => {
  expect(problems).toEqual([]);
});

test('select all matching leads: status change on the filter less one unticked, then delete with the exact count', async ({
  page,
  signedIn: _signedIn,
}) => {
  test.setTimeout(120_000);
  const cooks = Array.from({ length: 60 }, (_, i) => `Cook Lead ${String(i + 1).padStart(2, '0')}`);
  await createLeads(page.request, [...cooks, 'Dana Other', 'Eli Other']);

  await page.goto('/leads?search=Cook&sort=fullName');
  const leads = page.getByRole('table', { name: 'Leads' });
  await expect(page.getByText('60 leads', { exact: true })).toBeVisible();
  await expect(leads.getByRole('row', { name: /Cook Lead 01/ })).toBeVisible();

  // Ticking every loaded row offers the whole filter.
  await leads.getByRole('checkbox', { name: 'Select all loaded leads' }).click();
  const bulk = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bulk.getByText('50 leads selected')).toBeVisible();
  await expect(bulk.getByText('All 50 leads on this page are selected.')).toBeVisible();
  await bulk.getByRole('button', { name: 'Select all 60 matching leads' }).click();
  await expect(bulk.getByText('All 60 matching leads are selected.')).toBeVisible();
  await expect(bulk.getByText('60 leads selected')).toBeVisible();

  // One lead left out of the action.
  await leads.getByRole('checkbox', { name: 'Select Cook Lead 01' }).click();
  await expect(bulk.getByText('59 leads selected')).toBeVisible();
  await expect(bulk.getByText('59 matching leads are selected.')).toBeVisible();

  await watchForProgress(page);
  await bulk.getByRole('button', { name: 'Change status' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change status' });
  await expect(dialog.getByText('Applies to the 59 leads you selected.')).toBeVisible();
  await dialog.getByLabel('Status').selectOption('Contacted');
  await dialog.getByRole('button', { name: 'Apply to 59 leads' }).click();
  await expect(page.getByText('59 leads updated')).toBeVisible();
  expect(await sawProgress(page)).toBe(true);
  await expect(bulk).toBeHidden();
  await expect(leads.getByRole('row', { name: /Cook Lead 02/ })).toContainText('Contacted');
  await expect(leads.getByRole('row', { name: /Cook Lead 01/ })).toContainText('New');
  expect(await leadTotal(page.request, 'leadStatus=Contacted')).toBe(59);
  expect(await leadTotal(page.request, 'search=Other&leadStatus=New')).toBe(2);

  // Delete everything the new filter matches: the confirmation names the exact count.
  await page.goto('/leads?search=Cook&leadStatus=Contacted&sort=fullName');
  await expect(page.getByText('59 leads', { exact: true })).toBeVisible();
  await leads.getByRole('checkbox', { name: 'Select all loaded leads' }).click();
  await bulk.getByRole('button', { name: 'Select all 59 matching leads' }).click();
  await expect(bulk.getByText('All 59 matching leads are selected.')).toBeVisible();
  await watchForProgress(page);
  await bulk.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete 59 leads?' });
  await confirm.getByRole('button', { name: 'Delete 59 leads' }).click();
  await expect(page.getByText('59 leads deleted')).toBeVisible();
  expect(await sawProgress(page)).toBe(true);
  await expect(page.getByRole('heading', { name: 'No leads match' })).toBeVisible();
  expect(await leadTotal(page.request, '')).toBe(3);
  expect(await leadTotal(page.request, 'search=Cook Lead 01')).toBe(1);
});
