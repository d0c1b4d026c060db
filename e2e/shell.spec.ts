import type { Page } from '@playwright/test';
import { expect, signedInTest as test } from './fixtures';

/**
 * The signed-in shell's global elements (product spec §2, §4, §5, §8): help panel, support form,
 * welcome dialog and guided tours, release dialog, cookie banner, feedback and the offline banner.
 */

const storageKeys = {
  welcomeSeen: 'locus-welcome-seen',
  cookieConsent: 'locus-cookie-consent',
  tourProgress: 'locus-tour-progress',
};

/** Console errors and uncaught exceptions; `allow` lists expected failed requests. */
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

/** A returning user: welcome seen and cookies answered, so nothing covers the page. */
async function asReturningUser(page: Page) {
  await page.addInitScript((keys) => {
    localStorage.setItem(keys.welcomeSeen, 'true');
    localStorage.setItem(
      keys.cookieConsent,
      JSON.stringify({ essential: true, analytics: false, functional: false, marketing: false }),
    );
  }, storageKeys);
}

/** Holds requests to `url` until `release()`, so the pending state can be seen. */
async function holdRequests(page: Page, url: string) {
  let open: (() => void) | undefined;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  await page.route(url, async (route) => {
    await gate;
    await route.continue();
  });
  return { release: () => open?.() };
}

async function openDashboard(page: Page) {
  await page.goto('/dashboard');
  // Hidden ones too: on a slow run the welcome dialog (1 s after sign-in) may already be open,
  // and a modal hides the page under it from role queries while it stays on screen.
  await expect(
    page.getByRole('heading', { name: /^Welcome(?: back)?, /, includeHidden: true }),
  ).toBeVisible();
}

async function openHelp(page: Page) {
  await page.getByRole('button', { name: 'Help', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Help Center' });
  await expect(panel).toBeVisible();
  return panel;
}

test.describe('help panel', () => {
  test('opens at 600 px on Tours, and searches tours, guides and the FAQ', async ({ page, signedIn }) => {
    void signedIn;
    const problems = watchConsole(page);
    await asReturningUser(page);
    await openDashboard(page);
    const panel = await openHelp(page);

    const box = await panel.boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(600);
    await expect(panel.getByRole('tab', { name: 'Tours' })).toHaveAttribute('aria-selected', 'true');

    // Tours: all four for a surplus funds locator, each New, ~5 min, Start Tour.
    const tours = panel.getByRole('list', { name: 'Tours' }).getByRole('listitem');
    await expect(tours).toHaveCount(4);
    await expect(tours.first()).toContainText('New');
    await expect(tours.first()).toContainText('~5 min');
    await expect(tours.first().getByRole('button', { name: /Start Tour/ })).toBeVisible();
    await panel.getByRole('searchbox', { name: 'Search tours' }).fill('CLIENT');
    await expect(tours).toHaveCount(1);
    await expect(tours).toContainText('client');
    await panel.getByRole('searchbox', { name: 'Search tours' }).fill('no such tour');
    await expect(panel.getByText('No tours match "no such tour"')).toBeVisible();

    // Guides: five for the sector, descriptions cut at 150 characters.
    await panel.getByRole('tab', { name: 'Guides' }).click();
    const guides = panel.getByRole('list', { name: 'Guides' }).getByRole('listitem');
    await expect(guides).toHaveCount(5);
    const emailGuide = guides.filter({ hasText: 'Setting up e-mail for client outreach' });
    await expect(emailGuide).toContainText('8 min read');
    await expect(emailGuide).toContainText('System Setup');
    await expect(emailGuide).toContainText('...');
    await panel.getByRole('searchbox', { name: 'Search guides' }).fill('DKIM');
    await expect(guides).toHaveCount(1);
    await emailGuide.getByRole('button').click();
    const article = panel.getByRole('article', { name: 'Setting up e-mail for client outreach' });
    await expect(article.getByRole('heading', { level: 1 })).toHaveText(
      'Setting up e-mail for client outreach',
    );
    await expect(article.getByRole('heading', { name: 'Step 5: Send Test Email' })).toBeVisible();
    await panel.getByRole('button', { name: 'Back to guides' }).click();
    await expect(panel.getByRole('list', { name: 'Guides' })).toBeVisible();

    // FAQ: search by question and by answer text; the accordion opens an answer.
    await panel.getByRole('tab', { name: 'FAQ' }).click();
    const search = panel.getByRole('searchbox', { name: 'Search questions' });
    await search.fill('spf');
    const questions = panel.getByRole('button', { name: /SPF, DKIM and DMARC/ });
    await expect(questions).toHaveCount(1);
    await search.fill('app password');
    await expect(panel.getByRole('button', { name: /set up e-mail so Locus sends/ })).toBeVisible();
    await panel.getByRole('button', { name: /set up e-mail so Locus sends/ }).click();
    await expect(panel.getByText(/Go to Settings > Email Configuration/)).toBeVisible();

    // Chat with us: always unavailable.
    await panel.getByRole('button', { name: 'Chat with us' }).click();
    const chat = page.getByRole('dialog', { name: 'Chat Unavailable' });
    await expect(chat).toContainText(
      'Live chat is not available at the moment. Please use the contact form in the Support tab for assistance.',
    );
    await chat.getByRole('button', { name: 'Go to Support' }).click();
    await expect(chat).toBeHidden();
    await expect(panel.getByRole('tab', { name: 'Support' })).toHaveAttribute('aria-selected', 'true');

    // Closing resets the panel to Tours.
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await openHelp(page);
    await expect(panel.getByRole('tab', { name: 'Tours' })).toHaveAttribute('aria-selected', 'true');
    expect(problems).toEqual([]);
  });

  test('support form: the spec messages, then a successful submission', async ({ page, signedIn }) => {
    const problems = watchConsole(page);
    await asReturningUser(page);
    await openDashboard(page);
    const panel = await openHelp(page);
    await panel.getByRole('tab', { name: 'Support' }).click();
    const form = panel.getByRole('form', { name: 'Support request' });

    // Filled in from the signed-in user.
    await expect(form.getByLabel('Email')).toHaveValue(signedIn.email);
    await expect(form.getByLabel('Description')).toHaveAttribute('rows', '4');
    await expect(form.getByLabel('Type').locator('option')).toHaveText([
      'Select a type',
      'Enhancement',
      'Bug Report',
    ]);

    await form.getByLabel('First name').fill('O');
    await form.getByLabel('Last name').fill('');
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByLabel('Description').fill('Too short');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByText('First name must be at least 2 characters')).toBeVisible();
    await expect(form.getByText('Last name must be at least 2 characters')).toBeVisible();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    await expect(form.getByText('Please select a type')).toBeVisible();
    await expect(form.getByText('Description must be at least 10 characters')).toBeVisible();

    await form.getByLabel('First name').fill('Olivia');
    await form.getByLabel('Last name').fill('Owner');
    await form.getByLabel('Email').fill(signedIn.email);
    await form.getByLabel('Type').selectOption({ label: 'Bug Report' });
    await form.getByLabel('Description').fill('The pipeline board does not scroll on my tablet.');
    // A small PNG screenshot (1 x 1 pixel).
    await form.getByLabel('Screenshot').setInputFiles({
      name: 'screen.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'base64',
      ),
    });
    await expect(form.getByText('screen.png')).toBeVisible();

    const held = await holdRequests(page, '**/api/support-submission');
    const request = page.waitForRequest('**/api/support-submission');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    held.release();
    const body = (await request).postDataJSON();
    expect(body).toMatchObject({
      firstName: 'Olivia',
      lastName: 'Owner',
      email: signedIn.email,
      type: 'bug',
      description: 'The pipeline board does not scroll on my tablet.',
    });
    expect(body.imageUrl).toMatch(/^data:image\/png;base64,/);
    await expect(page.getByText('Success!')).toBeVisible();
    await expect(page.getByText('Your submission has been sent to our support team.')).toBeVisible();
    await expect(form.getByLabel('Description')).toHaveValue('');
    await expect(form.getByText('screen.png')).toBeHidden();
    expect(problems).toEqual([]);
  });
});

test.describe('welcome dialog and guided tours', () => {
  test('the welcome dialog opens after one second; Skip marks it seen', async ({ page, signedIn }) => {
    void signedIn;
    await page.clock.install();
    await openDashboard(page);
    const welcome = page.getByRole('dialog', { name: /Welcome to Locus, Olivia/ });
    await page.clock.runFor(1000);
    await expect(welcome).toBeVisible();
    const onboarding = welcome.getByRole('listitem').filter({ hasText: 'Your first surplus funds deal' });
    await expect(onboarding).toContainText('Recommended');
    await expect(onboarding).toContainText('~5 minutes');
    await expect(welcome.getByRole('listitem')).toHaveCount(4);

    await welcome.getByRole('button', { name: 'Skip' }).click();
    await expect(welcome).toBeHidden();
    expect(await page.evaluate((key) => localStorage.getItem(key), storageKeys.welcomeSeen)).toBe('true');

    await page.reload();
    await expect(page.getByRole('heading', { name: /^Welcome(?: back)?, / })).toBeVisible();
    await page.clock.runFor(3000);
    await expect(welcome).toBeHidden();
  });

  test('starting a tour from the welcome dialog closes it and marks it seen', async ({ page, signedIn }) => {
    void signedIn;
    await page.clock.install();
    await openDashboard(page);
    await page.clock.runFor(1000);
    const welcome = page.getByRole('dialog', { name: /Welcome to Locus, Olivia/ });
    await welcome.getByRole('button', { name: 'Start tour: Your first surplus funds deal' }).click();
    await expect(welcome).toBeHidden();
    await expect(page.getByText('Step 1 of 12')).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), storageKeys.welcomeSeen)).toBe('true');
  });

  test('the surplus funds onboarding tour: steps, pause, resume and completion', async ({
    page,
    signedIn,
  }) => {
    test.setTimeout(60_000);
    void signedIn;
    const problems = watchConsole(page);
    await asReturningUser(page);
    await openDashboard(page);
    const panel = await openHelp(page);
    await panel.getByRole('button', { name: 'Start Tour: Your first surplus funds deal' }).click();
    await expect(panel).toBeHidden();

    const card = page.locator('[data-tour-ui="card"]');
    await expect(card).toContainText('Step 1 of 12');
    await expect(card.getByRole('heading', { name: 'Welcome to Locus' })).toBeVisible();
    await expect(card.locator('button', { hasText: 'Back' })).toBeDisabled();
    await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuemax', '100');
    // Measured once the card's entry animation has settled.
    await expect.poll(async () => Math.round((await card.boundingBox())?.width ?? 0)).toBe(320);

    // Step 2 highlights the main navigation, with the card below it.
    await card.locator('button', { hasText: 'Next' }).click();
    await expect(card).toContainText('Step 2 of 12');
    await expect(card.locator('button', { hasText: 'Back' })).toBeEnabled();
    const nav = await page.locator('[data-tour="main-navigation"]').boundingBox();
    const placed = await card.boundingBox();
    expect(placed && nav ? placed.y : 0).toBeGreaterThanOrEqual((nav?.y ?? 0) + (nav?.height ?? 0));

    // Back, then keyboard: arrows move, Esc pauses.
    await card.locator('button', { hasText: 'Back' }).click();
    await expect(card).toContainText('Step 1 of 12');
    await page.keyboard.press('ArrowRight');
    await expect(card).toContainText('Step 2 of 12');

    // Pause hides the tour; Resume in Help > Tours brings it back at the same step.
    await card.locator('button', { hasText: 'Pause' }).click();
    await expect(card).toBeHidden();
    await expect(page.locator('[data-tour-ui="backdrop"]')).toHaveCount(0);
    await openHelp(page);
    await expect(panel.getByText('Paused at step 2 of 12')).toBeVisible();
    await panel.getByRole('button', { name: 'Resume: Your first surplus funds deal' }).click();
    await expect(card).toContainText('Step 2 of 12');

    // Clicking the dimmed page pauses too.
    const viewport = page.viewportSize() ?? { width: 1280, height: 720 };
    await page.mouse.click(10, viewport.height - 10);
    await expect(card).toBeHidden();
    await openHelp(page);
    await panel.getByRole('button', { name: 'Resume: Your first surplus funds deal' }).click();
    await expect(card).toContainText('Step 2 of 12');
    await page.keyboard.press('Escape');
    await expect(card).toBeHidden();

    // From the start to the end: each step opens its page; Complete on the last one.
    await openHelp(page);
    await panel.getByRole('button', { name: 'Start Tour: Your first surplus funds deal' }).click();
    for (let step = 1; step < 12; step++) {
      await expect(card).toContainText(`Step ${step} of 12`);
      await card.locator('button', { hasText: 'Next' }).click();
      if (step === 2) await expect(page).toHaveURL(/\/deals$/);
    }
    await expect(card).toContainText('Step 12 of 12');
    await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await card.locator('button', { hasText: 'Complete' }).click();
    await expect(card).toBeHidden();
    await expect(page.getByText('Tour complete')).toBeVisible();
    const progress = await page.evaluate((key) => localStorage.getItem(key), storageKeys.tourProgress);
    expect(JSON.parse(progress ?? '{}')['surplus-funds-onboarding']).toBe(12);
    expect(problems).toEqual([]);
  });
});

const sampleRelease = {
  version: '2.3.0',
  releaseType: 'major',
  deployedAt: '2025-05-06T15:45:00.000Z',
  commitHash: '9f3c2ab71d5e4f60a1b2c3d4e5f60718293a4b5c',
  releaseNotes: `# Faster pipelines and county deadlines

## What's New
### County claim deadlines
Every deal now shows the claim deadline for its county.

## Features & Systems Updated
### Pipeline board
Dragging cards is smoother on tablets.

## What This Means for You
### Fewer missed deadlines
Deals close to a deadline are flagged on the dashboard.

## Technical Information
### Database
New indexes on deals by stage.
`,
};

test.describe('release dialog', () => {
  test('announces a new release until Continue to Dashboard saves the preference', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const problems = watchConsole(page);
    await asReturningUser(page);
    await page.route('**/api/latest-release', (route) =>
      route.fulfill({ json: { success: true, data: sampleRelease } }),
    );
    await page.goto('/dashboard');
    const dialog = page.getByRole('dialog', { name: 'Faster pipelines and county deadlines' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Major', { exact: true })).toBeVisible();
    await expect(dialog).toContainText('Version 2.3.0');
    await expect(dialog).toContainText('9f3c2ab');
    await expect(dialog).not.toContainText('9f3c2ab7');
    await expect(dialog).toContainText('2025');
    for (const heading of ["What's New", 'Features & Systems Updated', 'What This Means for You']) {
      await expect(dialog.getByRole('heading', { name: heading })).toBeVisible();
    }
    await expect(dialog.getByText('County claim deadlines')).toBeVisible();
    await expect(dialog.getByText('New indexes on deals by stage.')).toBeHidden();
    await dialog.getByRole('button', { name: 'Technical Information' }).click();
    await expect(dialog.getByText('New indexes on deals by stage.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(0);

    // Only Continue to Dashboard closes it.
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();

    const checkbox = dialog.getByRole('checkbox', { name: "Show me new updates when they're released" });
    await expect(checkbox).toBeChecked();
    await checkbox.click();
    const saved = page.waitForRequest('**/api/user/release-notification-preference');
    await dialog.getByRole('button', { name: 'Continue to Dashboard' }).click();
    expect((await saved).postDataJSON()).toEqual({
      showReleaseNotifications: false,
      lastSeenReleaseVersion: '2.3.0',
    });
    await expect(dialog).toBeHidden();

    // The choice is stored: the same release does not come back.
    await page.reload();
    await expect(page.getByRole('heading', { name: /^Welcome(?: back)?, / })).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(problems).toEqual([]);
  });

  test('a failed save keeps the dialog and says why', async ({ page, signedIn }) => {
    void signedIn;
    await asReturningUser(page);
    await page.route('**/api/latest-release', (route) =>
      route.fulfill({ json: { success: true, data: { ...sampleRelease, releaseType: 'minor' } } }),
    );
    await page.route('**/api/user/release-notification-preference', (route) =>
      route.fulfill({ status: 500, json: { message: 'Database unavailable' } }),
    );
    await page.goto('/dashboard');
    const dialog = page.getByRole('dialog', { name: 'Faster pipelines and county deadlines' });
    await expect(dialog.getByText('Minor', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Continue to Dashboard' }).click();
    await expect(page.getByText('Failed to update preferences')).toBeVisible();
    await expect(page.getByText('Database unavailable')).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  test('stays closed when there is no release', async ({ page, signedIn }) => {
    void signedIn;
    await asReturningUser(page);
    await openDashboard(page);
    await expect(page.getByRole('button', { name: 'Continue to Dashboard' })).toHaveCount(0);
  });
});

async function announceRelease(page: Page) {
  await page.route('**/api/latest-release', (route) =>
    route.fulfill({ json: { success: true, data: sampleRelease } }),
  );
}
const welcomeDialog = (page: Page) => page.getByRole('dialog', { name: /Welcome to Locus, Olivia/ });
const releaseDialog = (page: Page) =>
  page.getByRole('dialog', { name: 'Faster pipelines and county deadlines' });
// By attribute, not by role: a modal hides the dialogs beneath it from the accessibility tree, so
// getByRole would not see a second, stacked one.
const openDialogs = (page: Page) => page.locator('[role="dialog"]');

test.describe('welcome, tours and the release dialog, one at a time', () => {
  test('a new user sees the welcome first, then the release once it is skipped', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    await page.clock.install();
    await announceRelease(page);
    const answered = page.waitForResponse('**/api/latest-release');
    await openDashboard(page);
    await page.clock.runFor(1000);
    await expect(welcomeDialog(page)).toBeVisible();
    // The release, already answered, keeps waiting behind the welcome however long it stays open.
    await answered;
    await page.clock.runFor(5000);
    await expect(openDialogs(page)).toHaveCount(1);

    await welcomeDialog(page).getByRole('button', { name: 'Skip' }).click();
    await expect(welcomeDialog(page)).toBeHidden();
    await expect(releaseDialog(page)).toBeVisible();
    await expect(openDialogs(page)).toHaveCount(1);
    await releaseDialog(page).getByRole('button', { name: 'Continue to Dashboard' }).click();
    await expect(openDialogs(page)).toHaveCount(0);
  });

  test('a user who has seen the welcome gets the release dialog directly', async ({ page, signedIn }) => {
    void signedIn;
    await page.clock.install();
    await page.addInitScript((key) => localStorage.setItem(key, 'true'), storageKeys.welcomeSeen);
    await announceRelease(page);
    await page.goto('/dashboard');
    await expect(releaseDialog(page)).toBeVisible();
    await page.clock.runFor(1000);
    await expect(openDialogs(page)).toHaveCount(1);
  });

  test('a tour started from the welcome runs uncovered; the release opens when it is paused', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    await page.clock.install();
    await announceRelease(page);
    const answered = page.waitForResponse('**/api/latest-release');
    await openDashboard(page);
    await page.clock.runFor(1000);
    await welcomeDialog(page)
      .getByRole('button', { name: 'Start tour: Your first surplus funds deal' })
      .click();
    const card = page.locator('[data-tour-ui="card"]');
    await expect(card).toContainText('Step 1 of 12');
    await card.locator('button', { hasText: 'Next' }).click();
    await expect(card).toContainText('Step 2 of 12');
    await answered;
    await page.clock.runFor(5000);
    // The step card is the only dialog: no release over it.
    await expect(openDialogs(page)).toHaveCount(1);

    await card.locator('button', { hasText: 'Pause' }).click();
    await expect(card).toBeHidden();
    await expect(releaseDialog(page)).toBeVisible();
  });
});

test.describe('cookie consent', () => {
  test('waits for the welcome to be seen, then Customize saves the choice', async ({ page, signedIn }) => {
    void signedIn;
    await page.clock.install();
    await openDashboard(page);
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await page.clock.runFor(1000);
    await expect(page.getByRole('dialog', { name: /Welcome to Locus, Olivia/ })).toBeVisible();
    await expect(banner).toBeHidden();
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.clock.runFor(2000);
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Accept All' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Reject All' })).toBeVisible();

    await banner.getByRole('button', { name: 'Customize' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie preferences' });
    const essential = dialog.getByRole('switch', { name: /Essential/ });
    await expect(essential).toBeChecked();
    await expect(essential).toBeDisabled();
    await dialog.getByRole('switch', { name: 'Analytics' }).click();
    await dialog.getByRole('button', { name: 'Save preferences' }).click();
    await expect(dialog).toBeHidden();
    await expect(banner).toBeHidden();
    const stored = await page.evaluate((key) => localStorage.getItem(key), storageKeys.cookieConsent);
    expect(JSON.parse(stored ?? 'null')).toEqual({
      essential: true,
      analytics: true,
      functional: false,
      marketing: false,
    });
  });

  test('Accept All stores every category; a stored consent keeps the banner away', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    await page.addInitScript((key) => localStorage.setItem(key, 'true'), storageKeys.welcomeSeen);
    await openDashboard(page);
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.getByRole('button', { name: 'Accept All' }).click();
    await expect(banner).toBeHidden();
    const stored = await page.evaluate((key) => localStorage.getItem(key), storageKeys.cookieConsent);
    expect(JSON.parse(stored ?? 'null')).toEqual({
      essential: true,
      analytics: true,
      functional: true,
      marketing: true,
    });
    await page.reload();
    await expect(page.getByRole('heading', { name: /^Welcome(?: back)?, / })).toBeVisible();
    await expect(banner).toBeHidden();
  });
});

test.describe('feedback and connectivity', () => {
  test('feedback: Send needs a message, shows Sending..., then thanks', async ({ page, signedIn }) => {
    void signedIn;
    const problems = watchConsole(page, [/api\/feedback.*status of 500|500.*api\/feedback/]);
    await asReturningUser(page);
    await openDashboard(page);
    await page.getByRole('button', { name: 'Feedback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send feedback' });
    const message = dialog.getByLabel('Your feedback');
    const send = dialog.getByRole('button', { name: 'Send' });
    await expect(send).toBeDisabled();
    await message.fill('   ');
    await expect(send).toBeDisabled();
    await message.fill('The new pipeline view saves me an hour a day.');
    await expect(send).toBeEnabled();

    const held = await holdRequests(page, '**/api/feedback');
    const request = page.waitForRequest('**/api/feedback');
    await send.click();
    await expect(dialog.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    held.release();
    const body = (await request).postDataJSON();
    expect(body).toMatchObject({
      type: 'general',
      message: 'The new pipeline view saves me an hour a day.',
      page: '/dashboard',
    });
    expect(body.userAgent).toBeTruthy();
    expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);
    await expect(page.getByText("Thank you for your feedback! We'll review it shortly.")).toBeVisible();
    await expect(dialog).toBeHidden();

    // A failure keeps the message.
    await page.unroute('**/api/feedback');
    await page.route('**/api/feedback', (route) => route.fulfill({ status: 500, json: { message: 'down' } }));
    await page.getByRole('button', { name: 'Feedback' }).click();
    await expect(message).toHaveValue('');
    await message.fill('Second thought');
    await send.click();
    await expect(page.getByText('Failed to send feedback. Please try again.')).toBeVisible();
    await expect(message).toHaveValue('Second thought');
    expect(problems).toEqual([]);
  });

  test('on a phone the feedback button ends the page instead of covering it', async ({ page, signedIn }) => {
    void signedIn;
    await asReturningUser(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await openDashboard(page);
    const button = page.getByRole('button', { name: 'Feedback' });
    // Measured together and again until the dashboard's cards have loaded (their data arrives late).
    await expect
      .poll(async () => {
        const [buttonBox, mainBox] = await Promise.all([
          button.boundingBox(),
          page.locator('#main-content').boundingBox(),
        ]);
        if (!buttonBox || !mainBox) return 'not laid out';
        return buttonBox.y >= mainBox.y + mainBox.height ? 'below the content' : 'over the content';
      })
      .toBe('below the content');
    await button.click();
    await expect(page.getByRole('dialog', { name: 'Send feedback' })).toBeVisible();
  });

  test('offline: a red banner and a toast, then back online', async ({ page, context, signedIn }) => {
    void signedIn;
    await asReturningUser(page);
    await openDashboard(page);
    const banner = page.getByText("You're currently offline. Some features may not work properly.");
    await expect(banner).toBeHidden();
    await context.setOffline(true);
    await expect(banner).toBeVisible();
    await expect(page.getByText("You're offline", { exact: true })).toBeVisible();
    await expect(
      page.getByText('Some features may not work until your connection is restored.'),
    ).toBeVisible();
    await context.setOffline(false);
    await expect(banner).toBeHidden();
    await expect(page.getByText('Your internet connection has been restored.')).toBeVisible();
  });
});

test.describe('navigation names', () => {
  test('each navigation item names exactly one link on every main page, and the tab names the page', async ({
    page,
    signedIn,
  }) => {
    expect(signedIn.user.email).toBeTruthy();
    await asReturningUser(page);
    const created = async (url: string, data: object) => {
      const response = await page.request.post(url, { data });
      expect(response.status()).toBe(201);
      return ((await response.json()) as { id: string }).id;
    };
    const lead = await created('/api/leads', { fullName: 'Nadia Names' });
    const client = await created('/api/clients', { displayName: 'Nadia Names' });
    const deal = await created('/api/deals', {
      dealName: 'Names claim',
      stage: 'Research',
      relatedClient: client,
    });
    const paths = [
      '/dashboard',
      '/leads',
      `/leads/${lead}`,
      '/clients',
      `/clients/${client}`,
      '/companies',
      '/deals',
      `/deals/${deal}`,
      '/settings',
    ];
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The browser tab names the page too.
      await expect(page).toHaveTitle(/^.+ \| Locus$/);
      for (const name of ['Home', 'Leads', 'Clients', 'Companies', 'Deals', 'Settings']) {
        await expect(page.getByRole('link', { name }), `${name} on ${path}`).toHaveCount(1);
      }
    }
    await expect(page).toHaveTitle('Settings | Locus');
    await page.goto(`/deals/${deal}`);
    await expect(page).toHaveTitle('Names claim | Locus');

    // A record that is not there says so as the page's heading, and still has one Leads link.
    await page.goto('/leads/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { level: 1, name: 'Lead not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Leads' })).toHaveCount(1);
    await page.getByRole('link', { name: 'Back to the lead list' }).click();
    await expect(page).toHaveURL(/\/leads$/);
  });
});
