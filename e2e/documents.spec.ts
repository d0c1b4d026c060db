import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { loadPdfmake } from '../src/server/features/document-rendering/load-pdfmake';
import { expect, signedInTest as test, skipOnboarding, watchConsole } from './fixtures';

/* Documents (issue 16): from a deal to a downloaded PDF, document management, an uploaded PDF. */

/** A real two-page PDF, made here with the server's pdfmake (a county's claim form stands in). */
async function claimFormPdf(): Promise<Buffer> {
  const pdfmake = await loadPdfmake();
  const output = pdfmake.createPdf({
    content: [
      { text: 'Hillsborough County — Claim for Surplus Funds', fontSize: 16 },
      { text: 'Claimant name: ____________________', margin: [0, 20, 0, 0] },
      { text: 'Second page', pageBreak: 'before' },
    ],
  });
  return Buffer.from(await output.getBuffer());
}

async function createClientAndDeal(request: APIRequestContext) {
  const client = await request.post('/api/clients', {
    data: { displayName: 'Lucia Lopez', email: 'lucia@example.com' },
  });
  expect(client.status(), await client.text()).toBe(201);
  const { id: clientId } = (await client.json()) as { id: string };
  const deal = await request.post('/api/deals', {
    data: {
      dealName: '12 Palm Ave – Lopez',
      stage: 'Research',
      relatedClient: clientId,
      customFields: { caseNumber: '2025-CA-0042', propertyAddress: '12 Palm Ave, Tampa, FL 33602' },
    },
  });
  expect(deal.status(), await deal.text()).toBe(201);
  const { id: dealId } = (await deal.json()) as { id: string };
  return { clientId, dealId };
}

async function shoot(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `test-results/documents-${name}-${width}.png`, fullPage: false });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('deal → New document → fee agreement, merged preview, created, pages shown, PDF downloaded', async ({
  page,
  signedIn,
}) => {
  test.setTimeout(120_000);
  expect(signedIn.user.organizationName).toContain('Test Org');
  const problems = watchConsole(page);
  await skipOnboarding(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  const { clientId, dealId } = await createClientAndDeal(page.request);

  await page.goto(`/deals/${dealId}`);
  const documents = page.getByRole('region', { name: 'Documents' });
  await expect(documents.getByText('No documents yet')).toBeVisible({ timeout: 20_000 });
  await documents.getByRole('link', { name: 'New document' }).click();
  await expect(page).toHaveURL(new RegExp(`/clients/${clientId}/documents/create\\?dealId=${dealId}$`));

  await page.getByRole('radio', { name: /Surplus Recovery Fee Agreement/ }).check();
  await expect(page.getByLabel('Deal', { exact: true })).toHaveValue(dealId);
  await expect(page.getByLabel('Document name')).toHaveValue('Surplus Recovery Fee Agreement — Lucia Lopez');
  const preview = page.getByRole('region', { name: 'Preview' });
  // The deal's and the client's values are merged in before anything is saved.
  await expect(preview).toContainText('2025-CA-0042', { timeout: 20_000 });
  await expect(preview).toContainText('Lucia Lopez');
  await expect(preview).toContainText('12 Palm Ave, Tampa');
  // Fields without a value are listed and flagged in the text.
  const missing = page.getByRole('list', { name: 'Merge fields without a value' });
  await expect(missing.getByRole('listitem').first()).toBeVisible();
  await expect(preview.locator('[data-missing-merge-field]').first()).toBeVisible();
  await shoot(page, 'create');

  await page.getByRole('button', { name: 'Create document' }).click();
  await expect(page).toHaveURL(/\/documents\/instances\/[0-9a-f-]+$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Surplus Recovery Fee Agreement — Lucia Lopez',
  );
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  await expect(page.getByRole('group', { name: /^Page 1 of \d+$/ }).locator('canvas')).toBeVisible({
    timeout: 30_000,
  });
  await shoot(page, 'viewer');

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Surplus Recovery Fee Agreement — Lucia Lopez.pdf');
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');

  // Place fields mode shows the placer over the same pages.
  await page.getByRole('button', { name: 'Place fields' }).click();
  await expect(page.locator('[data-tour="signature-tools"]')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'View pages' }).click();

  // Back on the deal, the document is listed.
  await page.goto(`/deals/${dealId}`);
  await expect(
    page.getByRole('region', { name: 'Documents' }).getByRole('link', {
      name: 'Surplus Recovery Fee Agreement — Lucia Lopez',
    }),
  ).toBeVisible({ timeout: 20_000 });
  expect(problems).toEqual([]);
});

test('document management: status and client filters, search, bulk archive with confirmation', async ({
  page,
  signedIn,
}) => {
  test.setTimeout(120_000);
  expect(signedIn.user.organizationName).toContain('Test Org');
  const problems = watchConsole(page);
  await skipOnboarding(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  const { clientId, dealId } = await createClientAndDeal(page.request);
  const other = await page.request.post('/api/clients', { data: { displayName: 'Omar Other' } });
  const { id: otherId } = (await other.json()) as { id: string };
  for (const [name, client, deal] of [
    ['Lopez letter one', clientId, dealId],
    ['Lopez letter two', clientId, null],
    ['Omar letter', otherId, null],
  ] as const) {
    const res = await page.request.post('/api/document-instances', {
      data: { name, clientId: client, ...(deal ? { dealId: deal } : {}), content: `A letter for ${name}.` },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  await page.goto('/documents/management');
  await expect(page.getByRole('heading', { name: 'Documents', level: 1 })).toBeVisible({ timeout: 20_000 });
  const table = page.getByRole('table', { name: 'Documents' });
  await expect(table.getByRole('link', { name: 'Omar letter' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('3 documents')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search documents' }).fill('Lopez');
  await expect(table.getByRole('link', { name: 'Omar letter' })).toBeHidden();
  await expect(page.getByText('2 documents')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search documents' }).fill('');
  await expect(page.getByText('3 documents')).toBeVisible();

  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByLabel('Status').selectOption('sent');
  await expect(page.getByRole('heading', { name: 'No documents match' })).toBeVisible();
  await page.getByLabel('Status').selectOption('draft');
  await expect(page.getByText('3 documents')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();

  // Via a record's "View all", the client filter is in the address.
  await page.goto(`/documents/management?clientId=${otherId}`);
  await expect(table.getByRole('link', { name: 'Omar letter' })).toBeVisible({ timeout: 20_000 });
  await expect(table.getByRole('link', { name: 'Lopez letter one' })).toBeHidden();
  await page.goto('/documents/management');
  await expect(table.getByRole('link', { name: 'Lopez letter one' })).toBeVisible({ timeout: 20_000 });
  await shoot(page, 'management');

  await page.getByRole('checkbox', { name: 'Select Lopez letter one' }).click();
  await page.getByRole('checkbox', { name: 'Select Lopez letter two' }).click();
  await expect(page.getByText('2 documents selected')).toBeVisible();
  await page
    .getByRole('region', { name: 'Selected documents' })
    .getByRole('button', { name: 'Archive' })
    .click();
  const confirm = page.getByRole('alertdialog', { name: 'Archive 2 documents?' });
  await confirm.getByRole('button', { name: 'Archive 2 documents' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('1 document', { exact: true })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Lopez letter one' })).toBeHidden();

  await page.getByRole('switch', { name: 'Show archived documents' }).click();
  await expect(table.getByRole('link', { name: 'Lopez letter one' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Omar letter' })).toBeHidden();
  expect(problems).toEqual([]);
});

test('upload a PDF from the client page: a non-PDF is refused, a real one is stored and drawn', async ({
  page,
  signedIn,
}) => {
  test.setTimeout(120_000);
  expect(signedIn.user.organizationName).toContain('Test Org');
  const problems = watchConsole(page);
  await skipOnboarding(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  const { clientId } = await createClientAndDeal(page.request);

  await page.goto(`/clients/${clientId}`);
  const documents = page.getByRole('region', { name: 'Documents' });
  await documents.getByRole('button', { name: 'Upload PDF' }).click({ timeout: 20_000 });
  const dialog = page.getByRole('dialog', { name: 'Upload a PDF' });
  const input = dialog.getByLabel('PDF file');

  // HTML named .pdf passes the browser's look at the name; the server reads the content.
  await input.setInputFiles({
    name: 'form.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('<html></html>'),
  });
  await dialog.getByRole('button', { name: 'Upload PDF' }).click();
  await expect(dialog.getByText('The file is not a PDF')).toBeVisible({ timeout: 20_000 });

  await input.setInputFiles({
    name: 'County_claim_form.pdf',
    mimeType: 'application/pdf',
    buffer: await claimFormPdf(),
  });
  await expect(dialog.getByLabel('Name')).toHaveValue('County claim form');
  await shoot(page, 'upload');
  await dialog.getByRole('button', { name: 'Upload PDF' }).click();

  await expect(page).toHaveURL(/\/documents\/instances\/[0-9a-f-]+$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('County claim form');
  await expect(page.getByText('Uploaded PDF')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Page 2 of 2' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('group', { name: 'Page 1 of 2' }).locator('canvas')).toBeVisible();
  // The refused HTML upload is the one failed request the browser reports.
  expect(problems.filter((problem) => !/status of 400/.test(problem))).toEqual([]);
});
