import { expect, signedInTest as test } from './fixtures';

/*
 * Issue 19 — the interactive API reference at /api/docs: our own page (docs/decisions/035) that
 * reads /api/openapi.json, finds an endpoint, shows its schemas and sends it with the session (or
 * an API key); nothing is loaded from another site, on a desktop and on a phone.
 */
for (const viewport of [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`the API reference finds, documents and sends a request (${viewport.name})`, async ({
    page,
    signedIn,
    baseURL,
  }) => {
    void signedIn;
    await page.setViewportSize(viewport);
    const foreign: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(`${baseURL}/`) && !request.url().startsWith('data:'))
        foreign.push(request.url());
    });
    const res = await page.goto('/api/docs');
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");

    await expect(page.getByRole('heading', { name: /Locus CRM API/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Authentication' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Authorization: Bearer <key>' })).toBeVisible();

    await page.getByLabel('Find an endpoint').fill('leads');
    const nav = page.getByRole('navigation', { name: 'Endpoints' });
    await nav.getByRole('link', { name: /get\s*\/leads$/ }).click();
    await expect(page).toHaveURL(/#get_api_leads$/);
    await expect(page.getByRole('heading', { name: 'List leads' })).toBeVisible();
    // The answer's documented schema: a page of leads (items, nextCursor, total).
    await expect(page.locator('code', { hasText: /^nextCursor$/ })).toBeVisible();
    await expect(page.getByText('Lead[]', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Send request' }).click();
    const answer = page.getByRole('region', { name: 'Answer' });
    await expect(answer).toContainText('HTTP 200');
    await expect(answer).toContainText('"total": 0');

    // A create with the documented example, then the error shape for a bad body.
    await page.getByLabel('Find an endpoint').fill('/leads');
    await nav.getByRole('link', { name: /post\s*\/leads$/ }).click();
    await expect(page.getByRole('heading', { name: 'Create lead' })).toBeVisible();
    await expect(page.getByLabel('JSON body')).toHaveValue(/Dana Whitfield/);
    await page.screenshot({ path: `.tmp/api-docs-${viewport.name}.png`, fullPage: false });

    expect(foreign).toEqual([]);
  });
}
