import { expect, test } from './fixtures';

/*
 * The public site as a visitor meets it (issue 13): a clean console and no failed requests on
 * every public page, a real 404 for unknown addresses, and a menu on phone widths.
 */

const publicPages = ['/', '/about', '/blog', '/careers', '/contact', '/privacy', '/terms', '/auth'];

test('public pages log no console errors and no request fails', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) =>
    problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`);
  });
  for (const path of publicPages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // The sign-in check has answered (the cookie banner waits for it).
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
    // Late requests (the favicon) finish before the next page or the test's end cancels them:
    // a request the browser aborts on leaving is not one the site failed.
    await page.waitForLoadState('networkidle');
  }
  expect(problems).toEqual([]);
});

test('an unknown address answers 404 with the not-found page; a missing asset a plain 404', async ({
  page,
}) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  const deep = await page.goto('/leads/1/extra');
  expect(deep?.status()).toBe(404);
  const known = await page.goto('/about');
  expect(known?.status()).toBe(200);
  const asset = await page.request.get('/assets/missing-chunk-abc123.js');
  expect(asset.status()).toBe(404);
  expect(asset.headers()['content-type']).not.toMatch(/html/);
});

test('phones get a menu with About, Blog, Careers and Contact', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/about');
  const menuButton = page.getByRole('button', { name: 'Menu' });
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  const menu = page.getByRole('navigation', { name: 'Site menu' });
  await expect(menu).toBeHidden();
  await menuButton.click();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  for (const name of ['About', 'Blog', 'Careers', 'Contact']) {
    await expect(menu.getByRole('link', { name })).toBeVisible();
  }
  await menu.getByRole('link', { name: 'Careers' }).click();
  await expect(page).toHaveURL(/\/careers$/);
  await expect(menu).toBeHidden();
  // Escape closes it too.
  await menuButton.click();
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  // Wide screens show the links in the bar instead.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(menuButton).toBeHidden();
  await expect(
    page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Blog' }),
  ).toBeVisible();
});
