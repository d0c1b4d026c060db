import type { APIRequestContext, ConsoleMessage, Page } from '@playwright/test';
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

/** Console errors, including the browser's CSP reports (the charts and the palette must not cause any). */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

const DAY = 86_400_000;
/** A calendar date `days` from today (UTC, as the server counts claim deadlines). */
const isoDay = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

async function post<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const response = await request.post(path, { data });
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

interface Seeded {
  maria: { id: string };
}

/** Three leads, two open deals (one with a claim deadline in 10 days), an overdue and an upcoming task. */
async function seed(request: APIRequestContext): Promise<Seeded> {
  const maria = await post<{ id: string }>(request, '/api/leads', {
    fullName: 'Maria Gonzalez',
    email: 'maria@example.com',
  });
  const james = await post<{ id: string }>(request, '/api/leads', { fullName: 'James Whitaker' });
  await post(request, '/api/leads', { fullName: 'Dana Brooks' });
  const client = await post<{ id: string }>(request, '/api/clients', { displayName: 'Estate of H. Miller' });
  await post(request, '/api/deals', {
    dealName: '1420 Oak St surplus',
    stage: 'Research',
    dealValue: 40000,
    relatedClient: client.id,
    customFields: { claimDeadline: isoDay(10) },
  });
  await post(request, '/api/deals', { dealName: 'Pinellas HOA claim', stage: 'Contact', dealValue: 10000 });
  await post(request, '/api/lead-activities', {
    leadId: maria.id,
    type: 'task',
    subject: 'Call Maria about the county letter',
    status: 'pending',
    dueDate: new Date(Date.now() - 2 * DAY).toISOString(),
  });
  await post(request, '/api/lead-activities', {
    leadId: james.id,
    type: 'task',
    subject: 'Send the claim packet to James',
    status: 'pending',
    dueDate: new Date(Date.now() + 4 * DAY).toISOString(),
  });
  return { maria };
}

test.beforeEach(async ({ page }) => returningUser(page));

test('an empty organization sees zeros and a way to start', async ({ page, signedIn }) => {
  const problems = watchConsole(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome, ${signedIn.user.firstName}` })).toBeVisible();
  await expect(page.locator('[data-tour="dashboard-header"]')).toBeVisible();
  await expect(page.getByTestId('kpi-new-leads-value')).toHaveText('0');
  await expect(page.getByTestId('kpi-open-pipeline-value')).toHaveText('$0');
  await expect(page.getByRole('link', { name: 'Add your first lead' }).first()).toBeVisible();
  await expect(page.getByText('No open tasks')).toBeVisible();
  await expect(page.getByText('No deadlines in the next 30 days')).toBeVisible();
  for (const target of ['analytics-section', 'automation-section', 'integrations-section']) {
    await expect(page.locator(`[data-tour="${target}"]`)).toBeVisible();
  }
  expect(problems).toEqual([]);
});

test('figures, the overdue task, the claim deadline; completing the task clears the overdue mark', async ({
  page,
  signedIn,
}) => {
  expect(signedIn.user.organizationName).toContain('Test Org');
  const problems = watchConsole(page);
  await seed(page.request);
  await page.goto('/dashboard');

  await expect(page.getByTestId('kpi-new-leads-value')).toHaveText('3');
  await expect(page.getByTestId('kpi-open-pipeline-value')).toHaveText('$50,000');
  await expect(page.getByTestId('kpi-open-pipeline')).toContainText('2 open deals');
  await expect(page.getByTestId('kpi-overdue-tasks-value')).toHaveText('1');
  await expect(page.getByTestId('kpi-conversion-rate-value')).toHaveText('0%');

  // The charts render (SVG, no CSP report).
  const analytics = page.locator('[data-tour="analytics-section"]');
  await expect(analytics.getByRole('heading', { name: 'Open pipeline by stage' })).toBeVisible();
  await expect(analytics.getByRole('img', { name: /^Open pipeline by stage/ })).toBeVisible();

  const overdue = page.getByTestId('task-row').filter({ hasText: 'Call Maria about the county letter' });
  await expect(overdue).toHaveAttribute('data-overdue', 'true');
  await expect(overdue).toContainText('Overdue by 2 days');
  const upcoming = page.getByTestId('task-row').filter({ hasText: 'Send the claim packet to James' });
  await expect(upcoming).not.toHaveAttribute('data-overdue', 'true');

  const deadline = page.getByTestId('deadline-row').filter({ hasText: '1420 Oak St surplus' });
  await expect(deadline).toContainText('10 days');
  await expect(deadline).toContainText('Estate of H. Miller');
  await expect(deadline).toHaveAttribute('data-urgency', 'warning');

  const saved = page.waitForResponse(
    (response) => response.url().includes('/api/lead-activities/') && response.request().method() === 'PATCH',
  );
  await overdue.getByRole('checkbox', { name: 'Complete “Call Maria about the county letter”' }).click();
  expect((await saved).status()).toBe(200);
  await expect(overdue).not.toHaveAttribute('data-overdue', 'true');
  await expect(overdue).not.toContainText('Overdue');
  await expect(page.getByTestId('kpi-overdue-tasks-value')).toHaveText('0');

  // The task is stored as completed.
  const tasks = await page.request.get('/api/tasks/mine');
  const { items } = (await tasks.json()) as { items: { subject: string }[] };
  expect(items.map((task) => task.subject)).toEqual(['Send the claim packet to James']);

  // The sections are tabs that change the address.
  await page.getByRole('tab', { name: 'Pipeline' }).click();
  await expect(page).toHaveURL(/\/dashboard\/pipeline$/);
  // A stage's value and its share are read apart ("$40,000, 80% …", not "$40,00080%").
  const research = page.getByRole('row', { name: /^Research/ });
  await expect(research.getByRole('cell').nth(2)).toHaveAccessibleName(/^\$40,000 ?, 80% of the open value$/);
  await page.getByRole('tab', { name: 'Claim deadlines' }).click();
  await expect(page).toHaveURL(/\/dashboard\/deadlines$/);
  await expect(page.getByTestId('deadline-row').filter({ hasText: '1420 Oak St surplus' })).toBeVisible();
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(problems).toEqual([]);
});

test('Ctrl+K finds a lead and Enter opens it', async ({ page, signedIn }) => {
  expect(signedIn.email).toContain('@');
  const { maria } = await seed(page.request);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /^Welcome(?: back)?, / })).toBeVisible();

  await page.keyboard.press('Control+k');
  const input = page.getByRole('combobox', { name: 'Search leads, clients, companies and deals' });
  await expect(input).toBeFocused();
  await input.fill('zzqx');
  await expect(page.getByText('No results for “zzqx”')).toBeVisible();

  await input.fill('Maria');
  const option = page.getByRole('option', { name: /Maria Gonzalez/ });
  await expect(option).toBeVisible();
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('group', { name: 'Leads' })).toBeVisible();
  await input.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/leads/${maria.id}$`));
  await expect(input).toBeHidden();

  // The nav's Search button opens it too; Escape closes it.
  await page.getByRole('button', { name: /^Search/ }).click();
  await expect(input).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(input).toBeHidden();
});

test('the dashboard’s New lead and New deal open the create dialogs (?new=1), once', async ({
  page,
  signedIn,
}) => {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome, ${signedIn.user.firstName}` })).toBeVisible();

  await page.getByRole('link', { name: 'New deal', exact: true }).click();
  const dealDialog = page.getByRole('dialog', { name: 'New deal' });
  await expect(dealDialog).toBeVisible();
  await expect(page).toHaveURL(/\/deals$/);
  await page.keyboard.press('Escape');
  await expect(dealDialog).toBeHidden();
  // The address bar no longer asks for it: a reload shows the board, not the dialog.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Deals', exact: true })).toBeVisible();
  await expect(dealDialog).toBeHidden();

  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'New lead', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'New lead' })).toBeVisible();
  await expect(page).toHaveURL(/\/leads$/);
});

test('recently updated deals: newest first, and fresh after a deal moves elsewhere in the app', async ({
  page,
  signedIn,
}) => {
  const older = await post<{ id: string }>(page.request, '/api/deals', {
    dealName: 'Older claim',
    stage: 'Research',
  });
  await post(page.request, '/api/deals', { dealName: 'Newer claim', stage: 'Contact', dealValue: 2500 });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome, ${signedIn.user.firstName}` })).toBeVisible();
  const card = page.getByRole('table', { name: 'Recently updated deals' });
  const rows = card.getByTestId('recent-deal-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Newer claim');
  await expect(rows.nth(0)).toContainText('Contact');
  await expect(rows.nth(0)).toContainText('$2,500');

  // Moved while the dashboard is cached: coming back shows the move, the moved deal first.
  const moved = await page.request.post(`/api/deals/${older.id}/move`, { data: { stage: 'Signed' } });
  expect(moved.status()).toBe(200);
  await page.getByRole('link', { name: 'Deals', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Deals', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Home', exact: true }).first().click();
  await expect(rows.nth(0)).toContainText('Older claim');
  await expect(rows.nth(0)).toContainText('Signed');
  await rows.nth(0).getByRole('link', { name: 'Older claim' }).click();
  await expect(page).toHaveURL(new RegExp(`/deals/${older.id}$`));
});

test('a task logged elsewhere in the app updates the overdue figure when the dashboard opens again', async ({
  page,
  signedIn,
}) => {
  expect(signedIn.user.organizationName).toContain('Test Org');
  const lead = await post<{ id: string }>(page.request, '/api/leads', { fullName: 'Tom Baker' });
  await page.goto('/dashboard');
  await expect(page.getByTestId('kpi-overdue-tasks-value')).toHaveText('0');

  // Within the app, without a reload: the dashboard's figures are still in the browser's cache.
  await page.getByRole('link', { name: 'Leads' }).click();
  await page.getByRole('link', { name: 'Tom Baker' }).click();
  await expect(page).toHaveURL(new RegExp(`/leads/${lead.id}$`));
  await page.getByRole('button', { name: 'Log activity' }).click();
  const composer = page.getByRole('form', { name: 'Log activity' });
  await composer.getByRole('radio', { name: 'Task' }).check();
  await composer.getByLabel('Subject').fill('Call about the surplus');
  await composer.getByLabel('Due date').fill(isoDay(-3));
  await composer.getByRole('button', { name: 'Add activity' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Call about the surplus' })).toContainText(
    'Overdue',
  );

  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByTestId('kpi-overdue-tasks-value')).toHaveText('1');
});

test('on a 390 px phone every dashboard tab is in full view', async ({ page, signedIn }) => {
  expect(signedIn.user.organizationName).toContain('Test Org');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  const tabs = page.getByRole('tablist', { name: 'Dashboard sections' }).getByRole('tab');
  await expect(tabs).toHaveCount(4);
  for (const tab of await tabs.all()) {
    const box = await tab.boundingBox();
    if (!box) throw new Error(`${await tab.textContent()} is not shown`);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
});
