import type { APIRequestContext, Page } from '@playwright/test';
import { expect, fileSweepGraceMs, signedInTest as test } from './fixtures';

/** The welcome tour and cookie banner would cover the screens under test; mark both as seen. */
async function skipFirstRunDialogs(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem('locus-welcome-seen', 'true');
    localStorage.setItem(
      'locus-cookie-consent',
      JSON.stringify({ essential: true, analytics: false, functional: false, marketing: false }),
    );
  });
}

async function createLead(request: APIRequestContext, data: Record<string, unknown>) {
  const res = await request.post('/api/leads', { data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; fullName: string };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD of a day relative to today, in the browser's (and this process's) time zone. */
function localDate(offsetDays: number): string {
  const date = new Date();
  date.setDate(date.getDate() + offsetDays);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const table = (page: Page, name: string) => page.getByRole('table', { name });

let problems: string[] = [];

test.beforeEach(async ({ page }) => {
  await skipFirstRunDialogs(page);
  // Console errors and uncaught exceptions (CSP violations, React warnings) fail the test.
  problems = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
});

test.afterEach(() => {
  expect(problems).toEqual([]);
});

test('a lead from creation to client: validation, search, inline edit, overdue task, conversion', async ({
  page,
  signedIn: _signedIn,
}) => {
  test.setTimeout(90_000);
  await page.goto('/leads');
  await expect(page.getByRole('heading', { name: 'No leads yet' })).toBeVisible();

  // The create dialog shows the shared rule's message before anything is saved.
  await page.getByRole('button', { name: 'New lead' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New lead' });
  await dialog.getByRole('button', { name: 'Create lead' }).click();
  await expect(dialog.getByText('Full name must be at least 2 characters')).toBeVisible();
  // Escape in the Lead source suggestions closes them, not the dialog.
  const source = dialog.getByLabel('Lead source');
  await source.click();
  const suggestions = dialog.getByRole('listbox', { name: 'Suggestions' });
  await expect(suggestions.getByRole('option', { name: 'Referral' })).toBeVisible();
  await source.press('Escape');
  await expect(suggestions).toBeHidden();
  await expect(dialog).toBeVisible();
  await source.fill('refer');
  await suggestions.getByRole('option', { name: 'Referral' }).click();
  await expect(source).toHaveValue('Referral');
  await dialog.getByLabel('Full name').fill('Ann Lee');
  await dialog.getByLabel('Email').fill('ann.lee@example.com');
  await dialog.getByLabel('Phone', { exact: true }).fill('(555) 010-2000');
  await dialog.getByRole('button', { name: 'Create lead' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Lead created')).toBeVisible();
  const leads = table(page, 'Leads');
  await expect(leads.getByRole('row', { name: /Ann Lee/ })).toBeVisible();
  await expect(page.getByText('1 lead', { exact: true })).toBeVisible();

  // A second lead with the same e-mail is flagged as a possible duplicate before saving.
  await page.getByRole('button', { name: 'New lead' }).first().click();
  await dialog.getByLabel('Full name').fill('Ann B. Lee');
  await dialog.getByLabel('Email').fill('ANN.LEE@example.com');
  await dialog.getByRole('button', { name: 'Create lead' }).click();
  await expect(dialog.getByRole('alert').getByText('This may be a duplicate')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Ann Lee' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Escape or a click outside asks before a filled-in form is thrown away; a blank one just closes.
  await page.getByRole('button', { name: 'New lead' }).first().click();
  await dialog.getByLabel('Full name').fill('Draft Person');
  await page.mouse.click(5, 5);
  const discard = page.getByRole('alertdialog', { name: 'Discard changes?' });
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(dialog.getByLabel('Full name')).toHaveValue('Draft Person');
  await expect(dialog.getByLabel('Full name')).toBeFocused();
  await page.keyboard.press('Escape');
  await discard.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'New lead' }).first().click();
  await expect(dialog.getByLabel('Full name')).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(discard).toBeHidden();

  // Search narrows the list (and lives in the address bar).
  await createLead(page.request, { fullName: 'Bob Stone', email: 'bob@example.com' });
  await page.reload();
  await expect(leads.getByRole('row', { name: /Bob Stone/ })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search leads' }).fill('ann');
  await expect(page).toHaveURL(/search=ann/);
  await expect(leads.getByRole('row', { name: /Bob Stone/ })).toBeHidden();
  await expect(leads.getByRole('row', { name: /Ann Lee/ })).toBeVisible();

  // Sorting by a header sets ?sort= and aria-sort.
  await leads.getByRole('button', { name: 'Name' }).click();
  await expect(page).toHaveURL(/sort=fullName/);
  await expect(leads.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');

  // Open the lead; edit a field in place (Enter saves, it survives a reload).
  await leads.getByRole('row', { name: /Ann Lee/ }).click();
  await expect(page).toHaveURL(/\/leads\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Ann Lee', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Location Add location' }).click();
  await page.getByRole('textbox', { name: 'Location' }).fill('Tampa, FL');
  await page.getByRole('textbox', { name: 'Location' }).press('Enter');
  await expect(page.getByRole('button', { name: 'Location Tampa, FL' })).toBeVisible();
  // Escape cancels an edit.
  await page.getByRole('button', { name: 'Location Tampa, FL' }).click();
  await page.getByRole('textbox', { name: 'Location' }).fill('Somewhere else');
  await page.getByRole('textbox', { name: 'Location' }).press('Escape');
  await expect(page.getByRole('button', { name: 'Location Tampa, FL' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Location Tampa, FL' })).toBeVisible();

  // A task due yesterday and still pending is overdue.
  await page.getByRole('button', { name: 'Log activity' }).click();
  const composer = page.getByRole('form', { name: 'Log activity' });
  await composer.getByRole('radio', { name: 'Task' }).check();
  await composer.getByLabel('Subject').fill('Send the claim agreement');
  await composer.getByLabel('Due date').fill(localDate(-1));
  await expect(composer.getByLabel('Status')).toHaveValue('pending');
  await composer.getByRole('button', { name: 'Add activity' }).click();
  const task = page.getByRole('listitem').filter({ hasText: 'Send the claim agreement' });
  await expect(task.getByText('Overdue')).toBeVisible();

  // Convert to a client with a deal; the client page lists the deal.
  await page.getByRole('button', { name: 'Convert to client' }).click();
  const convert = page.getByRole('dialog', { name: /Convert Ann Lee/ });
  const alsoDeal = convert.getByRole('checkbox', { name: 'Also create a deal' });
  await expect(alsoDeal).not.toBeChecked();
  await alsoDeal.check();
  await convert.getByLabel('Deal name').fill('Ann Lee surplus claim');
  await convert.getByRole('button', { name: 'Convert to client' }).click();
  await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Lead converted')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ann Lee', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Deals' }).getByRole('link', { name: 'Ann Lee surplus claim' }),
  ).toBeVisible();
  await expect(
    page.locator('[data-tour="client-notes"]').getByText('Converted from lead', { exact: true }),
  ).toBeVisible();

  await expect(page.getByRole('link', { name: 'Ann Lee', exact: true })).toHaveAttribute(
    'href',
    /^\/leads\/[0-9a-f-]{36}$/,
  );

  // The deal's page names the lead its client came from, and its documents.
  await page
    .getByRole('list', { name: 'Deals' })
    .getByRole('link', { name: 'Ann Lee surplus claim' })
    .click();
  await expect(page.getByRole('heading', { name: 'Ann Lee surplus claim', level: 1 })).toBeVisible();
  const related = page.getByRole('region', { name: 'Related records' });
  await expect(related.getByText('No documents yet')).toBeVisible();

  // The lead now reads Converted and links to its client.
  await related.getByRole('link', { name: 'Ann Lee', exact: true }).click();
  await expect(page).toHaveURL(/\/leads\//);
  await expect(page.getByText('Converted', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'View client' })).toBeVisible();
});

test('bulk delete with confirmation, and the CSV export of the rows shown', async ({
  page,
  signedIn: _signedIn,
}) => {
  for (const fullName of ['Carla One', 'Dan Two', 'Eve Three']) {
    const email = `${fullName.split(' ')[0].toLowerCase()}@example.com`;
    await createLead(page.request, { fullName, leadSource: 'Referral', email });
  }
  await page.goto('/leads');
  const leads = table(page, 'Leads');
  await expect(page.getByText('3 leads', { exact: true })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const stream = await download.createReadStream();
  let csv = '';
  for await (const chunk of stream) csv += chunk.toString();
  expect(csv.split('\n')[0]).toContain('fullName');
  for (const name of ['Carla One', 'Dan Two', 'Eve Three']) expect(csv).toContain(name);

  await leads.getByRole('checkbox', { name: 'Select Carla One' }).click();
  await leads.getByRole('checkbox', { name: 'Select Dan Two' }).click();
  const bulk = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bulk.getByText('2 leads selected')).toBeVisible();
  await bulk.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete 2 leads?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete 2 leads' }).click();
  await expect(page.getByText('2 leads deleted')).toBeVisible();
  await expect(leads.getByRole('row', { name: /Carla One/ })).toBeHidden();
  await expect(leads.getByRole('row', { name: /Dan Two/ })).toBeHidden();
  await expect(leads.getByRole('row', { name: /Eve Three/ })).toBeVisible();
  await expect(page.getByText('1 lead', { exact: true })).toBeVisible();

  // Filters live in the address bar and show as removable chips.
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByLabel('Status', { exact: true }).selectOption('Qualified');
  await expect(page).toHaveURL(/leadStatus=Qualified/);
  await expect(page.getByRole('heading', { name: 'No leads match' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove filter Status: Qualified' }).click();
  await expect(leads.getByRole('row', { name: /Eve Three/ })).toBeVisible();

  // The column chooser hides a column for this user, also after a reload.
  await page.getByRole('button', { name: 'Choose columns' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Phone' }).click();
  await page.keyboard.press('Escape');
  await expect(leads.getByRole('columnheader', { name: 'Phone' })).toBeHidden();
  await page.reload();
  await expect(leads.getByRole('columnheader', { name: 'Created' })).toBeVisible();
  await expect(leads.getByRole('columnheader', { name: 'Phone' })).toBeHidden();

  // The e-mail shows under the name, or in its own column when that is chosen: never twice.
  const eve = leads.getByRole('row', { name: /Eve Three/ });
  await expect(eve.getByText('eve@example.com')).toHaveCount(1);
  await page.getByRole('button', { name: 'Choose columns' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Email' }).click();
  await page.keyboard.press('Escape');
  await expect(leads.getByRole('columnheader', { name: 'Email' })).toBeVisible();
  await expect(eve.getByText('eve@example.com')).toHaveCount(1);

  // Rows are focusable; Enter opens one.
  await leads.getByRole('row', { name: /Eve Three/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/leads\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Eve Three', level: 1 })).toBeVisible();
});

/** A lead number field 'Heir count' and a lead with 3 in it. */
async function seedHeirCountLead(request: APIRequestContext) {
  const field = await request.post('/api/custom-fields', {
    data: { name: 'Heir count', fieldKey: 'heirCount', fieldType: 'number', entityType: 'lead' },
  });
  expect(field.status()).toBe(201);
  await createLead(request, { fullName: 'Hana Heirs', customFields: { heirCount: 3 } });
}

test('a custom field can be shown as a list column, and stays chosen after a reload', async ({
  page,
  signedIn: _signedIn,
}) => {
  await seedHeirCountLead(page.request);
  await page.goto('/leads');
  const leads = table(page, 'Leads');
  await expect(leads.getByRole('columnheader', { name: 'Heir count' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Choose columns' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Heir count' }).click();
  await page.keyboard.press('Escape');
  await expect(leads.getByRole('columnheader', { name: 'Heir count' })).toBeVisible();
  await expect(leads.getByRole('row', { name: /Hana Heirs/ })).toContainText('3');
  await page.reload();
  await expect(leads.getByRole('columnheader', { name: 'Heir count' })).toBeVisible();
});

test('the columns chosen for a list follow the user through sign-out and into another browser', async ({
  page,
  browser,
  baseURL,
  signedIn,
}) => {
  test.setTimeout(60_000);
  await seedHeirCountLead(page.request);
  await page.goto('/leads');
  const leads = table(page, 'Leads');
  await expect(leads.getByRole('columnheader', { name: 'Phone' })).toBeVisible();

  // Show a custom field, hide a default column: one save reaches the server.
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' && response.url().endsWith('/api/preferences/lists/leads'),
  );
  await page.getByRole('button', { name: 'Choose columns' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Heir count' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Phone' }).click();
  await page.keyboard.press('Escape');
  await expect(leads.getByRole('columnheader', { name: 'Heir count' })).toBeVisible();
  await expect(leads.getByRole('columnheader', { name: 'Phone' })).toHaveCount(0);
  expect((await saved).status()).toBe(200);

  // Signing out clears the browser's storage; signing in again brings the choice back.
  const loggedOut = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/logout');
  await page.getByRole('button', { name: 'Logout' }).click();
  await loggedOut;
  await page.waitForURL((url) => url.pathname === '/');
  await page.waitForLoadState();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/surplus funds/i);

  const signInAndOpenLeads = async (target: Page) => {
    await target.goto('/auth');
    const form = target.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(signedIn.email);
    await form.getByLabel('Password').fill(signedIn.password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await target.waitForURL((url) => url.pathname !== '/auth');
    await target.goto('/leads');
    const list = table(target, 'Leads');
    await expect(list.getByRole('row', { name: /Hana Heirs/ })).toContainText('3');
    await expect(list.getByRole('columnheader', { name: 'Heir count' })).toBeVisible();
    await expect(list.getByRole('columnheader', { name: 'Phone' })).toHaveCount(0);
  };
  await signInAndOpenLeads(page);

  const other = await browser.newContext({ baseURL });
  try {
    const otherPage = await other.newPage();
    await skipFirstRunDialogs(otherPage);
    await signInAndOpenLeads(otherPage);
    // A change the page is reloaded right after still reaches the server.
    await otherPage.getByRole('button', { name: 'Choose columns' }).click();
    await otherPage.getByRole('menuitemcheckbox', { name: 'Phone' }).click();
    await otherPage.keyboard.press('Escape');
    await otherPage.reload();
    await expect(table(otherPage, 'Leads').getByRole('columnheader', { name: 'Phone' })).toBeVisible();
    const stored = await otherPage.request.get('/api/preferences/lists/leads');
    expect(await stored.json()).toEqual({ columns: [expect.stringMatching(/^cf:/)] });
  } finally {
    await other.close();
  }
  // Signed out, the app's GET /api/user answers 401, which Chromium logs as a console error.
  problems = problems.filter((text) => !text.includes('status of 401 (Unauthorized)'));
});

test('a company opens in a side panel, also from a deep link', async ({ page, signedIn: _signedIn }) => {
  const res = await page.request.post('/api/companies', {
    data: {
      companyName: 'Suncoast Title & Escrow',
      industry: 'Title & escrow',
      relationshipStatus: 'partner',
    },
  });
  expect(res.status()).toBe(201);
  const company = (await res.json()) as { id: string };

  await page.goto('/companies');
  await table(page, 'Companies')
    .getByRole('row', { name: /Suncoast Title/ })
    .click();
  const panel = page.getByRole('dialog', { name: 'Suncoast Title & Escrow' });
  await expect(panel).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`open=${company.id}`));
  await panel.getByRole('button', { name: 'Key contact Add key contact' }).click();
  await panel.getByRole('textbox', { name: 'Key contact' }).fill('Dana White');
  await panel.getByRole('textbox', { name: 'Key contact' }).press('Enter');
  await expect(panel.getByRole('button', { name: 'Key contact Dana White' })).toBeVisible();
  await panel.getByRole('button', { name: 'Close panel' }).click();
  await expect(panel).toBeHidden();
  await expect(page).not.toHaveURL(/open=/);
  await expect(table(page, 'Companies').getByRole('row', { name: /Dana White/ })).toBeVisible();

  // The name is a link to the panel, as names link to their pages in the other lists.
  await page.getByRole('link', { name: 'Suncoast Title & Escrow' }).click();
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  await page.goto(`/companies?open=${company.id}`);
  await expect(page.getByRole('dialog', { name: 'Suncoast Title & Escrow' })).toBeVisible();
});

test('a long list keeps only the rows on screen in the page and loads more while scrolling', async ({
  page,
  signedIn: _signedIn,
}) => {
  test.setTimeout(120_000);
  const total = 300;
  for (let start = 0; start < total; start += 30) {
    await Promise.all(
      Array.from({ length: Math.min(30, total - start) }, (_, i) =>
        createLead(page.request, { fullName: `Bulk Lead ${String(start + i).padStart(3, '0')}` }),
      ),
    );
  }
  await page.goto('/leads?sort=fullName');
  const leads = table(page, 'Leads');
  await expect(page.getByText('300 leads', { exact: true })).toBeVisible();
  await expect(leads.getByRole('row', { name: /Bulk Lead 000/ })).toBeVisible();
  const rows = leads.locator('[data-row-index]');
  expect(await rows.count()).toBeLessThan(60);

  // Scroll to the end, page after page, until the last lead has been loaded.
  const lastRow = leads.getByRole('row', { name: /Bulk Lead 299/ });
  await expect(async () => {
    await leads.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await expect(lastRow).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  expect(await rows.count()).toBeLessThan(60);
  await expect(lastRow).toHaveAttribute('aria-rowindex', String(total + 1));
});

test('a long one-word subject wraps in the timeline: the page keeps its width and the actions stay in view', async ({
  page,
  signedIn: _signedIn,
}) => {
  await skipFirstRunDialogs(page);
  const res = await page.request.post('/api/clients', { data: { displayName: 'Wren Wide' } });
  expect(res.status(), await res.text()).toBe(201);
  const client = (await res.json()) as { id: string };
  // No break opportunity at all, as in a pasted token or a long file name.
  const subject = `Disbursement${'0123456789'.repeat(24)}`;
  const activity = await page.request.post('/api/activities', {
    data: { type: 'note', subject, clientId: client.id },
  });
  expect(activity.status(), await activity.text()).toBe(201);
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/clients/${client.id}`);
    const actions = page.getByRole('button', { name: `Actions for ${subject}` });
    await actions.scrollIntoViewIfNeeded();
    await expect(actions).toBeInViewport({ ratio: 1 });
    const box = await actions.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
});

test('an activity carries an uploaded file and a link: both show in the timeline, the file downloads, editing removes one', async ({
  page,
  signedIn: _signedIn,
}) => {
  const res = await page.request.post('/api/clients', { data: { displayName: 'Cleo Claimant' } });
  expect(res.status(), await res.text()).toBe(201);
  const client = (await res.json()) as { id: string };
  await page.goto(`/clients/${client.id}`);
  await page.getByRole('button', { name: 'Log activity' }).click();
  const composer = page.getByRole('form', { name: 'Log activity' });
  await composer.getByRole('radio', { name: 'Email' }).check();
  await composer.getByLabel('Subject').fill('Sent the claim form');
  const attachFile = composer.getByLabel('Attach file');

  // Over the limit: refused in the browser with the server's own message, nothing uploaded.
  await attachFile.setInputFiles({
    name: 'scan.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
  });
  await expect(composer.getByRole('alert')).toHaveText('scan.pdf: File must be 10 MB or smaller');
  await composer.getByRole('button', { name: 'Dismiss the error about scan.pdf' }).click();
  await expect(composer.getByRole('alert')).toBeHidden();

  const content = 'Claim form for Cleo Claimant\nCase 2024-CA-0042\n';
  const size = `${Buffer.byteLength(content)} B`;
  // The visible control is one button, which opens the browser's file chooser.
  const chooser = page.waitForEvent('filechooser');
  await composer.getByRole('button', { name: 'Attach file' }).click();
  await (await chooser).setFiles({
    name: 'claim-form.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(content),
  });
  const attached = composer.getByRole('list', { name: 'Attached' });
  await expect(attached.getByRole('listitem').filter({ hasText: 'claim-form.txt' })).toContainText(size);

  // A link: the shared rule refuses anything but http(s).
  await composer.getByRole('button', { name: 'Add link' }).click();
  const link = composer.getByRole('group', { name: 'Add link' });
  await link.getByLabel('Link name').fill('County record');
  await link.getByLabel('Link URL').fill('javascript:alert(1)');
  await link.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(link.getByText('Attachment URL must be a valid URL')).toBeVisible();
  await link.getByLabel('Link URL').fill('https://county.example.gov/records/42');
  await link.getByLabel('Link URL').press('Enter');
  await expect(link).toBeHidden();
  // One more link, removed again before saving.
  await composer.getByRole('button', { name: 'Add link' }).click();
  await link.getByLabel('Link name').fill('Wrong link');
  await link.getByLabel('Link URL').fill('https://example.com/wrong');
  await link.getByRole('button', { name: 'Add', exact: true }).click();
  await attached.getByRole('button', { name: 'Remove Wrong link' }).click();
  await expect(attached.getByRole('listitem')).toHaveCount(2);
  await composer.getByRole('button', { name: 'Add activity' }).click();
  await expect(composer).toBeHidden();

  const shown = page.getByRole('list', { name: 'Attachments of Sent the claim form' });
  const fileLink = shown.getByRole('link', { name: /claim-form\.txt/ });
  const countyLink = shown.getByRole('link', { name: /County record/ });
  await expect(fileLink).toContainText(size);
  await expect(countyLink).toHaveAttribute('href', 'https://county.example.gov/records/42');
  await expect(countyLink).toHaveAttribute('target', '_blank');
  await expect(countyLink).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(shown.getByRole('link', { name: /Wrong link/ })).toHaveCount(0);

  const [download] = await Promise.all([page.waitForEvent('download'), fileLink.click()]);
  expect(download.suggestedFilename()).toBe('claim-form.txt');
  let downloaded = '';
  for await (const chunk of await download.createReadStream()) downloaded += chunk.toString();
  expect(downloaded).toBe(content);

  // Editing keeps the file and drops the link.
  await page.getByRole('button', { name: 'Actions for Sent the claim form' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit activity' });
  await dialog.getByRole('button', { name: 'Remove County record' }).click();
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(shown.getByRole('link', { name: /County record/ })).toHaveCount(0);
  await page.reload();
  await expect(shown.getByRole('link')).toHaveCount(1);
  await expect(shown.getByRole('link', { name: /claim-form\.txt/ })).toBeVisible();
});

test('a link typed but not added is saved with the activity; an invalid one stops the save, an empty one is ignored', async ({
  page,
  signedIn: _signedIn,
}) => {
  const res = await page.request.post('/api/clients', { data: { displayName: 'Lina Linkman' } });
  expect(res.status(), await res.text()).toBe(201);
  const client = (await res.json()) as { id: string };
  await page.goto(`/clients/${client.id}`);
  await page.getByRole('button', { name: 'Log activity' }).click();
  const composer = page.getByRole('form', { name: 'Log activity' });
  await composer.getByLabel('Subject').fill('Found the county record');
  await composer.getByRole('button', { name: 'Add link' }).click();
  const link = composer.getByRole('group', { name: 'Add link' });
  await link.getByLabel('Link name').fill('County record');
  await link.getByLabel('Link URL').fill('county record 42');

  // Invalid: the save stops at the link, which shows why.
  await composer.getByRole('button', { name: 'Add activity' }).click();
  await expect(link.getByText('Attachment URL must be a valid URL')).toBeVisible();
  await expect(link.getByLabel('Link URL')).toBeFocused();
  await expect(composer).toBeVisible();
  const saved = await page.request.get(`/api/activities?clientId=${client.id}`);
  expect((await saved.json()).total).toBe(0);

  // Valid but never added with its own button: saved with the activity all the same.
  await link.getByLabel('Link URL').fill('https://county.example.gov/records/42');
  await composer.getByRole('button', { name: 'Add activity' }).click();
  await expect(composer).toBeHidden();
  const shown = page.getByRole('list', { name: 'Attachments of Found the county record' });
  await expect(shown.getByRole('link', { name: /County record/ })).toHaveAttribute(
    'href',
    'https://county.example.gov/records/42',
  );

  // The edit dialog's Save does the same.
  await page.getByRole('button', { name: 'Actions for Found the county record' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit activity' });
  await dialog.getByRole('button', { name: 'Add link' }).click();
  const editLink = dialog.getByRole('group', { name: 'Add link' });
  await editLink.getByLabel('Link name').fill('Claim form');
  await editLink.getByLabel('Link URL').fill('https://county.example.gov/forms/claim');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(shown.getByRole('link')).toHaveCount(2);
  await expect(shown.getByRole('link', { name: /Claim form/ })).toHaveAttribute(
    'href',
    'https://county.example.gov/forms/claim',
  );

  // An empty link row is no link: the activity saves without one.
  await page.getByRole('button', { name: 'Log activity' }).click();
  await composer.getByLabel('Subject').fill('Called the clerk');
  await composer.getByRole('button', { name: 'Add link' }).click();
  await expect(link.getByLabel('Link name')).toBeFocused();
  await composer.getByRole('button', { name: 'Add activity' }).click();
  await expect(composer).toBeHidden();
  await expect(page.getByRole('listitem').filter({ hasText: 'Called the clerk' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Attachments of Called the clerk' })).toHaveCount(0);
});

test('an e-mail activity keeps the e-mail itself: entered in the form, shown in the timeline, cleared when the type changes', async ({
  page,
  signedIn: _signedIn,
}) => {
  await skipFirstRunDialogs(page);
  const res = await page.request.post('/api/clients', { data: { displayName: 'Erin Email' } });
  expect(res.status(), await res.text()).toBe(201);
  const client = (await res.json()) as { id: string };
  await page.goto(`/clients/${client.id}`);
  await page.getByRole('button', { name: 'Log activity' }).click();
  const composer = page.getByRole('form', { name: 'Log activity' });
  // Only an e-mail has a body.
  await expect(composer.getByLabel('Email content')).toHaveCount(0);
  await composer.getByRole('radio', { name: 'Email' }).check();
  await composer.getByLabel('Subject').fill('Sent the claim packet');
  await composer.getByLabel('Email content').fill('Hello Erin,\nthe packet is attached.');
  await composer.getByRole('button', { name: 'Add activity' }).click();

  const item = page.getByRole('listitem').filter({ hasText: 'Sent the claim packet' });
  await item.getByText('Email content').click();
  await expect(item.getByText('the packet is attached.')).toBeVisible();
  const stored = async () =>
    (
      (await (await page.request.get(`/api/activities?clientId=${client.id}`)).json()) as {
        items: { emailContent: string | null }[];
      }
    ).items[0].emailContent;
  expect(await stored()).toBe('Hello Erin,\nthe packet is attached.');

  // As a call it has no e-mail any more.
  await item.getByRole('button', { name: 'Actions for Sent the claim packet' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit activity' });
  await expect(dialog.getByLabel('Email content')).toHaveValue('Hello Erin,\nthe packet is attached.');
  await dialog.getByRole('radio', { name: 'Call' }).check();
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(stored).toBeNull();
});

test('a deleted activity takes its uploaded file with it: the download is gone once the sweep has run', async ({
  page,
  signedIn: _signedIn,
}) => {
  test.setTimeout(30_000 + fileSweepGraceMs);
  const res = await page.request.post('/api/clients', { data: { displayName: 'Pia Private' } });
  expect(res.status(), await res.text()).toBe(201);
  const client = (await res.json()) as { id: string };
  await page.goto(`/clients/${client.id}`);
  await page.getByRole('button', { name: 'Log activity' }).click();
  const composer = page.getByRole('form', { name: 'Log activity' });
  await composer.getByLabel('Subject').fill('Received her ID');
  await composer.getByLabel('Attach file').setInputFiles({
    name: 'passport-scan.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Passport of Pia Private, no. X1234567\n'),
  });
  await expect(composer.getByRole('list', { name: 'Attached' })).toContainText('passport-scan.txt');
  await composer.getByRole('button', { name: 'Add activity' }).click();
  await expect(composer).toBeHidden();

  const fileLink = page
    .getByRole('list', { name: 'Attachments of Received her ID' })
    .getByRole('link', { name: /passport-scan\.txt/ });
  const href = await fileLink.getAttribute('href');
  expect(href).toMatch(/^\/api\/files\//);
  expect((await page.request.get(href ?? '')).status()).toBe(200);

  await page.getByRole('button', { name: 'Actions for Received her ID' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete activity' }).click();
  await expect(fileLink).toHaveCount(0);

  // Nothing links to the file any more: past its grace period the sweep deletes it for good.
  await expect
    .poll(async () => (await page.request.get(href ?? '')).status(), {
      timeout: fileSweepGraceMs + 10_000,
      intervals: [1_000],
    })
    .toBe(404);
});

test('converting a lead keeps the claimant’s contact details and open task on the client', async ({
  page,
  signedIn: _signedIn,
}) => {
  test.setTimeout(60_000);
  const lead = await createLead(page.request, {
    fullName: 'Mara Quill',
    email: 'mara.quill@example.com',
    phone: '(813) 555-0164',
    phoneType: 'Mobile',
    location: 'Tampa, FL 33602',
    notes: 'Former owner; prefers evenings',
  });
  const task = await page.request.post('/api/lead-activities', {
    data: {
      leadId: lead.id,
      type: 'task',
      subject: 'Mail the claim packet',
      status: 'pending',
      dueDate: localDate(3),
    },
  });
  expect(task.status(), await task.text()).toBe(201);

  // A surplus locator's lead form asks for the property, its State picked from the US states.
  await page.goto('/leads');
  await page.getByRole('button', { name: 'New lead' }).first().click();
  const form = page.getByRole('dialog', { name: 'New lead' });
  const property = form.getByRole('region', { name: 'Property' });
  await expect(property.getByRole('textbox', { name: 'Case number' })).toBeVisible();
  await expect(property.getByRole('textbox', { name: 'Property address' })).toBeVisible();
  await property.getByRole('combobox', { name: 'State' }).selectOption('FL');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();

  await page.goto(`/leads/${lead.id}`);
  await page.getByRole('button', { name: 'Convert to client' }).click();
  const convert = page.getByRole('dialog', { name: /Convert Mara Quill/ });
  await convert.getByRole('button', { name: 'Convert to client' }).click();
  await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Mara Quill', level: 1 })).toBeVisible();

  // The contact details, address and notes came with the lead.
  await expect(page.getByRole('button', { name: 'Email mara.quill@example.com' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Phone (813) 555-0164' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'City Tampa' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^State FL/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'ZIP code 33602' })).toBeVisible();
  await expect(page.getByText('Former owner; prefers evenings')).toBeVisible();
  // The open task is on the client's timeline, and the lead is linked.
  await expect(
    page.locator('[data-tour="client-notes"]').getByText('Mail the claim packet', { exact: true }),
  ).toBeVisible();
  // In the Related card (the timeline's conversion note says the same).
  await expect(page.locator('span').filter({ hasText: /^Converted from lead Mara Quill$/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Mara Quill', exact: true })).toHaveAttribute(
    'href',
    `/leads/${lead.id}`,
  );

  // The state is picked from the list of US states.
  await page.getByRole('button', { name: /^State FL/ }).click();
  await page.getByRole('combobox', { name: 'State' }).selectOption('GA');
  await expect(page.getByRole('button', { name: /^State GA/ })).toBeVisible();

  // The clients list shows the e-mail and finds the client by phone digits.
  await page.goto('/clients');
  const clients = table(page, 'Clients');
  await expect(clients.getByText('mara.quill@example.com')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search clients' }).fill('8135550164');
  await expect(clients.getByRole('link', { name: 'Mara Quill' })).toBeVisible();
});

test('the list toolbar wraps instead of squeezing the search on a phone and in a narrow window', async ({
  page,
  signedIn,
}) => {
  void signedIn;
  await skipFirstRunDialogs(page);
  for (const width of [390, 700, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/leads');
    const search = page.getByRole('searchbox', { name: 'Search leads' });
    const filters = page.getByRole('button', { name: /^Filters/ });
    await expect(search).toBeVisible();
    const [box, button] = [await search.boundingBox(), await filters.boundingBox()];
    if (!box || !button) throw new Error('the search or the Filters button has no box');
    expect(box.width, `search width at ${width} px`).toBeGreaterThanOrEqual(190);
    // Side by side or one above the other, never on top of each other.
    const apart = box.x + box.width <= button.x || box.y + box.height <= button.y;
    expect(apart, `search and Filters apart at ${width} px`).toBe(true);
  }
});
