import { expect, signedInTest as test, skipOnboarding } from './fixtures';
import { collectScripts } from './script-sizes';

/*
 * The small widgets the app now draws itself instead of loading a library for (issue 21 §1,
 * docs/decisions/042): tabs, tooltips and checkboxes, driven by keyboard and pointer as users do;
 * and the drop-down menus, whose code loads on the first press of a trigger.
 */

test.use({ keepSampleData: true });

test('the dashboard tabs move with the arrow keys, Home and End, and keep one tab stop', async ({
  page,
  signedIn,
}) => {
  void signedIn;
  await skipOnboarding(page);
  await page.goto('/dashboard');
  const tabs = page.getByRole('tablist', { name: 'Dashboard sections' });
  const overview = tabs.getByRole('tab', { name: 'Overview' });
  await expect(overview).toHaveAttribute('aria-selected', 'true');
  // Only the open tab is in the page's tab order.
  await expect(tabs.getByRole('tab', { name: 'Pipeline' })).toHaveAttribute('tabindex', '-1');

  await overview.focus();
  await page.keyboard.press('ArrowRight');
  const pipeline = tabs.getByRole('tab', { name: 'Pipeline' });
  await expect(pipeline).toBeFocused();
  await expect(pipeline).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/dashboard\/pipeline$/);
  // The panel is tied to its tab.
  const panel = page.getByRole('tabpanel', { name: 'Pipeline' });
  await expect(panel).toBeVisible();

  await page.keyboard.press('End');
  await expect(tabs.getByRole('tab', { name: 'Claim deadlines' })).toBeFocused();
  await expect(page).toHaveURL(/\/dashboard\/deadlines$/);
  // From the last tab, the right arrow wraps to the first.
  await page.keyboard.press('ArrowRight');
  await expect(overview).toBeFocused();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.keyboard.press('ArrowLeft');
  await expect(tabs.getByRole('tab', { name: 'Claim deadlines' })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(overview).toHaveAttribute('aria-selected', 'true');
});

test('a tooltip opens after a pause on its trigger, at once on keyboard focus, and closes on Escape', async ({
  page,
  signedIn,
}) => {
  void signedIn;
  await skipOnboarding(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const leads = nav.getByRole('link', { name: 'Leads' });
  const leadsTip = page.getByRole('tooltip', { name: 'Prospects to qualify and follow up' });
  const hoveredAt = Date.now();
  await leads.hover();
  await expect(leadsTip).toBeVisible();
  // Not at once: spec §9's 700 ms delay. Timed from before the pointer arrived, so a busy machine
  // only makes it longer (checking that it is hidden just after the hover raced the delay).
  expect(Date.now() - hoveredAt).toBeGreaterThanOrEqual(700);
  await expect(leads).toHaveAttribute('aria-describedby', (await leadsTip.getAttribute('id')) ?? '');
  // The label stays inside the window, under its trigger.
  const [tip, link] = [await leadsTip.boundingBox(), await leads.boundingBox()];
  expect(tip && link && tip.y >= link.y + link.height).toBe(true);

  // Moving to the next item within 300 ms opens its label at once.
  await nav.getByRole('link', { name: 'Clients' }).hover();
  await expect(leadsTip).toBeHidden();
  await expect(page.getByRole('tooltip')).toBeVisible({ timeout: 250 });

  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toBeHidden();

  // Keyboard focus shows the label without waiting.
  await page.mouse.move(720, 600);
  await page.getByRole('button', { name: 'Help' }).focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tooltip', { name: 'Tours, guides, answers and support' })).toBeVisible({
    timeout: 250,
  });
});

test('checkboxes show what is selected, including a partial selection', async ({ page, signedIn }) => {
  void signedIn;
  await skipOnboarding(page);
  await page.goto('/leads');
  const all = page.getByRole('checkbox', { name: /Select all/ });
  const first = page.getByRole('row').nth(1).getByRole('checkbox');
  await expect(first).not.toBeChecked();
  await first.click();
  await expect(first).toBeChecked();
  await expect(page.getByText('1 lead selected')).toBeVisible();
  // Some of the rows: the header box shows a dash.
  await expect(all).toHaveJSProperty('indeterminate', true);
  await all.click();
  await expect(all).toBeChecked();
  await expect(first).toBeChecked();
  await all.click();
  await expect(first).not.toBeChecked();
  await expect(all).toHaveJSProperty('indeterminate', false);

  // A task's box completes it from the keyboard.
  await page.goto('/dashboard/tasks');
  const name =
    (await page
      .getByRole('checkbox', { name: /^Complete/ })
      .first()
      .getAttribute('aria-label')) ?? '';
  await page.getByRole('checkbox', { name, exact: true }).focus();
  await page.keyboard.press('Space');
  // Done, it offers the way back under its new name.
  const subject = name.replace(/^Complete /, '');
  await expect(
    page.getByRole('checkbox', { name: `Mark ${subject} as not done`, exact: true }),
  ).toBeChecked();
});

/** The chunk of src/client/components/ui/radix-dropdown-menu.ts. */
const menuCode = /\/radix-dropdown-menu-[^/]*\.js$/;

test('a menu opens from the keyboard on its first press, its code loaded then, and gives focus back', async ({
  page,
  signedIn,
}) => {
  void signedIn;
  await skipOnboarding(page);
  const scripts = collectScripts(page);
  await page.goto('/leads');
  const chooser = page.getByRole('button', { name: 'Choose columns' });
  await expect(chooser).toHaveAttribute('aria-haspopup', 'menu');
  await expect(chooser).toHaveAttribute('aria-expanded', 'false');
  expect((await scripts()).some((script) => menuCode.test(script.chunk))).toBe(false);

  await chooser.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  expect((await scripts()).some((script) => menuCode.test(script.chunk))).toBe(true);
  // A shown column ticked off from the keyboard; the menu stays open for the next.
  const shown = menu.locator('[role="menuitemcheckbox"][aria-checked="true"]:not([data-disabled])').first();
  const name = (await shown.textContent())?.trim() ?? '';
  await expect(page.getByRole('columnheader', { name })).toHaveCount(1);
  await shown.focus();
  await page.keyboard.press('Enter');
  await expect(menu.getByRole('menuitemcheckbox', { name })).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('columnheader', { name })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Choose columns' })).toBeFocused();

  // The next menu, by pointer: its code is already here.
  await page.getByRole('button', { name: /^View:/ }).click();
  await expect(page.getByRole('menuitemradio', { name: /All leads/ })).toBeVisible();
});
