import { expect, signedInTest as test, skipOnboarding, watchConsole } from './fixtures';

/* Settings › Email templates: write a template with a merge field, preview it with a real lead. */
test('a template with a merge field is previewed with a lead', async ({ page, signedIn }) => {
  // A long journey on a shared machine: the editor and preview take their time.
  test.setTimeout(90_000);
  const problems = watchConsole(page);
  await skipOnboarding(page);
  const lead = await page.request.post('/api/leads', {
    data: { fullName: 'Mary Claimant', email: 'mary@example.com' },
  });
  expect(lead.status()).toBe(201);

  await page.goto('/settings/email-templates');
  await expect(page.getByRole('heading', { name: 'Email templates' })).toBeVisible({ timeout: 20_000 });
  // A surplus-funds organization starts with letters of its own (the editor's chunk loads first).
  await expect(page.getByText('First contact with a claimant')).toBeVisible({ timeout: 20_000 });

  await page.getByRole('button', { name: 'New template' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New template' });
  await dialog.getByRole('button', { name: 'Create template' }).click();
  await expect(dialog.getByText('Name must be at least 2 characters')).toBeVisible();
  await expect(dialog.getByText('Subject is required')).toBeVisible();
  await expect(dialog.getByText('Email content is required')).toBeVisible();

  await dialog.getByLabel('Name').fill('Quick hello');
  await dialog.getByRole('combobox', { name: 'Category' }).selectOption('sales');
  await dialog.getByLabel('Subject', { exact: true }).fill('Hello ');
  await dialog.getByRole('button', { name: 'Insert field in subject' }).click();
  await page.getByRole('menuitem', { name: 'First name', exact: true }).first().click();
  await expect(dialog.getByLabel('Subject', { exact: true })).toHaveValue('Hello {{lead.firstName}}');

  const body = dialog.getByRole('textbox', { name: 'Message' });
  await body.click();
  await body.pressSequentially('Dear ');
  await dialog.getByRole('button', { name: 'Insert field', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Full name', exact: true }).first().click();
  // The focus returns to the editor (in the next frame, once the menu has closed), and the caret
  // stays after the inserted field.
  await expect(body).toBeFocused();
  await page.keyboard.type(', we found funds in your name.');
  await expect(body).toContainText('Dear {{lead.fullName}}, we found funds in your name.');

  await dialog.getByLabel('Preview with').selectOption('lead');
  await dialog.getByLabel('Record').selectOption({ label: 'Mary Claimant' });
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByTestId('preview-subject')).toHaveText('Hello Mary');
  const frame = dialog.frameLocator('iframe[title="Rendered message"]');
  await expect(frame.locator('body')).toContainText('Dear Mary Claimant, we found funds in your name.');

  await dialog.getByRole('button', { name: 'Create template' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('listitem').filter({ hasText: 'Quick hello' });
  await expect(row).toContainText('Sales');
  await expect(row).toContainText('Hello {{lead.firstName}}');

  // Duplicate, then delete the copy after confirming.
  await row.getByRole('button', { name: 'Duplicate Quick hello' }).click();
  const copy = page.getByRole('listitem').filter({ hasText: 'Quick hello (copy)' });
  await expect(copy).toBeVisible();
  await copy.getByRole('button', { name: 'Delete Quick hello (copy)' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete template' }).click();
  await expect(copy).toBeHidden();
  // Playwright's init scripts also run in the sandboxed preview frame, which refuses them (as it
  // should: no script runs in a message). Those refusals are the test's, not the app's.
  expect(problems.filter((p) => !/sandboxed|about:srcdoc/.test(p))).toEqual([]);
  expect(signedIn.email).toContain('@');
});
