import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, signedInTest as test, skipOnboarding, watchConsole } from './fixtures';

test.beforeEach(({ page }) => skipOnboarding(page));

/** Set SCREENSHOTS_DIR to keep pictures of the page at desktop and phone widths. */
const screenshotsDir = process.env.SCREENSHOTS_DIR;

test('Integrations › API keys: create a key, copy it, call the API with it, revoke it and see 401', async ({
  page,
  context,
  server,
  signedIn,
}) => {
  expect(signedIn.user.email).toBe(signedIn.email);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/integrations');
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'API keys' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Webhooks' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Imports' })).toBeVisible();
  await expect(page.getByRole('link', { name: /API reference/ })).toHaveAttribute('href', '/api/docs');
  await expect(page.getByRole('heading', { name: 'No API keys yet' })).toBeVisible();

  // Create: a short name is refused with the shared message, then a write key for 90 days.
  await page.getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Z');
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await expect(dialog.getByText('Name must be at least 2 characters')).toBeVisible();
  await dialog.getByLabel('Name').fill('Zapier');
  await dialog.getByRole('radio', { name: 'Write' }).check();
  await expect(dialog.getByLabel('Expires')).toHaveValue('90');
  await dialog.getByRole('button', { name: 'Create key' }).click();

  // Shown once, copied with the button.
  await expect(dialog.getByRole('heading', { name: 'Copy your new API key' })).toBeVisible();
  const secret = await dialog.getByLabel('API key', { exact: true }).inputValue();
  expect(secret).toMatch(/^lcs_[A-Za-z0-9_-]{43}$/);
  if (screenshotsDir) {
    await page.screenshot({ path: path.join(screenshotsDir, 'integrations-keys-secret-1440.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(screenshotsDir, 'integrations-keys-secret-390.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
  }
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('listitem', { name: 'Zapier' });
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Write');
  await expect(row).toContainText(secret.slice(0, 12));
  await expect(row).toContainText('Never');
  // Gone from the page for good: only the prefix remains.
  expect(await page.content()).not.toContain(secret);

  // An API client: the key, no cookie.
  const api = (method: string, url: string, body?: unknown) =>
    fetch(`${server.url}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${secret}`,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const created = await api('POST', '/api/leads', { fullName: 'Keyed Lead', email: 'keyed@example.com' });
  expect(created.status).toBe(201);
  const listed = await api('GET', '/api/leads');
  expect(listed.status).toBe(200);
  expect(((await listed.json()) as { items: { fullName: string }[] }).items.map((l) => l.fullName)).toContain(
    'Keyed Lead',
  );
  // A write key cannot reach users.
  expect((await api('POST', '/api/users', {})).status).toBe(403);

  await page.reload();
  await expect(row.getByText('Never')).toHaveCount(0);
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  if (screenshotsDir) {
    await page.screenshot({ path: path.join(screenshotsDir, 'integrations-keys-1440.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(screenshotsDir, 'integrations-keys-390.png'), fullPage: true });
    await page.getByRole('button', { name: 'Create API key' }).click();
    await page.screenshot({ path: path.join(screenshotsDir, 'integrations-keys-create-390.png') });
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1440, height: 900 });
  }

  // The dashboard's card counts it and leads here.
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Integrations' });
  await expect(card.getByTestId('integrations-card-keys')).toHaveText('1 active API key');
  await card.getByRole('link', { name: 'Manage integrations' }).click();
  await expect(page).toHaveURL(/\/integrations$/);

  // Revoke, after confirming: the next call is refused.
  await row.getByRole('button', { name: 'Revoke Zapier' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Every tool using it stops at once');
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Revoked');
  const refused = await api('GET', '/api/leads');
  expect(refused.status).toBe(401);
  expect(await refused.json()).toEqual({ message: 'This API key has been revoked' });

  // A revoked key can be deleted from the list.
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { name: 'No API keys yet' })).toBeVisible();

  // The tabs are in the address.
  await page.getByRole('tab', { name: 'Webhooks' }).click();
  await expect(page).toHaveURL(/\/integrations\?tab=webhooks$/);
  expect(problems).toEqual([]);
});
