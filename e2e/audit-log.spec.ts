import { readFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, signedInTest as test, skipOnboarding } from './fixtures';

test.beforeEach(({ page }) => skipOnboarding(page));

test('Settings › Security: an admin sees their own sign-in, filters the log and downloads it as CSV', async ({
  page,
  signedIn,
}) => {
  // A mistyped password, then the right one: both are in the log.
  const wrong = await page.request.post('/api/auth/login', {
    data: { email: signedIn.email, password: 'not-my-password' },
  });
  expect(wrong.status()).toBe(401);
  const right = await page.request.post('/api/auth/login', {
    data: { email: signedIn.email, password: signedIn.password },
  });
  expect(right.status()).toBe(200);

  await page.goto('/settings');
  await page
    .getByRole('navigation', { name: 'Settings sections' })
    .getByRole('link', { name: 'Security' })
    .click();
  await expect(page).toHaveURL(/\/settings\/security$/);
  const log = page.getByRole('table', { name: 'Audit log' });
  const signIn = log.getByRole('row').filter({ hasText: 'Signed in' });
  await expect(signIn.first()).toBeVisible();
  await expect(signIn.first()).toContainText('Olivia Owner');
  await expect(log.getByRole('row').filter({ hasText: 'Sign-in failed' })).toHaveCount(1);
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // Filter by action: only the failure, with the e-mail tried.
  await page.getByLabel('Action').selectOption({ label: 'Sign-in failed' });
  await expect(page.getByText('1 event', { exact: true })).toBeVisible();
  await expect(log.getByRole('row')).toHaveCount(2);
  await expect(log).toContainText(signedIn.email);

  // A date range with nothing in it: the empty state.
  await page.getByLabel('To').fill('2000-01-01');
  await expect(page.getByRole('heading', { name: 'No events match these filters' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(signIn.first()).toBeVisible();
  // Today (the browser's day) holds them.
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
  const answered = page.waitForResponse(
    (res) => /\/api\/system-audit-logs\?.*from=.*to=/.test(res.url()) && res.status() === 200,
  );
  await page.getByLabel('From').fill(today);
  await page.getByLabel('To').fill(today);
  await answered;
  await expect(signIn.first()).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();

  // Filter by user, then download that log.
  await page.getByLabel('User').selectOption({ label: 'Olivia Owner' });
  await page.getByLabel('Action').selectOption({ label: 'Signed in' });
  // Registration signed the owner in, then the sign-in above.
  await expect(page.getByText('2 events', { exact: true })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path()) as string, 'utf8')
    .trim()
    .split('\r\n');
  expect(csv[0]).toContain('Time,User,User e-mail,Action');
  expect(csv).toHaveLength(3);
  for (const line of csv.slice(1)) {
    expect(line).toContain('Signed in');
    expect(line).toContain(signedIn.email);
  }

  // The download itself is in the log.
  await page.getByLabel('Action').selectOption({ label: 'Exported to CSV' });
  await expect(log.getByRole('row').filter({ hasText: 'Audit log' })).toHaveCount(1);

  // Phones: the same events, without sideways scrolling of the page.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(signIn.first()).toBeVisible();
  await expect(signIn.first()).toContainText('Olivia Owner');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('a plain user has no Security section', async ({ page, signedIn }) => {
  const email = `member-${Date.now().toString(36)}@example.com`;
  const created = await page.request.post('/api/users', {
    data: {
      email,
      firstName: 'Mia',
      lastName: 'Member',
      role: 'user',
      status: 'active',
      password: 'temporary-1',
    },
  });
  expect(created.status(), signedIn.email).toBe(201);
  await page.request.get('/api/logout', { maxRedirects: 0 });
  expect(
    (await page.request.post('/api/auth/login', { data: { email, password: 'temporary-1' } })).status(),
  ).toBe(200);
  const changed = await page.request.post('/api/auth/change-password', {
    data: { currentPassword: 'temporary-1', newPassword: 'my-own-password-1' },
  });
  expect(changed.status()).toBe(200);

  await page.goto('/settings/profile');
  const sections = page.getByRole('navigation', { name: 'Settings sections' });
  await expect(sections.getByRole('link', { name: 'Profile' })).toBeVisible();
  await expect(sections.getByRole('link', { name: 'Security' })).toHaveCount(0);
  expect((await page.request.get('/api/system-audit-logs')).status()).toBe(403);
});
