import type { BrowserContext, Page } from '@playwright/test';
import { expect, skipOnboarding, signedInTest as test } from './fixtures';

/**
 * Toasts (product spec §2, §8, §9): top on small screens and bottom-right on wide ones, one at a
 * time, 5 s by default, F8 focuses the toast, a 50 px swipe dismisses it. The offline toast is the
 * trigger: it comes from the real app on every page.
 */

const offlineTitle = "You're offline";
const onlineText = 'Your internet connection has been restored.';

const region = (page: Page) => page.getByRole('region', { name: 'Notifications' });
const toastCard = (page: Page) => region(page).locator('[data-variant]');

async function showOfflineToast(page: Page, context: BrowserContext) {
  await skipOnboarding(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /^Welcome(?: back)?, / })).toBeVisible();
  await context.setOffline(true);
  await expect(toastCard(page)).toContainText(offlineTitle);
  // An error is announced at once, the others politely.
  await expect(toastCard(page)).toHaveAttribute('aria-live', 'assertive');
}

/** Resolves once the toast's animations and transitions (enter, snap-back) are over. */
async function settled(page: Page) {
  await toastCard(page).evaluate((card) => Promise.all(card.getAnimations().map((a) => a.finished)));
  return toastCard(page).boundingBox();
}

/** A mouse drag across the toast from its centre; `whileHeld` runs before the button is let go. */
async function swipe(page: Page, dx: number, whileHeld?: () => Promise<void>) {
  const box = await settled(page);
  if (!box) throw new Error('no toast on screen');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y, { steps: 6 });
  await whileHeld?.();
  await page.mouse.up();
}

test.describe('toasts', () => {
  test('sit bottom-right on a wide screen', async ({ page, context, signedIn }) => {
    void signedIn;
    await page.setViewportSize({ width: 1280, height: 800 });
    await showOfflineToast(page, context);
    const box = await toastCard(page).boundingBox();
    expect(box).not.toBeNull();
    if (!box) return;
    expect(1280 - (box.x + box.width)).toBeLessThanOrEqual(32);
    expect(800 - (box.y + box.height)).toBeLessThanOrEqual(32);
    expect(box.x).toBeGreaterThan(640);
  });

  test('sit at the top on a small screen', async ({ page, context, signedIn }) => {
    void signedIn;
    await page.setViewportSize({ width: 390, height: 844 });
    await showOfflineToast(page, context);
    const box = await toastCard(page).boundingBox();
    expect(box).not.toBeNull();
    if (!box) return;
    expect(box.y).toBeLessThanOrEqual(24);
    expect(Math.abs(box.x + box.width / 2 - 195)).toBeLessThanOrEqual(2);
  });

  test('F8 moves focus to the toast, and the close button dismisses it', async ({
    page,
    context,
    signedIn,
  }) => {
    void signedIn;
    await showOfflineToast(page, context);
    await page.keyboard.press('F8');
    await expect(toastCard(page)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(region(page).getByRole('button', { name: 'Close toast' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toastCard(page)).toHaveCount(0);
  });

  test('a 20 px swipe snaps back; a 60 px swipe dismisses', async ({ page, context, signedIn }) => {
    void signedIn;
    await showOfflineToast(page, context);
    const before = await settled(page);
    await swipe(page, 20, async () => {
      // The toast follows the pointer while it is held.
      expect((await toastCard(page).boundingBox())?.x).toBeCloseTo((before?.x ?? 0) + 20, 0);
    });
    await expect(toastCard(page)).toBeVisible();
    expect((await settled(page))?.x).toBe(before?.x);
    await swipe(page, 60);
    await expect(toastCard(page)).toHaveCount(0);
  });

  test('go away by themselves after 5 s', async ({ page, context, signedIn }) => {
    void signedIn;
    await page.clock.install();
    await showOfflineToast(page, context);
    await page.clock.runFor(4000);
    await expect(toastCard(page)).toContainText(offlineTitle);
    await page.clock.runFor(1500);
    await expect(toastCard(page)).toHaveCount(0);
  });

  test('show one at a time: the newest replaces the one on screen', async ({ page, context, signedIn }) => {
    void signedIn;
    await showOfflineToast(page, context);
    await context.setOffline(false);
    await expect(toastCard(page)).toContainText(onlineText);
    await expect(toastCard(page)).toHaveCount(1);
    await expect(region(page).getByText(offlineTitle)).toHaveCount(0);
    await expect(region(page).getByRole('status')).toHaveAttribute('aria-live', 'polite');
  });
});
