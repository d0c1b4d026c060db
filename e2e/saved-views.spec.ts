import type { APIRequestContext } from '@playwright/test';
import { expect, signedInMember, signedInTest as test, skipOnboarding, watchConsole } from './fixtures';

/*
 * Issue 14, item 5: a user saves the list as shown (filters, sort, columns) under a name, shares
 * it, switches views in one click, the address names the view, and a teammate opens it too.
 */

async function createLead(request: APIRequestContext, data: Record<string, unknown>) {
  const res = await request.post('/api/leads', { data });
  expect(res.status(), await res.text()).toBe(201);
}

let problems: string[] = [];

test.beforeEach(async ({ page }) => {
  await skipOnboarding(page);
  problems = watchConsole(page);
});

test.afterEach(() => {
  expect(problems).toEqual([]);
});

test('save the filtered, sorted list as a shared view, switch in one click, open it by its address', async ({
  page,
  browser,
  baseURL,
  signedIn: _signedIn,
}) => {
  // One journey through two users' sessions: longer than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  await createLead(page.request, { fullName: 'Hank Hot', interestLevel: 'Hot', phone: '5551230001' });
  await createLead(page.request, { fullName: 'Abby Hot', interestLevel: 'Hot' });
  await createLead(page.request, { fullName: 'Wanda Warm', interestLevel: 'Warm' });

  await page.goto('/leads');
  const leads = page.getByRole('table', { name: 'Leads' });
  const rows = leads.getByRole('row', { name: /Hot|Warm/ });
  await expect(rows).toHaveCount(3);
  const viewButton = page.getByRole('button', { name: /^View: / });
  await expect(viewButton).toHaveAccessibleName('View: All leads');

  // Filter, sort and hide a column.
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByLabel('Interest', { exact: true }).selectOption('Hot');
  await expect(page).toHaveURL(/interestLevel=Hot/);
  await leads.getByRole('button', { name: 'Name' }).click();
  await expect(page).toHaveURL(/sort=fullName/);
  await page.getByRole('button', { name: 'Choose columns' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Phone' }).click();
  await page.keyboard.press('Escape');
  await expect(leads.getByRole('columnheader', { name: 'Phone' })).toBeHidden();
  await expect(rows).toHaveText([/Abby Hot/, /Hank Hot/]);

  // Save as "Hot leads", shared with the team.
  await viewButton.click();
  await page.getByRole('menuitem', { name: 'Save as new view…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save as new view' });
  await dialog.getByLabel('Name').fill('Hot leads');
  await dialog.getByLabel('Share with my team').check();
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('View saved')).toBeVisible();
  await expect(viewButton).toHaveAccessibleName('View: Hot leads');
  await expect(page).toHaveURL(/view=[0-9a-f-]{36}/);
  const viewId = /view=([0-9a-f-]{36})/.exec(page.url())?.[1];

  // One click to the default view: every lead, every default column.
  await viewButton.click();
  await page.getByRole('menuitemradio', { name: 'All leads' }).click();
  await expect(viewButton).toHaveAccessibleName('View: All leads');
  await expect(rows).toHaveCount(3);
  await expect(leads.getByRole('columnheader', { name: 'Phone' })).toBeVisible();
  await expect(page).not.toHaveURL(/view=|interestLevel/);

  // And back, from the keyboard: the menu is a proper menu.
  await viewButton.focus();
  await page.keyboard.press('Enter');
  const hotItem = page.getByRole('menuitemradio', { name: /Hot leads/ });
  await expect(page.getByRole('menuitemradio', { name: 'All leads' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await page.keyboard.press('ArrowDown');
  await expect(hotItem).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(viewButton).toHaveAccessibleName('View: Hot leads');
  await expect(rows).toHaveText([/Abby Hot/, /Hank Hot/]);
  await expect(leads.getByRole('columnheader', { name: 'Phone' })).toBeHidden();

  // Changing the list offers to update the view.
  await leads.getByRole('button', { name: 'Name' }).click();
  await expect(page).toHaveURL(/sort=-fullName/);
  await expect(viewButton).toContainText('(edited)');
  await viewButton.click();
  await page.getByRole('menuitem', { name: 'Update “Hot leads”' }).click();
  await expect(page.getByText('“Hot leads” updated')).toBeVisible();
  await expect(viewButton).not.toContainText('(edited)');

  // The address alone opens the view: its filters, sort and columns.
  await page.goto(`/leads?view=${viewId}`);
  await expect(viewButton).toHaveAccessibleName('View: Hot leads');
  await expect(page).toHaveURL(/interestLevel=Hot/);
  await expect(rows).toHaveText([/Hank Hot/, /Abby Hot/]);
  await expect(leads.getByRole('columnheader', { name: 'Phone' })).toBeHidden();

  // An address naming a view that is gone falls back to all leads, and says so.
  await page.goto('/leads?view=0b5f4f8e-7c1a-4c47-9a55-2d0c8d6e1a11&interestLevel=Warm');
  await expect(page.getByText('That view is not available')).toBeVisible();
  await expect(viewButton).toHaveAccessibleName('View: All leads');
  await expect(rows).toHaveCount(3);

  // A teammate finds the shared view, marked with its owner, and opens it; only the owner changes it.
  const tom = await signedInMember(page, browser, baseURL, {
    firstName: 'Tom',
    lastName: 'Teammate',
    role: 'user',
  });
  await tom.page.goto('/leads');
  const tomView = tom.page.getByRole('button', { name: /^View: / });
  await tomView.click();
  await expect(tom.page.getByText('Shared with the team')).toBeVisible();
  await tom.page.getByRole('menuitemradio', { name: 'Hot leads Olivia Owner' }).click();
  await expect(tomView).toHaveAccessibleName('View: Hot leads');
  const tomRows = tom.page.getByRole('table', { name: 'Leads' }).getByRole('row', { name: /Hot|Warm/ });
  await expect(tomRows).toHaveText([/Hank Hot/, /Abby Hot/]);
  await tomView.click();
  await expect(tom.page.getByRole('menuitem', { name: 'Save as new view…' })).toBeVisible();
  await expect(tom.page.getByRole('menuitem', { name: /Rename|Delete view|sharing/ })).toHaveCount(0);
  await tom.page.keyboard.press('Escape');
  // The shared link opens the same view for the teammate.
  await tom.page.goto(`/leads?view=${viewId}`);
  await expect(tomView).toHaveAccessibleName('View: Hot leads');
  await expect(tomRows).toHaveText([/Hank Hot/, /Abby Hot/]);
  await tom.context.close();

  // The owner deletes it after confirming.
  await page.goto(`/leads?view=${viewId}`);
  await viewButton.click();
  await page.getByRole('menuitem', { name: 'Delete view…' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete “Hot leads”?' });
  await confirm.getByRole('button', { name: 'Delete view' }).click();
  await expect(page.getByText('View deleted')).toBeVisible();
  await expect(viewButton).toHaveAccessibleName('View: All leads');
});
