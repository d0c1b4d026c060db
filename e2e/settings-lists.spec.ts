import type { Page } from '@playwright/test';
import { expect, signedInTest as test } from './fixtures';

/** A returning user: the welcome dialog and the cookie banner do not cover the page. */
async function returningUser(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem('locus-welcome-seen', 'true');
    localStorage.setItem(
      'locus-cookie-consent',
      JSON.stringify({ essential: true, analytics: false, functional: false, marketing: false }),
    );
  });
}

test.beforeEach(async ({ page }) => returningUser(page));

const stageRows = (page: Page) =>
  page.getByRole('list', { name: 'Stages of Sales Pipeline' }).getByTestId('stage-row');

test('the default pipeline, a stage with a bad probability, and reordering by keyboard', async ({
  page,
  signedIn,
}) => {
  expect(signedIn.user.organizationName).toContain('Test Org');
  await page.goto('/settings/pipelines');
  await expect(page.getByRole('heading', { name: 'Sales Pipeline' })).toBeVisible();
  await expect(stageRows(page)).toHaveText([/Research/, /Contact/, /Documents/, /Signed/, /Paid/]);

  // A probability above 100 is refused with the catalogue's message; a valid one is added last.
  await page.getByRole('button', { name: 'Add stage' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add stage' });
  await dialog.getByLabel('Name').fill('Court review');
  await dialog.getByLabel('Win probability').fill('150');
  await dialog.getByRole('button', { name: 'Add stage' }).click();
  await expect(dialog.getByText('Probability must be between 0 and 100')).toBeVisible();
  await dialog.getByLabel('Win probability').fill('60');
  await dialog.getByRole('button', { name: 'Add stage' }).click();
  await expect(dialog).toBeHidden();
  await expect(stageRows(page)).toHaveText([
    /Research/,
    /Contact/,
    /Documents/,
    /Signed/,
    /Paid/,
    /Court review/,
  ]);

  // Focus is back on the opener, which scrolled it into view. A keyboard drag in a scrolled page
  // lands at the end of the list (dnd-kit measures the rows off by the scroll; a known gap, see
  // the issue note): start this one from the top of the page.
  await expect(page.getByRole('button', { name: 'Add stage' })).toBeFocused();
  await page.evaluate(() => window.scrollTo(0, 0));

  // Keyboard drag: Space picks up Contact, ArrowDown moves it below Documents, Space drops it. The
  // screen reader announcements (dnd-kit's live region) say when each step has landed.
  const handle = page.getByRole('button', { name: 'Reorder Contact' });
  const announcement = (text: string) => page.getByRole('status').filter({ hasText: text });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await expect(announcement('Picked up Contact, position 2 of 6.')).toBeAttached();
  // The keyboard sensor starts listening for moves on the next tick.
  await page.waitForTimeout(150);
  await page.keyboard.press('ArrowDown');
  await expect(announcement('Contact is now at position 3 of 6.')).toBeAttached();
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/stages/reorder') && response.request().method() === 'POST',
  );
  await page.keyboard.press('Space');
  expect((await saved).status()).toBe(200);
  await expect(stageRows(page)).toHaveText([
    /Research/,
    /Documents/,
    /Contact/,
    /Signed/,
    /Paid/,
    /Court review/,
  ]);

  await page.reload();
  await expect(stageRows(page)).toHaveText([
    /Research/,
    /Documents/,
    /Contact/,
    /Signed/,
    /Paid/,
    /Court review/,
  ]);
});

test('a stage whose deals only its column shows cannot be switched off: Settings says how many to move', async ({
  page,
  signedIn,
}) => {
  expect(signedIn.user.organizationName).toContain('Test Org');
  for (const dealName of ['Kilo claim', 'Lima claim']) {
    const res = await page.request.post('/api/deals', { data: { dealName, stage: 'Contact' } });
    expect(res.status()).toBe(201);
  }
  await page.goto('/settings/pipelines');
  const contact = page.getByRole('switch', { name: 'Contact active' });
  await expect(contact).toBeChecked();

  await contact.click();
  const toast = page.getByRole('region', { name: /Notifications/ });
  await expect(toast.getByText('Could not deactivate Contact')).toBeVisible();
  await expect(
    toast.getByText("Move this stage's 2 deals to another stage before deactivating it"),
  ).toBeVisible();
  // The switch flips back: the stage stays on, and so do its deals on the board.
  await expect(contact).toBeChecked();
  const pipelines = await (await page.request.get('/api/pipelines')).json();
  const stage = pipelines.items[0].stages.find((s: { name: string }) => s.name === 'Contact');
  expect(stage.isActive).toBe(true);

  // An empty stage switches off as before.
  const documents = page.getByRole('switch', { name: 'Documents active' });
  await documents.click();
  await expect(page.getByText('Documents deactivated')).toBeVisible();
  await expect(documents).not.toBeChecked();
  await expect(stageRows(page).filter({ hasText: 'Documents' })).toContainText('(inactive)');

  await page.goto('/deals?view=board');
  const column = page.locator('section[data-stage="Contact"]');
  await expect(column.locator('[data-deal-card]')).toHaveText([/Lima claim/, /Kilo claim/]);
  await expect(page.locator('section[data-stage="Documents"]')).toHaveCount(0);
});

test('tags need a name and a unique one; statuses need a hex colour', async ({ page, signedIn }) => {
  expect(signedIn.email).toContain('@');
  await page.goto('/settings/tags');
  await page.getByRole('button', { name: 'Add tag' }).click();
  const tagDialog = page.getByRole('dialog', { name: 'Add tag' });
  // "Color" finds the hex field alone (the picker and the swatches have names of their own).
  await expect(tagDialog.getByLabel('Color')).toHaveValue('#3b82f6');
  await tagDialog.getByRole('button', { name: 'Add tag' }).click();
  await expect(tagDialog.getByText('Tag name is required')).toBeVisible();
  // The form refuses what the API would (the same shared rule and message).
  await tagDialog.getByLabel('Name').fill('t'.repeat(51));
  await tagDialog.getByRole('button', { name: 'Add tag' }).click();
  await expect(tagDialog.getByText('Tag name must be at most 50 characters')).toBeVisible();
  // A name the organization already has (seeded) is refused by the server (409).
  await tagDialog.getByLabel('Name').fill('high value');
  await tagDialog.getByRole('button', { name: 'Add tag' }).click();
  await expect(tagDialog.getByText('A tag with this name already exists')).toBeVisible();
  await tagDialog.getByLabel('Name').fill('Probate');
  await tagDialog.getByRole('button', { name: '#8b5cf6' }).click();
  await tagDialog.getByRole('button', { name: 'Add tag' }).click();
  await expect(tagDialog).toBeHidden();
  await expect(page.getByText('Probate', { exact: true })).toBeVisible();

  await page.goto('/settings/deal-statuses');
  await page.getByRole('button', { name: 'Add deal status' }).click();
  const statusDialog = page.getByRole('dialog', { name: 'Add deal status' });
  await statusDialog.getByLabel('Name').fill('On hold');
  await statusDialog.getByLabel('Color').fill('#12');
  await statusDialog.getByRole('button', { name: 'Add deal status' }).click();
  await expect(statusDialog.getByText('Color must be a valid hex code')).toBeVisible();
  await statusDialog.getByLabel('Color').fill('#f59e0b');
  await statusDialog.getByRole('button', { name: 'Add deal status' }).click();
  await expect(statusDialog).toBeHidden();
  await expect(page.getByText('On hold', { exact: true })).toBeVisible();
});

test('a select custom field for leads is saved with its options', async ({ page, signedIn }) => {
  expect(signedIn.user.firstName).toBe('Olivia');
  await page.goto('/settings/custom-fields');
  await expect(page.getByRole('tab', { name: 'Leads' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Add field' }).click();
  const dialog = page.getByRole('dialog', { name: 'New lead field' });
  await dialog.getByLabel('Name', { exact: true }).fill('Preferred contact');
  await dialog.getByLabel('Type', { exact: true }).selectOption('select');
  // Without options the catalogue's message shows.
  await dialog.getByRole('button', { name: 'Add field' }).click();
  await expect(dialog.getByText('Options cannot be empty').first()).toBeVisible();
  await dialog.getByLabel('Option 1', { exact: true }).fill('Phone');
  await dialog.getByLabel('Option 2', { exact: true }).fill('Email');
  await dialog.getByRole('button', { name: 'Add option' }).click();
  await dialog.getByLabel('Option 3', { exact: true }).fill('Text message');
  await dialog.getByLabel('Default value').selectOption('Phone');
  await dialog.getByRole('button', { name: 'Add field' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('preferredContact')).toBeVisible();

  const response = await page.request.get('/api/custom-fields?entityType=lead');
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as {
    items: { fieldKey: string; fieldType: string; options: string[]; defaultValue: string }[];
  };
  expect(items).toContainEqual(
    expect.objectContaining({
      fieldKey: 'preferredContact',
      fieldType: 'select',
      options: ['Phone', 'Email', 'Text message'],
      defaultValue: 'Phone',
    }),
  );
});

test('state rules: add, edit and delete, with the verification notice', async ({ page, signedIn }) => {
  expect(signedIn.user.email).toBe(signedIn.email);
  await page.goto('/settings/state-rules');
  await expect(
    page.getByText(
      'Rules differ by state and change over time. Verify each entry against current law before relying on it.',
      { exact: false },
    ),
  ).toBeVisible();
  // Nothing is filled in for the organization.
  await expect(page.getByText('No state rules recorded')).toBeVisible();

  await page.getByRole('button', { name: 'Add your first state' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a state rule' });
  // "State" finds the state picker alone (the form is not named "Add state rule" too).
  await expect(dialog.getByLabel('State')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  await expect(dialog.getByText('State is required')).toBeVisible();
  await dialog.getByLabel('State').selectOption('FL');
  await dialog.getByLabel('Claim window').fill('365');
  await dialog.getByLabel('Fee cap').fill('120');
  await dialog.getByLabel('Assignment allowed').selectOption('yes');
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  await expect(dialog.getByText('Fee cap must be between 0 and 100')).toBeVisible();
  await dialog.getByLabel('Fee cap').fill('12');
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: 'Florida' });
  await expect(row).toContainText('365 days');
  await expect(row).toContainText('12%');

  await row.getByRole('button', { name: 'Actions for Florida' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Florida' });
  await expect(edit.getByLabel('Claim window')).toHaveValue('365');
  await edit.getByLabel('Claim window').fill('730');
  await edit.getByRole('button', { name: 'Save rule' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('730 days');
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: 'Florida' })).toContainText('730 days');

  await page.getByRole('button', { name: 'Actions for Florida' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete rule' }).click();
  await expect(page.getByText('No state rules recorded')).toBeVisible();
  const after = await page.request.get('/api/state-rules');
  expect(((await after.json()) as { items: unknown[] }).items).toHaveLength(0);
});

test('the floating Feedback button never covers the last row of a long list', async ({ page, signedIn }) => {
  expect(signedIn.user.email).toBeTruthy();
  await page.setViewportSize({ width: 1280, height: 720 });
  for (let i = 1; i <= 14; i++) {
    const res = await page.request.post('/api/lead-sources', {
      data: { name: `Source ${String(i).padStart(2, '0')}` },
    });
    expect(res.status()).toBe(201);
  }
  await page.goto('/settings/lead-sources');
  // A plain click: Playwright scrolls the button into view and fails if anything covers it.
  await page.getByRole('button', { name: 'Actions for Source 14' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
});

test('revenue types, deal statuses and person statuses show in the deal form, the deals list and the badges', async ({
  page,
  signedIn,
}) => {
  expect(signedIn.email).toContain('@');
  const won = await page.request.post('/api/deals', {
    data: { dealName: 'Paid claim', stage: 'Paid', dealType: 'Recovery fee' },
  });
  expect(won.status()).toBe(201);
  const wonId = ((await won.json()) as { id: string }).id;
  expect(
    (
      await page.request.post('/api/leads', { data: { fullName: 'Quinn Q', leadStatus: 'Qualified' } })
    ).status(),
  ).toBe(201);

  // A new revenue type; Settings says where it is used.
  await page.goto('/settings/revenue-types');
  await expect(page.getByText('A deal’s type is chosen from the active revenue types')).toBeVisible();
  await page.getByRole('button', { name: 'Add revenue type' }).click();
  const typeDialog = page.getByRole('dialog', { name: 'Add revenue type' });
  await typeDialog.getByLabel('Name').fill('Probate referral');
  await typeDialog.getByRole('button', { name: 'Add revenue type' }).click();
  await expect(typeDialog).toBeHidden();
  // A name already in the list is caught in the dialog, whatever its case.
  await page.getByRole('button', { name: 'Add revenue type' }).click();
  await typeDialog.getByLabel('Name').fill('probate REFERRAL');
  await typeDialog.getByRole('button', { name: 'Add revenue type' }).click();
  await expect(typeDialog.getByText('A revenue type with this name already exists')).toBeVisible();
  await expect(typeDialog.getByLabel('Name')).toBeFocused();
  await typeDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(typeDialog).toBeHidden();

  // The new-deal form suggests it as the deal type.
  await page.goto('/deals?view=list');
  await page.getByRole('button', { name: 'New deal' }).click();
  const dealDialog = page.getByRole('dialog', { name: 'New deal' });
  await dealDialog.getByLabel('Deal name').fill('Oak St claim');
  await dealDialog.getByLabel('Deal type').fill('prob');
  await dealDialog.getByRole('option', { name: 'Probate referral' }).click();
  await expect(dealDialog.getByLabel('Deal type')).toHaveValue('Probate referral');
  await dealDialog.getByRole('button', { name: 'Create deal' }).click();
  await expect(dealDialog).toBeHidden();

  // The deals list filters by deal type and by status (Open / Won / Lost).
  const rows = page.getByRole('table', { name: 'Deals' }).getByRole('row');
  await expect(rows.filter({ hasText: 'Oak St claim' })).toContainText('Open');
  await expect(rows.filter({ hasText: 'Paid claim' })).toContainText('Won');
  await page.getByRole('button', { name: 'Filters' }).click();
  const filters = page.locator('#deal-filters');
  await filters.getByLabel('Deal type').selectOption('Probate referral');
  await expect(page.getByText('1 deal', { exact: true })).toBeVisible();
  await expect(rows.filter({ hasText: 'Oak St claim' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Paid claim' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Remove filter Deal type: Probate referral' }).click();
  await filters.getByLabel('Status').selectOption('Won');
  await expect(page).toHaveURL(/state=won/);
  await expect(rows.filter({ hasText: 'Oak St claim' })).toHaveCount(0);
  await expect(rows.filter({ hasText: 'Paid claim' })).toHaveCount(1);

  // Won's colour, changed in Settings, marks the won deal's badge.
  await page.goto('/settings/deal-statuses');
  await expect(page.getByText('A deal is Open, Won or Lost as its pipeline stage says')).toBeVisible();
  await page.getByRole('button', { name: 'Actions for Won' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const statusDialog = page.getByRole('dialog', { name: 'Edit deal status' });
  await statusDialog.getByLabel('Color').fill('#8b5cf6');
  await statusDialog.getByRole('button', { name: /Save/ }).click();
  await expect(statusDialog).toBeHidden();
  await page.goto(`/deals/${wonId}`);
  await expect(page.locator('[data-color]').filter({ hasText: 'Won' })).toHaveAttribute(
    'data-color',
    '#8b5cf6',
  );

  // A person status named like a lead status colours that lead status's badge.
  await page.goto('/settings/person-statuses');
  await page.getByRole('button', { name: 'Add person status' }).click();
  const personDialog = page.getByRole('dialog', { name: 'Add person status' });
  await personDialog.getByLabel('Name').fill('qualified');
  await personDialog.getByLabel('Color').fill('#f97316');
  await personDialog.getByRole('button', { name: 'Add person status' }).click();
  await expect(personDialog).toBeHidden();
  await page.goto('/leads');
  await expect(
    page.getByRole('table', { name: 'Leads' }).locator('[data-color]').filter({ hasText: 'Qualified' }),
  ).toHaveAttribute('data-color', '#f97316');
});
