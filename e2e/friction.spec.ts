import type { Page } from '@playwright/test';
import { expect, signedInTest as test, skipOnboarding } from './fixtures';

/*
 * Issue 13, "a locator's day without friction": focus comes back to what opened a dialog, unsaved
 * changes survive Back and reload, the name column stays put, the greeting, the palette's button
 * name, the charts' axes and unknown settings sections.
 */

test.beforeEach(async ({ page }) => {
  await skipOnboarding(page);
});

async function createLead(page: Page, fullName: string) {
  const res = await page.request.post('/api/leads', { data: { fullName, phone: '8135550142' } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

test('focus returns to the opener when a dialog closes, menu-opened dialogs included', async ({
  page,
  signedIn: _signedIn,
}) => {
  const lead = await createLead(page, 'Focus Return Lead');
  await page.goto('/leads');
  // A button that opens a dialog gets focus back on Escape.
  const newLead = page.getByRole('button', { name: 'New lead' }).first();
  await newLead.click();
  await expect(page.getByRole('dialog', { name: 'New lead' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'New lead' })).toBeHidden();
  await expect(newLead).toBeFocused();

  // A confirmation opened from a menu item (the item is gone once the menu closes): the menu's button.
  await page.goto(`/leads/${lead.id}`);
  const more = page.getByRole('button', { name: 'More actions' });
  await more.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Delete lead' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(more).toBeFocused();

  // An edit dialog opened from an activity's menu, closed with its Cancel.
  const logged = await page.request.post('/api/lead-activities', {
    data: { leadId: lead.id, type: 'call', subject: 'Intro call', status: 'completed' },
  });
  expect(logged.status(), await logged.text()).toBe(201);
  await page.reload();
  const actions = page.getByRole('button', { name: 'Actions for Intro call' });
  await actions.click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit activity' });
  await expect(edit).toBeVisible();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();
  await expect(actions).toBeFocused();
});

test('unsaved changes in a dialog are guarded on Back and on leaving the page', async ({
  page,
  signedIn: _signedIn,
}) => {
  await page.goto('/dashboard');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Leads' })
    .click();
  await expect(page).toHaveURL(/\/leads$/);
  await page.getByRole('button', { name: 'New lead' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New lead' });
  await dialog.getByLabel('Full name').fill('Half Typed');

  // Back asks the Escape question and stays put on "Keep editing".
  await page.evaluate(() => window.history.back());
  const question = page.getByRole('alertdialog', { name: 'Discard changes?' });
  await expect(question).toBeVisible();
  await expect(page).toHaveURL(/\/leads$/);
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(question).toBeHidden();
  await expect(dialog.getByLabel('Full name')).toHaveValue('Half Typed');

  // "Discard" closes the form and goes where Back was going.
  await page.evaluate(() => window.history.back());
  await question.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Reloading or closing the tab asks the browser's own question while changes are unsaved.
  await page.goto('/leads');
  await page.getByRole('button', { name: 'New lead' }).first().click();
  await dialog.getByLabel('Full name').fill('Half Typed Again');
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const beforeUnload = await asked;
  expect(beforeUnload.type()).toBe('beforeunload');
  await beforeUnload.accept();
});

test.describe('with the sample data', () => {
  test.use({ keepSampleData: true });

  test('the name column stays pinned while a list scrolls sideways', async ({
    page,
    signedIn: _signedIn,
  }) => {
    await page.setViewportSize({ width: 700, height: 800 });
    await page.goto('/leads');
    const table = page.getByRole('table', { name: 'Leads' });
    const firstRow = table.getByRole('row').nth(1);
    await expect(firstRow).toBeVisible();
    const nameCell = firstRow.getByRole('cell').nth(1);
    const lastCell = firstRow.getByRole('cell').last();
    const checkbox = firstRow.getByRole('checkbox');
    const before = {
      name: await nameCell.boundingBox(),
      last: await lastCell.boundingBox(),
      checkbox: await checkbox.boundingBox(),
    };
    const scrolled = await table.evaluate((element) => {
      element.scrollLeft = 400;
      return element.scrollLeft;
    });
    expect(scrolled).toBeGreaterThan(100);
    await expect
      .poll(async () => (await lastCell.boundingBox())?.x)
      .toBeLessThan((before.last?.x ?? 0) - 100);
    expect((await nameCell.boundingBox())?.x).toBeCloseTo(before.name?.x ?? -1, 0);
    // The checkbox column stays with it.
    expect((await checkbox.boundingBox())?.x).toBeCloseTo(before.checkbox?.x ?? -1, 0);
  });

  test('the dashboard charts fit their axis labels', async ({ page, signedIn: _signedIn }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/dashboard');
    await expect(page.getByRole('img', { name: /^Open pipeline by stage/ })).toBeVisible();
    await expect(page.locator('[data-axis-tick]').first()).toBeVisible();
    const outside = await page.evaluate(() =>
      [...document.querySelectorAll('[data-axis-tick]')].flatMap((tick) => {
        const svg = tick.closest('svg');
        if (!svg) return [];
        const label = tick.getBoundingClientRect();
        const box = svg.getBoundingClientRect();
        return label.left < box.left - 0.5 || label.right > box.right + 0.5 ? [tick.textContent] : [];
      }),
    );
    expect(outside).toEqual([]);
  });
});

test('a new user is welcomed by first name, a returning one back', async ({ page, context, signedIn }) => {
  await page.goto('/dashboard');
  const first = signedIn.user.firstName;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${first}`);
  // A reload is the same visit.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${first}`);
  // A later visit (a new tab) is a return.
  const later = await context.newPage();
  await later.goto('/dashboard');
  await expect(later.getByRole('heading', { level: 1 })).toHaveText(`Welcome back, ${first}`);
});

test("the palette's Search button is named by its visible text", async ({ page, signedIn: _signedIn }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/dashboard');
  const button = page.getByRole('button', { name: /^Search/ });
  const visible = (await button.innerText()).replace(/\s+/g, ' ').trim();
  expect(visible).toMatch(/^Search (Ctrl K|⌘K)$/);
  await expect(button).toHaveAccessibleName(visible);
  await button.click();
  await expect(page.getByRole('combobox', { name: /Search leads/ })).toBeVisible();
});

test('an unknown settings section shows a not-found state, not Profile', async ({
  page,
  signedIn: _signedIn,
}) => {
  await page.goto('/settings/nope');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/nope$/);
  await expect(page.getByRole('heading', { name: 'Profile' })).toHaveCount(0);
});
