import { expect, type Page } from '@playwright/test';
import { signedInTest as test, skipOnboarding, watchConsole } from './fixtures';

/*
 * Issue 16: signature fields placed on a generated document's pages. The document comes from the
 * organization's own library template, for a real client; the boxes go through the real API.
 */

interface SavedField {
  fieldName: string;
  fieldType: string;
  pageNumber: number;
  signerEmail: string;
  signerName: string | null;
  xPosition: number;
  yPosition: number;
  width: number;
  height: number;
}

async function generatedDocument(page: Page) {
  const client = await page.request.post('/api/clients', {
    data: { displayName: 'Maria Lopez', email: 'maria.lopez@example.com' },
  });
  expect(client.status()).toBe(201);
  const clientId = ((await client.json()) as { id: string }).id;
  const templates = await page.request.get('/api/document-templates?limit=50');
  expect(templates.ok()).toBe(true);
  const { items } = (await templates.json()) as { items: { id: string; name: string }[] };
  const template = items.find((item) => /fee agreement/i.test(item.name)) ?? items[0];
  expect(template, 'registration seeds the sector library').toBeTruthy();
  const created = await page.request.post('/api/document-instances', {
    data: { name: 'Fee agreement — Maria Lopez', templateId: template.id, clientId },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

async function fieldsOf(page: Page, documentId: string): Promise<SavedField[]> {
  const res = await page.request.get(`/api/signature-fields?documentInstanceId=${documentId}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { items: SavedField[] }).items;
}

/** The name the placer gives the next box of a type: "Date 2" when "Date 1" is taken. */
function nextName(label: string, fields: SavedField[]): string {
  const taken = new Set(fields.map((field) => field.fieldName));
  let n = 1;
  while (taken.has(`${label} ${n}`)) n += 1;
  return `${label} ${n}`;
}

async function openPlacer(page: Page, documentId: string) {
  await page.goto(`/documents/instances/${documentId}`);
  await page.getByRole('button', { name: 'Place fields' }).click();
  const firstPage = page.locator('[data-field-page="1"]');
  await expect(firstPage).toBeVisible({ timeout: 20_000 });
  return firstPage;
}

test('places a signature and a date for the client, moves one, saves, and finds them after a reload', async ({
  page,
  signedIn,
}) => {
  expect(signedIn.email).toContain('@');
  test.setTimeout(90_000);
  await skipOnboarding(page);
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 1440, height: 1000 });
  const documentId = await generatedDocument(page);
  // The template's own fields were copied onto the document; new boxes come on top of them.
  const copied = await fieldsOf(page, documentId);
  const signatureName = nextName('Signature', copied);
  const dateName = nextName('Date', copied);
  const firstPage = await openPlacer(page, documentId);
  // Pages are drawn as they near the screen: the first page shows the copied boxes that are on it.
  await expect(firstPage.locator('[data-field-box]')).toHaveCount(
    copied.filter((field) => field.pageNumber === 1).length,
  );

  // The document's client is the first signer, already filled in.
  await expect(page.getByLabel('E-mail').first()).toHaveValue('maria.lopez@example.com');
  await expect(page.getByLabel('Name', { exact: true }).first()).toHaveValue('Maria Lopez');

  // Pick the Signature tool, then click the page where it goes.
  const tools = page.getByRole('toolbar', { name: 'Fields' });
  await tools.getByRole('button', { name: 'Signature' }).click();
  const pageBox = await firstPage.boundingBox();
  if (!pageBox) throw new Error('page not drawn');
  await firstPage.click({ position: { x: pageBox.width * 0.3, y: pageBox.height * 0.8 } });
  const signature = page.getByRole('button', {
    name: /Signature field “Signature 1” for Maria Lopez, page 1/,
  });
  await expect(signature).toBeVisible();

  // Drag the Date tool onto the page.
  // The drag's events dispatched one by one with one DataTransfer (mouse-driven HTML drag and drop
  // is timing-sensitive in a busy headless browser).
  const transfer = await page.evaluateHandle(() => new DataTransfer());
  const dropAt = { clientX: pageBox.x + pageBox.width * 0.75, clientY: pageBox.y + pageBox.height * 0.8 };
  await tools.getByRole('button', { name: 'Date' }).dispatchEvent('dragstart', { dataTransfer: transfer });
  await firstPage.dispatchEvent('dragover', { dataTransfer: transfer, ...dropAt });
  await firstPage.dispatchEvent('drop', { dataTransfer: transfer, ...dropAt });
  const date = page.getByRole('button', { name: `Date field “${dateName}” for Maria Lopez, page 1` });
  await expect(date).toBeVisible();

  // Move the signature box 60 px right and 30 px up with the mouse, then 10 points left with Shift+←.
  // Raw mouse coordinates only reach what is inside the viewport.
  await signature.scrollIntoViewIfNeeded();
  const before = await signature.boundingBox();
  if (!before) throw new Error('box not drawn');
  await page.mouse.move(before.x + 20, before.y + 20);
  await expect(signature).toBeVisible();
  await page.mouse.down();
  await page.mouse.move(before.x + 22, before.y + 20);
  await page.mouse.move(before.x + 50, before.y + 5, { steps: 4 });
  await page.mouse.move(before.x + 80, before.y - 10, { steps: 4 });
  await page.mouse.up();
  const moved = await signature.boundingBox();
  // Stored in whole points: on screen within a point (4/3 px here) of where the mouse let go.
  if (!moved) throw new Error('box gone');
  expect(Math.abs(moved.x - (before.x + 60))).toBeLessThan(1.5);
  expect(Math.abs(moved.y - (before.y - 30))).toBeLessThan(1.5);
  await signature.focus();
  await page.keyboard.press('Shift+ArrowLeft');
  const xInput = page.getByLabel('X', { exact: true });
  const movedX = Number(await xInput.inputValue());

  await page.getByRole('button', { name: 'Save fields' }).click();
  await expect(page.getByText(`${copied.length + 2} fields saved`)).toBeVisible();
  await signature.scrollIntoViewIfNeeded();
  await signature.click();
  await page.screenshot({ path: '.tmp/signature-fields-1440.png', fullPage: false });

  const saved = await fieldsOf(page, documentId);
  expect(saved).toHaveLength(copied.length + 2);
  expect(saved.find((field) => field.fieldName === dateName)).toMatchObject({
    fieldType: 'date',
    signerEmail: 'maria.lopez@example.com',
  });
  const savedSignature = saved.find((field) => field.fieldName === signatureName);
  expect(savedSignature).toMatchObject({
    signerEmail: 'maria.lopez@example.com',
    signerName: 'Maria Lopez',
    pageNumber: 1,
    width: 200,
    height: 50,
    xPosition: movedX,
  });
  for (const field of saved) {
    expect(field.xPosition + field.width).toBeLessThanOrEqual(612);
    expect(field.yPosition + field.height).toBeLessThanOrEqual(792);
  }

  // After a reload the boxes are drawn where they were saved.
  await page.reload();
  await openPlacer(page, documentId);
  await expect(firstPage.locator('[data-field-box]')).toHaveCount(
    copied.filter((field) => field.pageNumber === 1).length + 2,
  );
  await expect(page.getByRole('button', { name: new RegExp(`Date field “${dateName}”`) })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`Signature field “${signatureName}”`) }).focus();
  await expect(page.getByLabel('X', { exact: true })).toHaveValue(String(movedX));
  expect(problems).toEqual([]);
});

test('a signer needs a valid e-mail before fields are saved, and a phone can place fields by tapping', async ({
  page,
  signedIn,
}) => {
  expect(signedIn.email).toContain('@');
  test.setTimeout(90_000);
  await skipOnboarding(page);
  await page.setViewportSize({ width: 390, height: 844 });
  const documentId = await generatedDocument(page);
  const copied = await fieldsOf(page, documentId);
  const firstPage = await openPlacer(page, documentId);

  await page.getByText(/^Signers \(\d+\)$/).click();
  await page.getByRole('button', { name: 'Add signer' }).click();
  await page.getByLabel('Name', { exact: true }).last().fill('Sam Sender');
  await page.getByLabel('E-mail').last().fill('not-an-email');
  await expect(page.getByText('Must be a valid email')).toBeVisible();

  await page.getByLabel('New fields are for').selectOption({ label: 'Sam Sender' });
  await page.getByRole('toolbar', { name: 'Fields' }).getByRole('button', { name: 'Initials' }).click();
  await firstPage.scrollIntoViewIfNeeded();
  await firstPage.click({ position: { x: 120, y: 200 } });
  // The box's settings open as a sheet at the bottom of the screen.
  const sheet = page.getByRole('region', { name: 'Selected field' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByLabel('Signer')).toHaveValue(/.+/);
  await page.screenshot({ path: '.tmp/signature-fields-390.png' });
  await sheet.getByRole('button', { name: 'Done' }).click();

  await page.getByRole('button', { name: 'Save fields' }).click();
  await expect(
    page.getByRole('button', { name: /Initials field “Initials 1” for Sam Sender/ }),
  ).toHaveAttribute('aria-describedby', /error/);
  expect(await fieldsOf(page, documentId)).toEqual(copied);

  await page.getByLabel('E-mail').last().fill('sam@example.com');
  await page.getByRole('button', { name: 'Save fields' }).click();
  await expect(page.getByText(`${copied.length + 1} fields saved`)).toBeVisible();
  const saved = await fieldsOf(page, documentId);
  expect(saved).toHaveLength(copied.length + 1);
  expect(saved.find((field) => field.fieldType === 'initials')).toMatchObject({
    fieldType: 'initials',
    signerEmail: 'sam@example.com',
    signerName: 'Sam Sender',
  });
});
