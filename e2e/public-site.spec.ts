import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { collectScripts } from './script-sizes';

/** The public marketing site (product spec §2): pages, the contact form and the early-access signup. */

const consentKey = 'locus-cookie-consent';

/**
 * Console errors and uncaught exceptions. The signed-out check (GET /api/session) answers 200, so
 * a visitor's console stays clean; `allow` adds expected failures.
 */
function watchConsole(page: Page, allow: RegExp[] = []): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = `${message.text()} ${message.location().url}`;
    if (!allow.some((pattern) => pattern.test(text))) problems.push(text);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** A visitor who already answered the cookie banner. */
async function withConsent(page: Page) {
  await page.addInitScript(
    (key) =>
      localStorage.setItem(
        key,
        JSON.stringify({ essential: true, analytics: false, functional: false, marketing: false }),
      ),
    consentKey,
  );
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const pages = [
  { path: '/about', heading: 'We build the CRM we wished surplus recovery teams had' },
  { path: '/blog', heading: 'Notes on running a surplus recovery business' },
  { path: '/careers', heading: 'Help small teams recover more, with less paperwork' },
  { path: '/contact', heading: 'Contact us' },
  { path: '/privacy', heading: 'Privacy policy' },
  { path: '/terms', heading: 'Terms of service' },
];

test('every public page renders its heading, header and footer', async ({ page }) => {
  const problems = watchConsole(page);
  await withConsent(page);
  for (const { path, heading } of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.getByRole('link', { name: 'Locus home' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Legal' })).toBeVisible();
  }
  // The footer links move between the pages without a reload.
  await page.getByRole('navigation', { name: 'Company' }).getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages[0].heading);
  expect(problems).toEqual([]);
});

test('the blog lists real articles that expand in place', async ({ page }) => {
  await withConsent(page);
  await page.goto('/blog');
  const articles = page.getByRole('article');
  await expect(articles.first()).toBeVisible();
  expect(await articles.count()).toBeGreaterThanOrEqual(3);
  const basics = page.getByRole('article', { name: 'What surplus funds are, and why so many go unclaimed' });
  await expect(basics.getByRole('heading', { name: 'Where the money sits' })).toBeHidden();
  await basics.getByRole('button', { name: 'Read article' }).click();
  await expect(basics.getByRole('heading', { name: 'Where the money sits' })).toBeVisible();
  await basics.getByRole('button', { name: 'Show less' }).click();
  await expect(basics.getByRole('heading', { name: 'Where the money sits' })).toBeHidden();
});

test('the privacy policy and terms are real documents', async ({ page }) => {
  await withConsent(page);
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { name: '8. Cookies' })).toBeVisible();
  await expect(page.getByText(/We do not sell personal information/)).toBeVisible();
  await page.goto('/terms');
  await expect(page.getByRole('heading', { name: '6. Help content is not legal advice' })).toBeVisible();
});

test('contact form: the catalogue messages, then a demo request is sent', async ({ page }) => {
  const problems = watchConsole(page);
  await withConsent(page);
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Request a demo' });
  await form.getByRole('button', { name: 'Request a demo' }).click();
  await expect(form.getByText('Name must be at least 2 characters', { exact: true })).toBeVisible();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  await expect(form.getByText('Company name must be at least 2 characters')).toBeVisible();
  await expect(form.getByText('Please select your role')).toBeVisible();

  const email = `dana-${unique()}@example.com`;
  await form.getByLabel('Full name').fill('Dana Recovery');
  await form.getByLabel('Work email').fill(email);
  await form.getByLabel('Company').fill('Recovery Partners LLC');
  await form.getByLabel('Your role').selectOption('Surplus funds locator');
  await form.getByLabel('Phone').fill('555-0100');
  await form.getByLabel('Best time to call').selectOption({ index: 1 });
  await form.getByLabel('How can we help?').fill('We work about 40 cases a month in three counties.');
  const request = page.waitForRequest('**/api/demo-request');
  await form.getByRole('button', { name: 'Request a demo' }).click();
  expect((await request).postDataJSON()).toMatchObject({
    name: 'Dana Recovery',
    email,
    company: 'Recovery Partners LLC',
    persona: 'Surplus funds locator',
    phoneNumber: '555-0100',
    message: 'We work about 40 cases a month in three counties.',
  });
  await expect(page.getByRole('status')).toContainText('Thanks, Dana Recovery! Your request is in.');
  expect(problems).toEqual([]);
});

test('landing page: early-access signup and the demo link', async ({ page }) => {
  const problems = watchConsole(page);
  await withConsent(page);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Request a demo' }).first()).toHaveAttribute(
    'href',
    '/contact',
  );

  const form = page.getByRole('form', { name: 'Early access' });
  await form.getByRole('button', { name: 'Join early access' }).click();
  await expect(form.getByText('Name must be at least 2 characters', { exact: true })).toBeVisible();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  await expect(form.getByText('Please select your role')).toBeVisible();

  // After a failed attempt each message follows the correction as it is typed.
  const email = `sam-${unique()}@example.com`;
  await form.getByLabel('Full name').fill('Sam Investor');
  await expect(form.getByText('Name must be at least 2 characters', { exact: true })).toBeHidden();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  await form.getByLabel('Work email').fill(email);
  await form.getByLabel('Your role').selectOption('Tax deed investor');
  const request = page.waitForRequest('**/api/early-access');
  await form.getByRole('button', { name: 'Join early access' }).click();
  expect((await request).postDataJSON()).toMatchObject({
    name: 'Sam Investor',
    email,
    persona: 'Tax deed investor',
  });
  await expect(page.getByText("You're on the list!")).toBeVisible();

  await page.getByRole('link', { name: 'Request a demo' }).first().click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact us');
  expect(problems).toEqual([]);
});

test('visitors see the cookie banner at once; Accept All stores the choice', async ({ page }) => {
  await page.goto('/about');
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Accept All' }).click();
  await expect(banner).toBeHidden();
  const stored = await page.evaluate((key) => localStorage.getItem(key), consentKey);
  expect(JSON.parse(stored ?? 'null')).toEqual({
    essential: true,
    analytics: true,
    functional: true,
    marketing: true,
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner).toBeHidden();

  // Cookie settings in the footer reopen the choice, starting from what was stored.
  await page.getByRole('button', { name: 'Cookie settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cookie preferences' });
  await expect(dialog.getByRole('switch', { name: 'Marketing' })).toBeChecked();
  await dialog.getByRole('switch', { name: 'Marketing' }).click();
  await dialog.getByRole('button', { name: 'Save preferences' }).click();
  const updated = await page.evaluate((key) => localStorage.getItem(key), consentKey);
  expect(JSON.parse(updated ?? 'null')).toMatchObject({ marketing: false, analytics: true });
});

test('Reject All and the close button', async ({ page }) => {
  await page.goto('/careers');
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await banner.getByRole('button', { name: 'Close cookie banner' }).click();
  await expect(banner).toBeHidden();
  expect(await page.evaluate((key) => localStorage.getItem(key), consentKey)).toBeNull();
  await page.reload();
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Reject All' }).click();
  await expect(banner).toBeHidden();
  const stored = await page.evaluate((key) => localStorage.getItem(key), consentKey);
  expect(JSON.parse(stored ?? 'null')).toEqual({
    essential: true,
    analytics: false,
    functional: false,
    marketing: false,
  });
});

test('the landing page loads at most 90 KB of JavaScript (gzip) and none of the signed-in app', async ({
  page,
}) => {
  const scripts = collectScripts(page);
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('form', { name: 'Early access' })).toBeVisible();
  const loaded = await scripts();
  const total = loaded.reduce((sum, script) => sum + script.gzipBytes, 0);
  expect(total, loaded.map((script) => `${script.chunk} ${script.gzipBytes}`).join('\n')).toBeLessThanOrEqual(
    90 * 1024,
  );
  expect(loaded.map((script) => script.chunk).join(' ')).not.toMatch(
    /signed-in-app|full-app|query-|dashboard/,
  );
});

test('a duplicate early-access address is answered kindly', async ({ page }) => {
  await withConsent(page);
  const email = `again-${unique()}@example.com`;
  for (const expected of ["You're on the list!", "You're already on the list"]) {
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Early access' });
    await form.getByLabel('Full name').fill('Robin Again');
    await form.getByLabel('Work email').fill(email);
    await form.getByLabel('Your role').selectOption('Real estate investor');
    await form.getByRole('button', { name: 'Join early access' }).click();
    await expect(page.getByText(expected)).toBeVisible();
  }
});
