import type { APIRequestContext, Page } from '@playwright/test';
import type { TestSmtpServer } from '../src/server/test/smtp-server';
import { expect, signedInTest as test } from './fixtures';
import { sendForSignature } from './signing-kit';

/*
 * Issue 18 — verification by anyone, on a phone. A one-signer request is sent through the API
 * and signed through the signer API; the seal job seals it. The sealed PDF dropped on /verify at
 * 390 × 844 shows the green "Sealed by Locus" card, a copy with one byte changed the red state,
 * and the verification id from the completion certificate finds the same seal.
 */

const pngDataUrl =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const mailsTo = (smtp: TestSmtpServer, email: string) =>
  smtp.received.filter((mail) => JSON.stringify(mail.parsed.to ?? '').includes(email));

async function signedAndSealed(page: Page, signerApi: APIRequestContext, smtp: TestSmtpServer) {
  const email = `rosa-${Date.now().toString(36)}@example.com`;
  const { requestId } = await sendForSignature(page, {
    title: 'Fee agreement — Rosa Diaz',
    content: '<h1>Fee agreement</h1><p>The fee is 25% of the surplus funds recovered, paid on recovery.</p>',
    signers: [{ name: 'Rosa Diaz', email }],
  });

  // The signer's steps through the signer API, with the link and the code from the e-mails.
  const link = () =>
    mailsTo(smtp, email)
      .map((mail) => /\/sign\/([A-Za-z0-9_-]{43})/.exec(mail.parsed.text ?? '')?.[1])
      .find(Boolean);
  await expect.poll(() => link() !== undefined, { timeout: 30_000 }).toBe(true);
  const base = `/api/signing/${link()}`;
  const consent = await signerApi.post(`${base}/consent`, { data: { version: '2026-11-1' } });
  expect(consent.ok(), await consent.text()).toBe(true);
  expect((await signerApi.post(`${base}/code`)).status()).toBe(202);
  const code = () =>
    mailsTo(smtp, email)
      .map((mail) => /^(\d{6}) is your code/.exec(mail.parsed.subject ?? '')?.[1])
      .findLast(Boolean);
  await expect.poll(() => code() !== undefined, { timeout: 30_000 }).toBe(true);
  const verified = await signerApi.post(`${base}/verify`, { data: { code: code() } });
  expect(verified.ok(), await verified.text()).toBe(true);
  const view = (await (await signerApi.get(base)).json()) as { fields: { id: string }[] };
  const finished = await signerApi.post(`${base}/finish`, {
    data: {
      fields: view.fields.map((field) => ({
        fieldId: field.id,
        signatureType: 'drawn',
        signatureData: pngDataUrl,
      })),
    },
  });
  expect(finished.ok(), await finished.text()).toBe(true);

  // The seal job runs through the outbox.
  let seal: { status: string; verificationId: string | null } | null = null;
  await expect
    .poll(
      async () => {
        const detail = await page.request.get(`/api/enhanced-signature-requests/${requestId}`);
        seal = ((await detail.json()) as { seal: typeof seal }).seal;
        return seal?.status;
      },
      { timeout: 45_000 },
    )
    .toBe('sealed');
  const pdf = await page.request.get(`/api/enhanced-signature-requests/${requestId}/signed-pdf`);
  expect(pdf.ok()).toBe(true);
  return {
    pdf: new Uint8Array(await pdf.body()),
    verificationId: (seal as unknown as { verificationId: string }).verificationId,
  };
}

test('a sealed PDF dropped on /verify on a phone is recognised; a changed copy is not; the id works', async ({
  page,
  signedIn,
  smtp,
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(150_000);
  // The sender: a new organization, signed in through the page's request context.
  expect(signedIn.user.organizationName).toContain('Test Org');
  const signerApi = await playwright.request.newContext({ baseURL });
  const { pdf, verificationId } = await signedAndSealed(page, signerApi, smtp);
  await signerApi.dispose();
  // The id is printed on the completion certificate (the sealed PDF's last page).
  expect(verificationId).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
  expect(Buffer.from(pdf).includes(Buffer.from('%PDF'))).toBe(true);

  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
  });
  const phone = await context.newPage();
  const problems: string[] = [];
  phone.on('pageerror', (error) => problems.push(error.message));
  const lookups: string[] = [];
  phone.on('request', (request) => {
    if (request.url().includes('/api/'))
      lookups.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  await phone.goto('/verify');
  await expect(phone.getByRole('heading', { name: 'Verify a sealed document' })).toBeVisible();

  // A real drop of the file on the drop zone.
  const dataTransfer = await phone.evaluateHandle((bytes) => {
    const transfer = new DataTransfer();
    transfer.items.add(
      new File([new Uint8Array(bytes)], 'Fee agreement (sealed).pdf', { type: 'application/pdf' }),
    );
    return transfer;
  }, Array.from(pdf));
  await phone.getByTestId('verify-drop-zone').dispatchEvent('drop', { dataTransfer });
  const card = phone.getByRole('region', { name: 'Sealed by Locus' });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card.getByText('Fee agreement — Rosa Diaz')).toBeVisible();
  // The recipient, with a masked address, and the events' timeline.
  await expect(card.getByRole('listitem').filter({ hasText: /^Rosa Diazr•••@example\.com/ })).toBeVisible();
  await expect(card.getByRole('listitem').filter({ hasText: /Rosa Diaz signed/ })).toBeVisible();
  await expect(card.getByText(/Audit trail verified/)).toBeVisible();
  await expect(card.getByText(verificationId)).toBeVisible();
  // Only the hash went to the server, never the file.
  expect(lookups.filter((l) => l.startsWith('POST'))).toEqual([]);
  expect(lookups.some((l) => l === 'GET /api/verify')).toBe(true);

  // One byte changed: nothing sealed matches.
  const changed = Uint8Array.from(pdf);
  changed[Math.floor(changed.length / 3)] ^= 0x01;
  await phone.getByLabel('Choose the sealed PDF to verify').setInputFiles({
    name: 'changed.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(changed),
  });
  await expect(
    phone.getByRole('heading', { name: 'No document sealed by Locus matches this file' }),
  ).toBeVisible({ timeout: 15_000 });
  await expect(phone.getByText(/may have been changed after sealing/)).toBeVisible();
  await expect(card).toHaveCount(0);

  // The id from the certificate, typed with the keyboard.
  await phone.getByLabel('Verification id').fill(verificationId.replace(/-/g, '').toLowerCase());
  await phone.getByLabel('Verification id').press('Enter');
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card.getByText('Fee agreement — Rosa Diaz')).toBeVisible();

  // And the certificate's link (/verify?id=…) looks it up on arrival.
  await phone.goto(`/verify?id=${verificationId}`);
  await expect(phone.getByRole('region', { name: 'Sealed by Locus' })).toBeVisible({ timeout: 15_000 });
  await expect(phone.getByLabel('Verification id')).toHaveValue(verificationId);
  expect(problems).toEqual([]);
  await context.close();
});
