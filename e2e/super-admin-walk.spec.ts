import { expect, signedInTest, skipOnboarding, superAdminTest, watchConsole } from './fixtures';
import { superAdminSections } from '../src/client/features/super-admin/sections';

/*
 * A walk through every section of /super-admin (issue 20), at the desk and on a phone: each
 * opens from the section navigation with its title, shows its own content (no loading skeleton
 * left, nothing overflowing the page sideways) and logs no console error.
 */
for (const viewport of [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  superAdminTest(`every super-admin section opens on a ${viewport.name}`, async ({ page, superAdmin }) => {
    superAdminTest.setTimeout(120_000);
    expect(superAdmin.email).toBeTruthy();
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const problems = watchConsole(page);
    await page.goto('/super-admin');
    await expect(page.getByRole('heading', { name: 'Super admin', level: 1 })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Super admin sections' });
    for (const section of superAdminSections) {
      await nav.getByRole('link', { name: section.label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/super-admin/${section.id}$`));
      await expect(page.getByRole('heading', { name: section.label, level: 2 })).toBeVisible();
      await expect(page.getByLabel('Loading', { exact: true })).toHaveCount(0);
      await expect(page.getByText('Being built.')).toHaveCount(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${section.id} overflows sideways by ${overflow}px`).toBeLessThanOrEqual(0);
    }
    expect(problems).toEqual([]);
  });
}

signedInTest(
  'a member of an organization is refused /super-admin and never loads its code',
  async ({ page, signedIn }) => {
    expect(signedIn.email).toBeTruthy();
    await skipOnboarding(page);
    const loaded: string[] = [];
    page.on('request', (request) => {
      if (/super-admin-page|organizations-section/.test(request.url())) loaded.push(request.url());
    });
    await page.goto('/super-admin');
    await expect(page.getByText(/permission|restricted/i).first()).toBeVisible();
    expect(loaded).toEqual([]);
    const res = await page.request.get('/api/super-admin/organizations');
    expect(res.status()).toBe(403);
  },
);
