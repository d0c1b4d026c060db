import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, skipOnboarding, signedInTest as test } from './fixtures';

test.beforeEach(async ({ page }) => skipOnboarding(page));

const objectsList = (page: Page) => page.getByRole('list', { name: 'Objects' });

test('an object with a select and a number field, the Heirs template in one click, off and on again', async ({
  page,
  signedIn: _signedIn,
}) => {
  // A whole journey: two objects, two fields, a template, a switch, a deletion.
  test.setTimeout(120_000);
  await page.goto('/settings/objects');
  await expect(page.getByRole('heading', { name: 'No objects yet' })).toBeVisible();

  // The type and the plural follow the name.
  await page.getByRole('button', { name: 'New object' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New object' });
  await dialog.getByLabel('Name', { exact: true }).fill('Court filing');
  await expect(dialog.getByLabel('Plural name')).toHaveValue('Court filings');
  await expect(dialog.getByLabel('Type')).toHaveValue('court_filing');
  await dialog.getByRole('radio', { name: 'Gavel' }).check();
  await dialog.getByLabel('Permissions from').selectOption('deals');
  await dialog.getByRole('button', { name: 'Create object' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/settings\/objects\?object=court_filing$/);
  await expect(page.getByRole('heading', { name: 'Court filings', exact: true })).toBeVisible();

  // A select field with its options.
  await page.getByRole('button', { name: 'Add field' }).first().click();
  let field = page.getByRole('dialog', { name: 'New court filing field' });
  await field.getByLabel('Name', { exact: true }).fill('Status');
  await field.getByLabel('Type').selectOption('select');
  await field.getByRole('textbox', { name: 'Option 1' }).fill('Filed');
  await field.getByRole('textbox', { name: 'Option 2' }).fill('Granted');
  await field.getByLabel('Required').check();
  await field.getByRole('button', { name: 'Add field' }).click();
  await expect(field).toBeHidden();

  // A number field with bounds.
  await page.getByRole('button', { name: 'Add field' }).first().click();
  field = page.getByRole('dialog', { name: 'New court filing field' });
  await field.getByLabel('Name', { exact: true }).fill('Claim amount');
  await field.getByLabel('Type').selectOption('number');
  await field.getByLabel('Minimum', { exact: true }).fill('0');
  await field.getByRole('button', { name: 'Add field' }).click();
  await expect(field).toBeHidden();
  const fields = page.getByRole('list', { name: 'Fields in General' });
  await expect(fields.getByText('Status', { exact: true })).toBeVisible();
  await expect(fields.getByText('claimAmount')).toBeVisible();

  // The Heirs template of the organization's sector, in one click.
  await page.getByRole('link', { name: 'All objects' }).click();
  const heirs = page.getByRole('region', { name: 'Heirs template' });
  await expect(heirs.getByText('Share %').or(heirs.getByText(/Share/)).first()).toBeVisible();
  await heirs.getByRole('button', { name: 'Add Heirs' }).click();
  await expect(heirs.getByText('Added')).toBeVisible();
  await expect(objectsList(page).getByRole('link', { name: 'Heirs' })).toBeVisible();
  await expect(objectsList(page).getByRole('link', { name: 'Court filings' })).toBeVisible();

  // Off keeps the object (and its records), on brings it back.
  const heirsOn = page.getByRole('switch', { name: 'Heirs on' });
  await expect(heirsOn).toBeChecked();
  await heirsOn.click();
  await expect(page.getByText('Heirs turned off')).toBeVisible();
  await expect(heirsOn).not.toBeChecked();
  await expect(objectsList(page).getByText('Off', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Heirs on' })).not.toBeChecked();
  await page.getByRole('switch', { name: 'Heirs on' }).click();
  await expect(page.getByText('Heirs turned on')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Heirs on' })).toBeChecked();

  // Delete asks for the typed name and says the records go too.
  await page.getByRole('button', { name: 'Actions for Court filings' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Court filings?' });
  await expect(confirm).toContainText('records');
  await expect(confirm.getByRole('button', { name: 'Delete object' })).toBeDisabled();
  await confirm.getByLabel('Type “Court filings” to confirm').fill('Court filings');
  await confirm.getByRole('button', { name: 'Delete object' }).click();
  await expect(confirm).toBeHidden();
  await expect(objectsList(page).getByRole('link', { name: 'Court filings' })).toBeHidden();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '.tmp/objects-settings-390.png', fullPage: true });
});

test('entity-test shows each field result live and the server agrees', async ({
  page,
  signedIn: _signedIn,
}) => {
  const added = await page.request.post('/api/entity-templates/surplus-heirs/install');
  expect(added.status()).toBe(201);

  await page.goto('/entity-test');
  await page.getByLabel('Object').selectOption({ label: 'Heirs' });
  const share = page.getByRole('listitem', { name: /Share/ });
  await share.getByRole('textbox').fill('abc');
  await expect(share.getByText(/Browser:.*must be a number/)).toBeVisible();
  await page.getByRole('button', { name: 'Check on server' }).click();
  await expect(share.getByText(/Server:.*must be a number/)).toBeVisible();
  await share.getByRole('textbox').fill('25');
  await expect(share.getByText(/Browser: Valid/)).toBeVisible();
});

test('entity-mockups shows every sector with its sample records', async ({ page, signedIn: _signedIn }) => {
  await page.goto('/entity-mockups');
  await expect(page.getByRole('heading', { name: 'Heirs', level: 2 })).toBeVisible();
  await page.getByLabel('Sector').selectOption('Wholesaler');
  await expect(page.getByRole('heading', { name: 'Heirs', level: 2 })).toBeHidden();
  await expect(page.getByRole('table').first()).toBeVisible();
});

test("Settings › Objects, an object's fields and the sandboxes have no serious axe-core violations", async ({
  page,
  signedIn: _signedIn,
}) => {
  test.setTimeout(120_000);
  expect((await page.request.post('/api/entity-templates/surplus-heirs/install')).status()).toBe(201);
  const screens: { path: string; ready: (page: Page) => Promise<void> }[] = [
    { path: '/settings/objects', ready: (p) => expect(objectsList(p)).toBeVisible() },
    {
      path: '/settings/objects?object=heir',
      ready: (p) => expect(p.getByText('sharePercent')).toBeVisible(),
    },
    { path: '/entity-mockups', ready: (p) => expect(p.getByRole('table').first()).toBeVisible() },
    { path: '/entity-test', ready: (p) => expect(p.getByLabel('Object')).toBeVisible() },
  ];
  const found: Record<string, string[]> = {};
  for (const screen of screens) {
    await page.goto(screen.path);
    await screen.ready(page);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    if (serious.length > 0) {
      found[screen.path] = serious.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
    }
  }
  expect(found).toEqual({});
});
