import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, skipOnboarding, superAdminTest as test, watchConsole } from './fixtures';

/**
 * Issue 20 §6 and §8: an organization admin files a service request from the help panel's Support
 * tab, a super admin assigns and resolves it, and the admin sees the answer (and is e-mailed);
 * the super admin's submissions tabs (demo request status and notes, support screenshots, export).
 */

/** Serious or critical axe-core findings on what the page shows now (as e2e/axe.spec.ts counts them). */
async function seriousViolations(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

async function openSupportTab(page: Page) {
  await page.getByRole('button', { name: 'Help', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Help Center' });
  await expect(panel).toBeVisible();
  await panel.getByRole('tab', { name: 'Support' }).click();
  return panel;
}

test('an organization admin files a request, a super admin resolves it, the admin sees it resolved', async ({
  page,
  superAdmin,
  browser,
  baseURL,
  smtp,
}) => {
  // Two browsers and the outbox's e-mail: more than the default minute on a loaded machine.
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  const unique = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const subject = `Export stuck ${unique}`;

  // The organization's admin, in a browser of their own.
  const context = await browser.newContext({ baseURL });
  const admin = await context.newPage();
  const adminProblems = watchConsole(admin);
  await skipOnboarding(admin);
  const adminEmail = `filer-${unique}@example.com`;
  const registered = await admin.request.post('/api/auth/register', {
    data: {
      organizationName: `Filing Org ${unique}`,
      industrySector: 'Surplus Funds Locator',
      firstName: 'Fiona',
      lastName: 'Filer',
      email: adminEmail,
      password: 'filer-password-1',
    },
  });
  expect(registered.status()).toBe(201);
  await admin.goto('/dashboard');
  let panel = await openSupportTab(admin);
  const form = panel.getByRole('form', { name: 'Service request' });
  await expect(panel.getByText('No requests yet.')).toBeVisible();

  // The shared schema's messages, before anything is sent.
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form.getByText('Subject must be at least 3 characters')).toBeVisible();
  await expect(form.getByText('Please select a category')).toBeVisible();
  await expect(form.getByText('Description must be at least 10 characters')).toBeVisible();
  await expect(form.getByLabel('Priority')).toHaveValue('medium');

  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Category').selectOption({ label: 'Technical problem' });
  await form.getByLabel('Priority').selectOption({ label: 'High' });
  await form.getByLabel('Description').fill('The leads export never finishes for our team.');
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(admin.getByText('Service request sent')).toBeVisible();
  const mine = panel.getByRole('list', { name: 'Your service requests' }).getByRole('listitem');
  await expect(mine).toHaveCount(1);
  await expect(mine.first()).toContainText(subject);
  await expect(mine.first()).toContainText('Open');
  await expect(mine.first()).toContainText('High');
  await expect(form.getByLabel('Subject')).toHaveValue('');
  // The bug report form is still there for the admin.
  await expect(panel.getByRole('form', { name: 'Support request' })).toBeVisible();
  expect(await seriousViolations(admin)).toEqual([]);

  // The super admin finds it in the queue and resolves it.
  void superAdmin;
  await page.goto('/super-admin/service-requests');
  await expect(page.getByRole('heading', { name: 'Service requests', level: 2 })).toBeVisible();
  await page.getByLabel('Search').fill(unique);
  const row = page.getByTestId('service-request-row').filter({ hasText: subject });
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId('service-request-row')).toHaveCount(1);
  await expect(row).toContainText(`Filing Org ${unique}`);
  await expect(row).toContainText('Unassigned');
  expect(await seriousViolations(page)).toEqual([]);
  await row.getByRole('button', { name: subject }).click();
  const dialog = page.getByRole('dialog', { name: subject });
  await expect(dialog).toContainText('The leads export never finishes for our team.');
  expect(await seriousViolations(page)).toEqual([]);
  await expect(dialog).toContainText(adminEmail);
  await dialog.getByLabel('Assignee').selectOption({ label: 'Paula Platform' });
  await dialog.getByLabel('Status').selectOption({ label: 'Resolved' });
  await dialog.getByLabel('Resolution').fill('We re-ran the export; it is in your downloads.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Resolved');
  await expect(row).toContainText('Paula Platform');

  // The filter by status and assignee finds it; "Unassigned" no longer does.
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Resolved' });
  await expect(row).toHaveCount(1);
  await page.getByLabel('Assignee', { exact: true }).selectOption({ label: 'Unassigned' });
  await expect(page.getByText('No requests match these filters')).toBeVisible();

  // The admin sees the new status and the answer.
  await admin.keyboard.press('Escape');
  await admin.reload();
  panel = await openSupportTab(admin);
  const resolved = panel.getByRole('list', { name: 'Your service requests' }).getByRole('listitem').first();
  await expect(resolved).toContainText('Resolved');
  await expect(resolved).toContainText('We re-ran the export; it is in your downloads.');

  // And was told by e-mail (the platform's mail server of this worker).
  await expect
    .poll(
      () =>
        smtp.received
          .filter((mail) => mail.envelope.to.includes(adminEmail))
          .map((mail) => mail.parsed.subject),
      { timeout: 45_000 },
    )
    .toContain(`Your service request "${subject}" is resolved`);

  await context.close();
  expect(adminProblems).toEqual([]);
  expect(problems).toEqual([]);
});

test('submissions: demo request status and notes, support screenshots, search and CSV export', async ({
  page,
  superAdmin,
}) => {
  void superAdmin;
  const problems = watchConsole(page);
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const demo = await page.request.post('/api/demo-request', {
    data: {
      email: `demo-${unique}@example.com`,
      name: 'Dora Demo',
      company: `Demo Co ${unique}`,
      persona: 'Real Estate Investor',
      message: 'Show me the pipeline board',
    },
  });
  expect(demo.status()).toBe(201);
  const support = await page.request.post('/api/support-submission', {
    data: {
      firstName: 'Sam',
      lastName: `Shot${unique}`,
      email: `shot-${unique}@example.com`,
      type: 'bug',
      description: 'The board freezes when I drag a card.',
      imageUrl:
        'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    },
  });
  expect(support.status()).toBe(201);

  await page.goto('/super-admin/submissions');
  await expect(page.getByRole('tab', { name: 'Early access' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('tab', { name: 'Demo requests' }).click();
  await page.getByRole('searchbox', { name: 'Search demo requests' }).fill(unique);
  const row = page.getByTestId('demo-request-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Show me the pipeline board');
  expect(await seriousViolations(page)).toEqual([]);
  const status = row.getByLabel("Status of Dora Demo's demo request");
  await expect(status).toHaveValue('pending');
  await status.selectOption({ label: 'Contacted' });
  await expect(page.getByText('Marked contacted')).toBeVisible();
  await row.getByRole('button', { name: 'Add notes' }).click();
  const notes = page.getByRole('dialog', { name: 'Notes' });
  await notes.getByLabel('Notes').fill('Called; demo on Tuesday');
  await notes.getByRole('button', { name: 'Save notes' }).click();
  await expect(notes).toBeHidden();
  await expect(row).toContainText('Called; demo on Tuesday');
  await page.reload();
  await page.getByRole('tab', { name: 'Demo requests' }).click();
  await page.getByRole('searchbox', { name: 'Search demo requests' }).fill(unique);
  // Other specs on this worker's server send demo requests too: read this one's row only.
  const reloaded = page.getByTestId('demo-request-row').filter({ hasText: 'Show me the pipeline board' });
  await expect(page.getByTestId('demo-request-row')).toHaveCount(1);
  await expect(reloaded.getByRole('combobox')).toHaveValue('contacted');

  // The export carries the search.
  const exportLink = page.getByRole('link', { name: 'Export CSV' });
  await expect(exportLink).toHaveAttribute('href', `/api/super-admin/demo-requests/export?search=${unique}`);
  const csv = await page.request.get(`/api/super-admin/demo-requests/export?search=${unique}`);
  expect(csv.status()).toBe(200);
  const lines = (await csv.text()).trimEnd().split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain('contacted');

  await page.getByRole('tab', { name: 'Support' }).click();
  await page.getByRole('searchbox', { name: 'Search support' }).fill(`Shot${unique}`);
  const submission = page.getByTestId('support-submission-row');
  await expect(submission).toHaveCount(1);
  const image = submission.getByRole('img', { name: `Screenshot from Sam Shot${unique}` }).last();
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('tab', { name: 'Feedback' }).click();
  await expect(page.getByText(/\d+ messages?|No messages yet/).first()).toBeVisible();
  expect(problems).toEqual([]);
});
