import { expect, test } from './fixtures';

test('the landing page renders without console or CSP errors', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    // A signed-out visitor's sign-in check answers 401 by contract; Chromium logs every 4xx.
    const expected401 =
      message.location().url.endsWith('/api/user') && message.text().includes('status of 401');
    if (message.type() === 'error' && !expected401) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/surplus funds/i);
  await expect(page.getByRole('link', { name: /sign in/i }).first()).toBeVisible();
  expect(problems).toEqual([]);
});

test('/api/health answers with the database reachable', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.ok()).toBe(true);
  expect(await res.json()).toMatchObject({ status: 'ok', database: { reachable: true, driver: 'pglite' } });
});

test('an unknown path shows the not-found page inside the app', async ({ page }) => {
  await page.goto('/no-such-page-here');
  await expect(page.getByText(/page not found/i)).toBeVisible();
});
