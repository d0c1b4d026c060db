import { expect, type Page } from '@playwright/test';
import { signedInTest as test, skipOnboarding, watchConsole } from './fixtures';

/*
 * Issue 17, the sender: fields placed for two signers on a deal's document, sent in order, the
 * statuses followed on the document and on the deal, a reminder, and a cancel that asks first.
 */

async function dealDocument(page: Page) {
  const client = await page.request.post('/api/clients', {
    data: { displayName: 'Maria Lopez', email: 'maria.lopez@example.com' },
  });
  expect(client.status()).toBe(201);
  const clientId = ((await client.json()) as { id: string }).id;
  const deal = await page.request.post('/api/deals', {
    data: { dealName: '14 Elm St – Lopez', stage: 'Research', relatedClient: clientId },
  });
  expect(deal.status(), await deal.text()).toBe(201);
  const dealId = ((await deal.json()) as { id: string }).id;
  const templates = await page.request.get('/api/document-templates?limit=50');
  const { items } = (await templates.json()) as { items: { id: string; name: string }[] };
  const template = items.find((item) => /fee agreement/i.test(item.name)) ?? items[0];
  const created = await page.request.post('/api/document-instances', {
    data: { name: 'Fee agreement — Maria Lopez', templateId: template.id, clientId, dealId },
  });
  expect(created.status(), await created.text()).toBe(201);
  const documentId = ((await created.json()) as { id: string }).id;
  // The template's own fields are cleared: this test places every field itself.
  const cleared = await page.request.put(`/api/document-instances/${documentId}/signature-fields`, {
    data: { fields: [] },
  });
  expect(cleared.ok()).toBe(true);
  return { documentId, dealId };
}

test('places fields for two signers, sends them in order, follows, reminds and cancels', async ({
  page,
  signedIn,
}) => {
  expect(signedIn.email).toContain('@');
  test.setTimeout(120_000);
  await skipOnboarding(page);
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 1440, height: 1000 });
  const { documentId, dealId } = await dealDocument(page);

  // Place one signature for the client (the first signer) and one for an heir added here.
  await page.goto(`/documents/instances/${documentId}`);
  await page.getByRole('button', { name: 'Place fields' }).click();
  const firstPage = page.locator('[data-field-page="1"]');
  await expect(firstPage).toBeVisible({ timeout: 20_000 });
  const tools = page.getByRole('toolbar', { name: 'Fields' });
  const pageBox = await firstPage.boundingBox();
  if (!pageBox) throw new Error('page not drawn');
  await tools.getByRole('button', { name: 'Signature' }).click();
  await firstPage.click({ position: { x: pageBox.width * 0.3, y: pageBox.height * 0.7 } });
  await page.getByRole('button', { name: 'Add signer' }).click();
  await page.getByLabel('Name', { exact: true }).last().fill('Bob Heir');
  await page.getByLabel('E-mail').last().fill('bob.heir@example.com');
  await page.getByLabel('New fields are for').selectOption({ label: 'Bob Heir' });
  await tools.getByRole('button', { name: 'Signature' }).click();
  await firstPage.click({ position: { x: pageBox.width * 0.3, y: pageBox.height * 0.85 } });
  await page.getByRole('button', { name: 'Save fields' }).click();
  await expect(page.getByText('2 fields saved')).toBeVisible();
  await page.getByRole('button', { name: 'View pages' }).click();

  // The dialog lists the signers of the placed fields, in order.
  await page.getByRole('button', { name: 'Send for signature' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send for signature' });
  const recipients = dialog.getByRole('list', { name: 'Recipients' }).getByRole('listitem');
  await expect(recipients).toHaveCount(2);
  await expect(recipients.nth(0).getByLabel('E-mail')).toHaveValue('maria.lopez@example.com');
  await expect(recipients.nth(1).getByLabel('E-mail')).toHaveValue('bob.heir@example.com');
  await expect(dialog.getByTestId('send-summary')).toHaveText('2 recipients · sequential');
  // Only the e-mailed code is offered; the others say why not.
  const auth = recipients.nth(0).getByLabel('Identity check');
  await expect(auth.locator('option[value="sms"]')).toBeDisabled();
  await expect(auth.locator('option[value="sms"]')).toHaveText(/needs a provider/);

  // A wrong address comes back from the API under that recipient.
  await recipients.nth(1).getByLabel('E-mail').fill('carl@example.com');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(recipients.nth(1).getByText(/has no field to sign/)).toBeVisible();
  await expect(dialog.getByRole('alert')).toContainText('who is not a recipient');
  await recipients.nth(1).getByLabel('E-mail').fill('bob.heir@example.com');
  await expect(recipients.nth(1).getByText(/has no field to sign/)).toBeHidden();
  await dialog.getByLabel('Message').fill('Please sign the fee agreement for your surplus claim.');
  await page.screenshot({ path: '.tmp/signing-send-dialog-1440.png' });
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(dialog).toBeHidden();

  // The status panel: the client is invited, the heir waits for the client.
  const panel = page.getByTestId('signing-status-panel');
  await expect(panel.getByTestId('request-status')).toHaveText('Sent');
  await expect(panel.getByTestId('request-progress')).toHaveText('0 of 2 signed');
  const maria = panel.getByRole('listitem', { name: 'Maria Lopez' });
  const bob = panel.getByRole('listitem', { name: 'Bob Heir' });
  await expect(maria.getByTestId('recipient-status')).toHaveText('Invited');
  await expect(bob.getByTestId('recipient-status')).toHaveText('Waiting for earlier signers');
  await expect(maria.getByRole('button', { name: 'Sign in person' })).toBeVisible();
  await expect(bob.getByRole('button', { name: 'Sign in person' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send for signature' })).toHaveCount(0);
  await page.screenshot({ path: '.tmp/signing-status-1440.png', fullPage: true });

  await panel.getByRole('button', { name: 'Remind' }).click();
  await expect(page.getByText('Reminder sent to 1 recipient')).toBeVisible();
  await expect(maria).toContainText('1 reminder sent');

  await panel.getByRole('button', { name: 'Audit trail' }).click();
  const drawer = page.getByRole('dialog', { name: 'Audit trail' });
  await expect(drawer.getByTestId('chain-badge')).toHaveText(/Audit chain verified · \d+ events?/);
  await expect(drawer.getByRole('list', { name: 'Audit events' })).toContainText('Sent');
  await expect(drawer.getByRole('list', { name: 'Audit events' })).toContainText('Reminder sent');
  await page.keyboard.press('Escape');

  // The deal's documents card shows where signing stands.
  await page.goto(`/deals/${dealId}`);
  const line = page.getByTestId('document-signing');
  await expect(line).toContainText('Sent');
  await expect(line).toContainText('0 of 2 signed');

  // Cancelling asks first; "Keep it" changes nothing.
  await page.goto(`/documents/instances/${documentId}`);
  await panel.getByRole('button', { name: 'Cancel request' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel this signature request?' });
  await confirm.getByRole('button', { name: 'Keep it' }).click();
  await expect(panel.getByTestId('request-status')).toHaveText('Sent');
  await panel.getByRole('button', { name: 'Cancel request' }).click();
  await confirm.getByRole('button', { name: 'Cancel request' }).click();
  await expect(confirm).toBeHidden();
  await expect(panel.getByTestId('request-status')).toHaveText('Cancelled');
  await expect(panel.getByRole('button', { name: 'Remind' })).toHaveCount(0);
  // A cancelled document is unlocked before it goes out again.
  await expect(page.getByRole('button', { name: 'Unlock for editing' })).toBeVisible();

  // On a phone the panel stacks.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '.tmp/signing-status-390.png', fullPage: true });
  // The one refused send (the wrong address) is the browser's only logged failure.
  expect(problems.filter((problem) => !/status of 400/.test(problem))).toEqual([]);
});
