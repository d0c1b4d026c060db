import { expect, test } from './fixtures';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test('a sign-out link on another site asks first; its button signs out', async ({ page, server }) => {
  // The app on one site (localhost), another site (127.0.0.1) linking to its sign-out.
  const app = server.url.replace('127.0.0.1', 'localhost');
  const registered = await page.request.post(`${app}/api/auth/register`, {
    data: {
      organizationName: 'Cross Site Recovery',
      firstName: 'Cara',
      lastName: 'Cross',
      email: `cara-${unique()}@example.com`,
      password: 'correct horse battery',
    },
  });
  expect(registered.status()).toBe(201);
  const signedIn = async () => (await page.request.get(`${app}/api/user`)).status() === 200;

  const visitOtherSiteAndFollowLink = async () => {
    await page.goto(`${server.url}/about`);
    await page.evaluate((href) => {
      const link = document.createElement('a');
      link.href = href;
      link.textContent = 'Free gift';
      document.body.prepend(link);
    }, `${app}/api/logout`);
    await page.getByRole('link', { name: 'Free gift' }).click();
    await expect(page.getByRole('heading', { name: 'Sign out?' })).toBeVisible();
  };

  // Following the link signs nobody out; staying keeps the session.
  await visitOtherSiteAndFollowLink();
  expect(await signedIn()).toBe(true);
  await page.getByRole('link', { name: 'Stay signed in' }).click();
  await page.waitForURL(`${app}/`);
  expect(await signedIn()).toBe(true);

  // The button signs out (a same-origin POST the server accepts).
  await visitOtherSiteAndFollowLink();
  const signedOut = page.waitForResponse((res) => res.request().method() === 'POST');
  await page.getByRole('button', { name: 'Sign out' }).click();
  expect((await signedOut).status()).toBe(303);
  await page.waitForURL(`${app}/`);
  expect(await signedIn()).toBe(false);
});
