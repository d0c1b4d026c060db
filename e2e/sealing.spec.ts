import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, signedInTest as test, skipOnboarding, watchConsole } from './fixtures';
import { drawSignature, sendForSignature } from './signing-kit';

/*
 * Issue 18, the sender after the last signature: the document page shows the seal being made,
 * then "Sealed" once the outbox job has run, with the sealed PDF and the evidence ZIP to download
 * and the verification id to check.
 */

const signer = { name: 'Rosa Diaz', email: 'rosa.diaz@example.com' };

/** The sender hands this device to the signer, who consents, draws and finishes. */
async function signInPerson(page: Page, documentId: string) {
  await page.goto(`/documents/instances/${documentId}/sign`);
  await page.getByRole('button', { name: `Hand the device to ${signer.name}` }).click();
  await page.getByLabel('I agree to use electronic records and signatures').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  const signature = page.locator('[data-field-type="signature"]');
  await expect(signature).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Next field' }).click();
  await expect(signature).toBeFocused({ timeout: 15_000 });
  await signature.click();
  await drawSignature(page);
  await page.getByRole('button', { name: 'Adopt and sign' }).click();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByRole('heading', { name: 'You signed the document' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Hand the device back' }).click();
}

async function downloaded(page: Page, link: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: link }).click(),
  ]);
  const file = await download.path();
  return { name: download.suggestedFilename(), bytes: readFileSync(file) };
}

test('after the last signature the sender sees the document sealed and downloads the evidence', async ({
  page,
  signedIn,
}, testInfo) => {
  expect(signedIn.email).toContain('@');
  test.setTimeout(180_000);
  await skipOnboarding(page);
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 1440, height: 1000 });
  const { documentId, requestId } = await sendForSignature(page, {
    title: 'Fee agreement — Diaz',
    content:
      '<h1>Fee agreement</h1><p>The locator files the claim for the surplus funds of 22 Oak Lane. The fee is 25% of the funds recovered, paid only on recovery.</p>',
    signers: [signer],
  });
  await signInPerson(page, documentId);

  await page.goto(`/documents/instances/${documentId}`);
  const seal = page.getByTestId('seal-section');
  await expect(seal).toBeVisible({ timeout: 30_000 });
  // The outbox seals it; the panel polls until it settles.
  await expect(seal.getByTestId('seal-status')).toHaveText('Sealed', { timeout: 60_000 });
  const detail = (await (await page.request.get(`/api/enhanced-signature-requests/${requestId}`)).json()) as {
    seal: { verificationId: string; finalDocumentHash: string; level: string };
  };
  await expect(seal.getByTestId('seal-verification-id')).toHaveText(detail.seal.verificationId);
  await expect(seal.getByTestId('seal-hash')).toHaveText(detail.seal.finalDocumentHash);
  await expect(seal).toContainText(`PAdES ${detail.seal.level}`);
  await expect(seal.getByRole('link', { name: 'Verify' })).toHaveAttribute(
    'href',
    `/verify?id=${encodeURIComponent(detail.seal.verificationId)}`,
  );
  await expect(seal.getByRole('link', { name: 'Verify' })).toHaveAttribute('target', '_blank');
  await page.getByTestId('signing-status-panel').screenshot({ path: testInfo.outputPath('seal-1440.png') });

  const pdf = await downloaded(page, 'Download sealed PDF');
  expect(pdf.name).toMatch(/\(sealed\)\.pdf$/);
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const served = await page.request.get(`/api/enhanced-signature-requests/${requestId}/signed-pdf`);
  expect(served.headers()['content-type']).toBe('application/pdf');
  expect(served.headers()['content-disposition']).toMatch(/^attachment/);

  const evidence = await downloaded(page, 'Download evidence (ZIP)');
  expect(evidence.name).toMatch(/\.zip$/);
  expect(evidence.bytes.subarray(0, 2).toString('latin1')).toBe('PK');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(seal.getByTestId('seal-status')).toBeVisible();
  await page.getByTestId('signing-status-panel').screenshot({ path: testInfo.outputPath('seal-390.png') });
  expect(problems).toEqual([]);
});
