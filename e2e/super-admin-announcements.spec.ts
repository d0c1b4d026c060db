import path from 'node:path';
import { expect, skipOnboarding, superAdminTest as test, watchConsole } from './fixtures';

/** Set SCREENSHOTS_DIR to keep pictures of the screens at desktop and phone widths. */
const screenshotsDir = process.env.SCREENSHOTS_DIR;

async function shoot(page: import('@playwright/test').Page, name: string) {
  if (!screenshotsDir) return;
  await page.screenshot({ path: path.join(screenshotsDir, `${name}-1440.png`) });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(screenshotsDir, `${name}-390.png`) });
  if (size) await page.setViewportSize(size);
}

test('Super admin › Announcements and Releases: post to everyone, another organization sees the bell and marks it read; record a release', async ({
  page,
  browser,
  baseURL,
  superAdmin,
}) => {
  expect(superAdmin.email).toBeTruthy();
  const problems = watchConsole(page);
  const unique = Date.now().toString(36);
  const title = `Maintenance window ${unique}`;
  await page.setViewportSize({ width: 1440, height: 900 });

  // Another organization's owner, signed in on a browser of their own.
  const context = await browser.newContext({ baseURL });
  const member = await context.newPage();
  await skipOnboarding(member);
  const registered = await member.request.post('/api/auth/register', {
    data: {
      organizationName: `Bell Org ${unique}`,
      industrySector: 'Surplus Funds Locator',
      firstName: 'Bella',
      lastName: 'Bell',
      email: `bell-${unique}@example.com`,
      password: 'bell-password-1',
    },
  });
  expect(registered.status()).toBe(201);
  const before = (await (await member.request.get('/api/system-updates')).json()) as { unreadCount: number };

  // Post: markup is refused with the plain-text message, then a plain one goes out to everyone.
  await page.goto('/super-admin/announcements');
  await expect(page.getByRole('heading', { level: 2, name: 'Announcements' })).toBeVisible();
  // The bell fits in the super admin's top bar (one item more than a member's) without pushing it over.
  const bar = page.getByRole('banner').locator('> div');
  expect(await bar.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeInViewport({ ratio: 1 });
  await page.getByRole('button', { name: 'New announcement' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Send to')).toHaveValue('everyone');
  await dialog.getByLabel('Title').fill('<b>Bold</b> news');
  await dialog.getByRole('button', { name: 'Post announcement' }).click();
  await expect(dialog.getByText('Announcements are plain text: remove HTML tags')).toBeVisible();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Message').fill('Locus is read-only on Sunday 02:00–02:30 UTC.');
  await dialog.getByLabel('Priority').selectOption('high');
  await dialog.getByLabel('Icon').selectOption('warning');
  await dialog.getByLabel('Action link').fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: 'Post announcement' }).click();
  await expect(
    dialog.getByText('Action URL must start with https://, http:// or / (a page of Locus)'),
  ).toBeVisible();
  await dialog.getByLabel('Action link').fill('/settings/profile');
  await shoot(page, 'super-admin-announcement-form');
  await dialog.getByRole('button', { name: 'Post announcement' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('listitem', { name: title });
  await expect(row).toContainText('To Everyone');
  await expect(row).toContainText('High');
  await expect(row).toContainText('0 reads');
  await shoot(page, 'super-admin-announcements');

  // The other organization's bell counts it; opening the popover lists it unread.
  await member.setViewportSize({ width: 1440, height: 900 });
  await member.goto('/dashboard');
  const bell = member.getByTestId('announcements-bell');
  const unreadNow = before.unreadCount + 1;
  await expect(bell).toHaveAccessibleName(`Announcements, ${unreadNow} unread`);
  await expect(member.getByTestId('announcements-unread')).toHaveText(
    unreadNow > 9 ? '9+' : String(unreadNow),
  );
  await bell.click();
  const popover = member.getByRole('dialog', { name: 'Announcements' });
  const item = popover.getByRole('listitem', { name: title });
  await expect(item).toHaveAttribute('data-read', 'false');
  await expect(item).toContainText('Locus is read-only on Sunday');
  await expect(item).toContainText('Important');
  await expect(item.getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/settings/profile');
  if (screenshotsDir) {
    await member.screenshot({ path: path.join(screenshotsDir, 'announcements-bell-1440.png') });
  }
  await item.getByRole('button', { name: `Mark “${title}” read` }).click();
  await expect(item).toHaveAttribute('data-read', 'true');
  if (before.unreadCount === 0) {
    await expect(bell).toHaveAccessibleName('Announcements');
    await expect(member.getByTestId('announcements-unread')).toBeHidden();
  } else {
    await expect(bell).toHaveAccessibleName(`Announcements, ${before.unreadCount} unread`);
  }
  await member.keyboard.press('Escape');

  // On a phone the bell stays in the top bar.
  await member.setViewportSize({ width: 390, height: 844 });
  await expect(bell).toBeVisible();
  if (screenshotsDir) {
    await bell.click();
    await member.screenshot({ path: path.join(screenshotsDir, 'announcements-bell-390.png') });
    await member.keyboard.press('Escape');
  }
  await context.close();

  // The super admin sees the read counted.
  await page.reload();
  await expect(page.getByRole('listitem', { name: title })).toContainText('1 read');

  // Releases: record a staging release (not announced to users) and find it in the list.
  const version = `0.${parseInt(unique.slice(-4), 36)}.0`;
  await page.getByRole('link', { name: 'Releases' }).click();
  await expect(page).toHaveURL(/\/super-admin\/releases$/);
  await page.getByRole('button', { name: 'Record release' }).click();
  const recordDialog = page.getByRole('dialog');
  await recordDialog.getByLabel('Version').fill('1.2');
  await recordDialog.getByRole('button', { name: 'Record release' }).click();
  await expect(recordDialog.getByText('Version must look like 1.2.0')).toBeVisible();
  await recordDialog.getByLabel('Version').fill(version);
  await recordDialog.getByLabel('Environment').selectOption('staging');
  await recordDialog.getByLabel('Commit', { exact: true }).fill('abc1234');
  await recordDialog.getByLabel('Commit message').fill('Announcements under the bell');
  await recordDialog.getByLabel('Release notes').fill("# Announcements\n## What's New\n### The bell");
  await recordDialog.getByRole('button', { name: 'Record release' }).click();
  await expect(recordDialog).toBeHidden();
  const release = page.getByRole('listitem', { name: `Release ${version}` });
  await expect(release).toContainText('Staging');
  await expect(release).toContainText('Success');
  await expect(release).toContainText('abc1234 · Announcements under the bell');
  await page.getByLabel('Environment').selectOption('production');
  await expect(page.getByRole('listitem', { name: `Release ${version}` })).toBeHidden();
  await page.getByLabel('Environment').selectOption('staging');
  await expect(page.getByRole('listitem', { name: `Release ${version}` })).toBeVisible();
  await shoot(page, 'super-admin-releases');

  // Delete the announcement: gone from the list.
  await page.getByRole('link', { name: 'Announcements' }).click();
  await page.getByRole('button', { name: `Delete ${title}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('listitem', { name: title })).toBeHidden();
  expect(problems).toEqual([]);
});
