import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/* What the signing, sealing and verification specs share: a request sent through the API, a drawn signature. */

export interface Signer {
  name: string;
  email: string;
}

/**
 * A document with one signature field per signer on page 1, sent through the API (the sender is
 * the page's signed-in user). Answers the document's and the request's ids.
 */
export async function sendForSignature(
  page: Page,
  {
    title,
    content,
    signers,
    signingOrder = 'parallel',
  }: { title: string; content: string; signers: Signer[]; signingOrder?: 'parallel' | 'sequential' },
) {
  const created = await page.request.post('/api/document-instances', { data: { name: title, content } });
  expect(created.status(), await created.text()).toBe(201);
  const documentId = ((await created.json()) as { id: string }).id;
  const placed = await page.request.put(`/api/document-instances/${documentId}/signature-fields`, {
    data: {
      fields: signers.map((signer, index) => ({
        fieldName: `${signer.name} signature`,
        fieldType: 'signature',
        pageNumber: 1,
        signerEmail: signer.email,
        signerName: signer.name,
        xPosition: 72,
        yPosition: 300 + index * 70,
        width: 200,
        height: 50,
        isRequired: true,
      })),
    },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const sent = await page.request.post(`/api/document-instances/${documentId}/send`, {
    data: {
      title,
      signingOrder,
      recipients: signers.map((signer, index) => ({
        ...signer,
        role: 'signer',
        signatureOrder: signingOrder === 'parallel' ? 1 : index + 1,
        authMethod: 'email',
      })),
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return { documentId, requestId: ((await sent.json()) as { id: string }).id };
}

/** Draws a wavy stroke across the open signature pad (mouse or finger alike). */
export async function drawSignature(page: Page) {
  const pad = page.locator('canvas[data-signature-pad]');
  await expect(pad).toBeVisible();
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature pad has no box');
  await page.mouse.move(box.x + 30, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 20; step++) {
    await page.mouse.move(box.x + 30 + step * 10, box.y + box.height / 2 - Math.sin(step / 2) * 30, {
      steps: 2,
    });
  }
  await page.mouse.up();
}
