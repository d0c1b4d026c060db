import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { documentTemplates, signatureFields } from '../../db/schema/documents';
import type { SignedIn } from '../../test/sessions';
import type { TestApp } from '../../test/test-app';
import { created } from '../leads/test-kit';

/** Test helpers shared by the document tests. */

/** A template of the owner's organization, written directly (the templates API is another feature's). */
export async function insertTemplate(t: TestApp, owner: SignedIn, content: string, name = 'Fee agreement') {
  const [row] = await t.db
    .insert(documentTemplates)
    .values({ organizationId: owner.user.organizationId, name, templateType: 'contract', content })
    .returning({ id: documentTemplates.id });
  return row.id;
}

/** A signature field on a template, signed by the document's client (a signer token). */
export async function insertTemplateField(t: TestApp, owner: SignedIn, templateId: string) {
  await t.db.insert(signatureFields).values({
    organizationId: owner.user.organizationId,
    templateId,
    fieldName: 'Claimant signature',
    signerEmail: '{{client.email}}',
    signerName: '{{client.fullName}}',
    pageNumber: 1,
    xPosition: 72,
    yPosition: 600,
  });
}

/** A client and one of its deals. */
export async function clientWithDeal(t: TestApp, owner: SignedIn, displayName: string, dealName: string) {
  const client = await created(t, '/api/clients', owner.cookie, {
    displayName,
    email: `${displayName.split(' ')[0].toLowerCase()}@example.com`,
  });
  const deal = await created(t, '/api/deals', owner.cookie, {
    dealName,
    stage: 'proposal',
    relatedClient: client.id,
  });
  return { clientId: client.id, dealId: deal.id };
}

/** The text of a PDF as poppler's pdftotext reads it. */
export function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'locus-pdf-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
