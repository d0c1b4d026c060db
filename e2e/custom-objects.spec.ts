import type { Page } from '@playwright/test';
import { expect, signedInTest as test, skipOnboarding } from './fixtures';

/**
 * Custom objects (issue 14): the Heirs template of a surplus organization, two heirs added to a
 * deal from the deal's page and seen on both sides, then the heirs list (filter, search, export)
 * and the pages at desktop and phone widths.
 */

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

async function addHeir(page: Page, heir: { name: string; relationship: string; share: string }) {
  const linked = page.getByRole('region', { name: 'Linked records' });
  await linked.getByRole('button', { name: 'Add heir' }).click();
  await page.getByRole('menuitem', { name: 'New heir' }).click();
  const dialog = page.getByRole('dialog', { name: 'New heir' });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(heir.name);
  await dialog.getByRole('combobox', { name: 'Relationship to owner' }).selectOption(heir.relationship);
  await dialog.getByRole('textbox', { name: 'Share %' }).fill(heir.share);
  await dialog.getByRole('button', { name: 'Create heir' }).click();
  await expect(dialog).toBeHidden();
  await expect(linked.getByRole('link', { name: heir.name })).toBeVisible();
}

async function shoot(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // Nothing sticks out sideways at either width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('heirs added to a deal from its page show on both sides; the heirs list filters, searches and exports', async ({
  page,
  signedIn: _signedIn,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const install = await page.request.post('/api/entity-templates/surplus-heirs/install');
  expect(install.status(), await install.text()).toBe(201);
  const created = await page.request.post('/api/deals', {
    data: { dealName: 'Estate of Ruth Abernathy', stage: 'Research', dealValue: 12000 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const deal = (await created.json()) as { id: string };

  // The object is in the navigation after Deals.
  await page.goto(`/deals/${deal.id}`);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Heirs' })).toBeVisible({ timeout: 15_000 });

  // Two heirs, created from the deal's page already linked to it.
  const linked = page.getByRole('region', { name: 'Linked records' });
  await expect(linked.getByText('No heirs linked yet.')).toBeVisible();
  await addHeir(page, { name: 'Lorraine Pike', relationship: 'Child', share: '50' });
  await addHeir(page, { name: 'Marcus Abernathy', relationship: 'Sibling', share: '50' });
  await expect(linked.getByRole('heading', { name: 'Heirs · 2' })).toBeVisible();
  await page.reload();
  await expect(linked.getByRole('link', { name: 'Lorraine Pike' })).toBeVisible();
  await expect(linked.getByRole('link', { name: 'Marcus Abernathy' })).toBeVisible();
  await shoot(page, 'deal-with-heirs');

  // The heir's page shows its fields and the deal it belongs to.
  await linked.getByRole('link', { name: 'Lorraine Pike' }).click();
  await expect(page.getByRole('heading', { name: 'Lorraine Pike', level: 1 })).toBeVisible();
  await expect(page.getByText('Relationship to owner')).toBeVisible();
  await expect(page.getByText('Child', { exact: true })).toBeVisible();
  const related = page.getByRole('region', { name: 'Related records' });
  await expect(related.getByRole('link', { name: 'Estate of Ruth Abernathy' })).toBeVisible();
  await shoot(page, 'heir');
  await related.getByRole('link', { name: 'Estate of Ruth Abernathy' }).click();
  await expect(page).toHaveURL(new RegExp(`/deals/${deal.id}$`));

  // The heirs list: both heirs; a field filter and a search narrow it; the export follows the list.
  await nav.getByRole('link', { name: 'Heirs' }).click();
  await expect(page.getByRole('heading', { name: 'Heirs', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Heirs' });
  await expect(table.getByRole('link', { name: 'Lorraine Pike' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Marcus Abernathy' })).toBeVisible();
  await shoot(page, 'heirs-list');

  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByLabel('Relationship to owner').selectOption('Sibling');
  await expect(table.getByRole('link', { name: 'Marcus Abernathy' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Lorraine Pike' })).toBeHidden();
  const exportLink = page.getByRole('link', { name: 'Export CSV' });
  const href = await exportLink.getAttribute('href');
  expect(href).toContain('entityType=heir');
  expect(href).toContain('relationship=Sibling');
  const csv = await page.request.get(href ?? '');
  expect(csv.status()).toBe(200);
  const text = await csv.text();
  expect(text).toContain('Marcus Abernathy');
  expect(text).not.toContain('Lorraine Pike');

  await page.getByRole('button', { name: 'Clear all' }).click();
  await page.getByRole('searchbox', { name: 'Search heirs' }).fill('Lorr');
  await expect(table.getByRole('link', { name: 'Lorraine Pike' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Marcus Abernathy' })).toBeHidden();
});
