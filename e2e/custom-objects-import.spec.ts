import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signedInMember, signedInTest as test, skipOnboarding, watchConsole } from './fixtures';

/**
 * Importing a custom object's records from a CSV file (issue 14): the Heirs template installed,
 * a file of two valid heirs and one with a share over 100 imported from the heirs list; the
 * dialog reports the created records, the refused row and the ignored column, and the list shows
 * the new heirs. A file over 5 MB is refused before it is sent.
 */

let problems: string[] = [];

test.beforeEach(async ({ page }) => {
  await skipOnboarding(page);
  problems = watchConsole(page);
});

test.afterEach(() => {
  expect(problems).toEqual([]);
});

const heirsCsv = [
  'Name,Relationship to owner,Share %,Favourite colour',
  'Imported Ann Pike,Child,50,teal',
  'Imported Ben Pike,Sibling,50,',
  'Imported Cal Pike,Child,150,',
].join('\r\n');

async function shootDialog(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeInViewport();
    // The dialog fits the width (its table may scroll inside).
    const box = await dialog.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= width).toBe(true);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('a CSV file of heirs is imported from the list: created rows listed, refused rows explained', async ({
  page,
  signedIn: _signedIn,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const install = await page.request.post('/api/entity-templates/surplus-heirs/install');
  expect(install.status(), await install.text()).toBe(201);

  await page.goto('/objects/heir');
  await expect(page.getByRole('heading', { name: 'Heirs', level: 1 })).toBeVisible({ timeout: 15_000 });

  // Opened from the keyboard, next to Export CSV.
  const importButton = page.getByRole('button', { name: 'Import CSV' });
  await expect(page.getByRole('link', { name: 'Export CSV' })).toBeVisible();
  await importButton.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Import heirs' });
  await expect(dialog).toBeVisible();
  const submit = dialog.getByRole('button', { name: 'Import', exact: true });
  await expect(submit).toBeDisabled();

  // Too large: refused before sending.
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'huge.csv',
    mimeType: 'text/csv',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 'a'),
  });
  await expect(dialog.getByRole('alert')).toHaveText('The file must be at most 5 MB');
  await expect(submit).toBeDisabled();

  // The right file, dropped on the zone.
  const dropped = await page.evaluateHandle((text) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], 'heirs.csv', { type: 'text/csv' }));
    return transfer;
  }, heirsCsv);
  await dialog.getByText('Drop another file here, or').dispatchEvent('drop', { dataTransfer: dropped });
  await expect(dialog.getByText('heirs.csv')).toBeVisible();
  await expect(dialog.getByText(`${Buffer.byteLength(heirsCsv)} B`)).toBeVisible();
  await expect(dialog.getByRole('alert')).toBeHidden();
  await shootDialog(page, 'import-file-chosen');
  await submit.click();

  await expect(dialog.getByRole('status')).toContainText('2 records imported');
  await expect(dialog.getByRole('status')).toBeFocused();
  await expect(dialog.getByText('1 row not imported')).toBeVisible();
  await expect(dialog.getByText('Favourite colour')).toBeVisible();
  const failures = dialog.getByRole('table', { name: 'Rows not imported' });
  await expect(failures.getByRole('row')).toHaveCount(2);
  await expect(failures.getByRole('row').nth(1)).toHaveText(/4\s*Share %\s*Share % must be at most 100/);
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await shootDialog(page, 'import-result');

  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(importButton).toBeFocused();
  const table = page.getByRole('table', { name: 'Heirs' });
  await expect(table.getByRole('link', { name: 'Imported Ann Pike' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Imported Ben Pike' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Imported Cal Pike' })).toBeHidden();
});

test('a member who may not create clients sees no Import CSV on the heirs list', async ({
  page,
  browser,
  baseURL,
  signedIn: _signedIn,
}) => {
  const install = await page.request.post('/api/entity-templates/surplus-heirs/install');
  expect(install.status(), await install.text()).toBe(201);
  // Heirs follow the clients permissions.
  const member = await signedInMember(page, browser, baseURL, {
    permissions: { clients: { read: true, create: false } },
  });
  const memberProblems = watchConsole(member.page);
  await member.page.goto('/objects/heir');
  await expect(member.page.getByRole('heading', { name: 'Heirs', level: 1 })).toBeVisible({
    timeout: 15_000,
  });
  await expect(member.page.getByRole('link', { name: 'Export CSV' })).toBeVisible();
  await expect(member.page.getByRole('button', { name: 'Import CSV' })).toHaveCount(0);
  expect(memberProblems).toEqual([]);
  await member.context.close();
});
