import type { Browser, Page } from '@playwright/test';
import type { TestSmtpServer } from '../src/server/test/smtp-server';
import { expect, signedInTest as test, skipOnboarding } from './fixtures';

/*
 * Issue 17 — the signer's journey on a phone. A fee agreement goes to three recipients in
 * sequential order through the API; each reads their invitation on the worker's real SMTP server,
 * opens it at 390 × 844, accepts the ESIGN consent, types the code from the e-mail, draws a
 * signature, walks to the next field and finishes. The next one is invited only then.
 */

// Addresses of this run only: a worker's SMTP server also keeps the mails of its earlier tests
// (signing-send.spec.ts invites maria.lopez@example.com too, and may cancel that request).
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const recipients = [
  { name: 'Maria Lopez', email: `maria.lopez.${run}@example.com` },
  { name: 'Tom Lopez', email: `tom.lopez.${run}@example.com` },
  { name: 'Ana Lopez', email: `ana.lopez.${run}@example.com` },
];

const mailsTo = (smtp: TestSmtpServer, email: string) =>
  smtp.received.filter((mail) => JSON.stringify(mail.parsed.to ?? '').includes(email));

async function sentRequest(
  page: Page,
  people: { name: string; email: string }[] = recipients,
  signingOrder: 'sequential' | 'parallel' = 'sequential',
) {
  const created = await page.request.post('/api/document-instances', {
    data: {
      name: 'Fee agreement — Lopez heirs',
      content:
        '<h1>Fee agreement</h1><p>The locator researches and files the claim for the surplus funds of 1428 Elm Street. The fee is 30% of the funds recovered, paid only on recovery.</p><p>Signatures of the claimant and the heirs follow.</p>',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const documentId = ((await created.json()) as { id: string }).id;
  const fields = people.flatMap((recipient, index) => [
    {
      fieldName: `${recipient.name} signature`,
      fieldType: 'signature',
      pageNumber: 1,
      signerEmail: recipient.email,
      signerName: recipient.name,
      xPosition: 72,
      yPosition: 300 + index * 120,
      width: 200,
      height: 50,
      isRequired: true,
    },
    {
      fieldName: `${recipient.name} date`,
      fieldType: 'date',
      pageNumber: 1,
      signerEmail: recipient.email,
      signerName: recipient.name,
      xPosition: 320,
      yPosition: 310 + index * 120,
      width: 150,
      height: 30,
      isRequired: true,
    },
  ]);
  const placed = await page.request.put(`/api/document-instances/${documentId}/signature-fields`, {
    data: { fields },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const sent = await page.request.post(`/api/document-instances/${documentId}/send`, {
    data: {
      title: 'Fee agreement — Lopez heirs',
      message: 'Please sign the fee agreement we discussed.',
      signingOrder,
      recipients: people.map((recipient, index) => ({
        ...recipient,
        role: 'signer',
        signatureOrder: signingOrder === 'sequential' ? index + 1 : 1,
        authMethod: 'email',
      })),
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return { documentId, requestId: ((await sent.json()) as { id: string }).id };
}

/** The signing link of the recipient's invitation (path only: the app's own origin serves it). */
async function invitationPath(smtp: TestSmtpServer, email: string): Promise<string> {
  const find = () =>
    mailsTo(smtp, email)
      .map((mail) => /https?:\/\/\S+?(\/sign\/[A-Za-z0-9_-]{43})/.exec(mail.parsed.text ?? '')?.[1])
      .find(Boolean);
  await expect.poll(() => find() !== undefined, { timeout: 30_000 }).toBe(true);
  return find() as string;
}

/** A wavy stroke across the pad, then Adopt and sign. */
async function drawSignature(phone: Page) {
  const pad = phone.locator('canvas[data-signature-pad]');
  await expect(pad).toBeVisible();
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature pad has no box');
  await phone.mouse.move(box.x + 30, box.y + box.height / 2);
  await phone.mouse.down();
  for (let step = 1; step <= 24; step++) {
    await phone.mouse.move(box.x + 30 + step * 11, box.y + box.height / 2 - Math.sin(step / 2) * 35, {
      steps: 2,
    });
  }
  await phone.mouse.up();
  await phone.getByRole('button', { name: 'Adopt and sign' }).click();
}

async function signOnPhone(
  browser: Browser,
  baseURL: string | undefined,
  smtp: TestSmtpServer,
  email: string,
) {
  const path = await invitationPath(smtp, email);
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
  });
  const phone = await context.newPage();
  const problems: string[] = [];
  phone.on('pageerror', (error) => problems.push(error.message));
  await phone.goto(path);

  // ESIGN consent before anything of the document opens.
  await expect(phone.getByRole('heading', { name: 'Consent to sign electronically' })).toBeVisible();
  await expect(phone.locator('[data-page-number]')).toHaveCount(0);
  await phone.getByLabel('I agree to use electronic records and signatures').check();
  await phone.getByRole('button', { name: 'Continue' }).click();

  // The code from the e-mail.
  await expect(phone.getByRole('heading', { name: "Confirm it's you" })).toBeVisible();
  const codesBefore = mailsTo(smtp, email).length;
  const send = phone.getByRole('button', { name: 'Send code', exact: true });
  if (await send.isVisible()) await send.click();
  const code = () =>
    mailsTo(smtp, email)
      .slice(codesBefore - 1)
      .map((mail) => /^(\d{6}) is your code/.exec(mail.parsed.subject ?? '')?.[1])
      .findLast(Boolean);
  await expect.poll(() => code() !== undefined, { timeout: 30_000 }).toBe(true);
  await phone.getByLabel('6-digit code').fill(code() as string);

  // The document: the signature is the one field left; the date starts as today.
  await expect(phone.getByRole('button', { name: 'Next field' })).toBeVisible({ timeout: 30_000 });
  await expect(phone.getByText('1 of 2 required fields done')).toBeVisible();
  const signature = phone.locator('[data-field-type="signature"]');
  await expect(signature).toBeVisible({ timeout: 30_000 });
  await phone.getByRole('button', { name: 'Next field' }).click();
  await expect(signature).toBeFocused({ timeout: 15_000 });
  await signature.click();
  const pad = phone.locator('canvas[data-signature-pad]');
  await expect(pad).toBeVisible();
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature pad has no box');
  await phone.mouse.move(box.x + 30, box.y + box.height / 2);
  await phone.mouse.down();
  for (let step = 1; step <= 24; step++) {
    await phone.mouse.move(box.x + 30 + step * 11, box.y + box.height / 2 - Math.sin(step / 2) * 35, {
      steps: 2,
    });
  }
  await phone.mouse.up();
  await phone.getByRole('button', { name: 'Adopt and sign' }).click();
  await expect(signature).toHaveAttribute('data-filled', 'true');
  await expect(phone.getByText('2 of 2 required fields done')).toBeVisible();
  await phone.getByRole('button', { name: 'Finish' }).click();
  await expect(phone.getByRole('heading', { name: 'You signed the document' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(phone.getByRole('link', { name: 'Download your copy' })).toBeVisible();
  expect(problems).toEqual([]);
  await context.close();
}

test('three recipients sign a sequential request in turn on a phone', async ({
  page,
  signedIn,
  smtp,
  browser,
  baseURL,
}) => {
  expect(signedIn.email).toContain('@');
  test.setTimeout(300_000);
  await skipOnboarding(page);
  const { documentId, requestId } = await sentRequest(page);

  for (const [index, recipient] of recipients.entries()) {
    // Sequential: the later recipients have no invitation yet.
    for (const later of recipients.slice(index + 1)) expect(mailsTo(smtp, later.email)).toHaveLength(0);
    await signOnPhone(browser, baseURL, smtp, recipient.email);
  }

  const detail = await page.request.get(`/api/enhanced-signature-requests/${requestId}`);
  expect(detail.ok()).toBe(true);
  const request = (await detail.json()) as {
    status: string;
    recipients: { email: string; status: string }[];
  };
  expect(request.status).toBe('completed');
  expect(request.recipients.map((recipient) => recipient.status)).toEqual(['signed', 'signed', 'signed']);
  const documentRes = await page.request.get(`/api/document-instances/${documentId}`);
  expect(((await documentRes.json()) as { status: string }).status).toBe('completed');
  const audit = await page.request.get(`/api/enhanced-signature-requests/${requestId}/audit-trail`);
  const trail = (await audit.json()) as { items: { eventType: string }[]; verification: { valid: boolean } };
  expect(trail.verification.valid).toBe(true);
  const events = new Set(trail.items.map((item) => item.eventType));
  for (const event of [
    'document_sent',
    'document_viewed',
    'field_clicked',
    'signature_started',
    'signature_completed',
  ]) {
    expect(events.has(event), event).toBe(true);
  }
});

test('a wrong link says only that it is not valid', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const visitor = await context.newPage();
  await visitor.goto(`/sign/${'x'.repeat(43)}`);
  await expect(visitor.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Next field' })).toHaveCount(0);
  await visitor.goto('/share/not-a-token');
  await expect(visitor.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
  await context.close();
});

test('the sender hands the phone to a signer, who signs in person without a code', async ({
  page,
  signedIn,
}) => {
  expect(signedIn.email).toContain('@');
  test.setTimeout(180_000);
  await skipOnboarding(page);
  await page.setViewportSize({ width: 390, height: 844 });
  const signerPerson = { name: 'Rosa Diaz', email: `rosa.diaz.${run}@example.com` };
  const { documentId, requestId } = await sentRequest(page, [signerPerson], 'parallel');
  await page.goto(`/documents/instances/${documentId}/sign`);
  await page.getByRole('button', { name: `Hand the device to ${signerPerson.name}` }).click();
  await expect(page.getByText(`Signing in person as ${signerPerson.name}`)).toBeVisible();
  // The link lives in this tab only, never in the address bar.
  expect(page.url()).toMatch(new RegExp(`/documents/instances/${documentId}/sign$`));
  await page.getByLabel('I agree to use electronic records and signatures').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  const signature = page.locator('[data-field-type="signature"]');
  await expect(signature).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Next field' }).click();
  await expect(signature).toBeFocused({ timeout: 15_000 });
  await signature.click();
  await drawSignature(page);
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByRole('heading', { name: 'You signed the document' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Hand the device back' }).click();
  await expect(page.getByText('This document has no signature request in progress.')).toBeVisible();
  const detail = await page.request.get(`/api/enhanced-signature-requests/${requestId}`);
  expect(((await detail.json()) as { status: string }).status).toBe('completed');
});
