import { randomBytes, randomUUID } from 'node:crypto';
import { PDF } from '@libpdf/core';
import { eq } from 'drizzle-orm';
import { formatVerificationId } from '../../../common/signing/verification-id';
import { files } from '../../db/schema/files';
import { enhancedSignatureRequests } from '../../db/schema/signing';
import { createDiskFileStore } from '../../lib/disk-file-store';
import type { SignedIn } from '../../test/sessions';
import type { TestApp } from '../../test/test-app';
import { loadSealingSigner } from '../certificates/organization-certificate';
import { renderSignedDocumentPdf } from '../document-rendering/render-signed-pdf';
import { verifySignatureAuditChain } from '../signing/audit-chain';
import { seedSentRequest, signAll } from '../signing-session/test-kit';
import { sha256Hex } from './load-sealed-request';

/*
 * Test helpers: a completed request sealed the way the sealing job seals one (the signed PDF,
 * PAdES B-B with the organization's certificate, the seal columns), so the verification side is
 * tested against real signatures and chains without depending on the job's scheduling.
 */

export async function sealForTest(t: TestApp, orgId: string, requestId: string) {
  const store = createDiskFileStore(t.filesDir);
  const chain = await verifySignatureAuditChain(t.db, orgId, requestId);
  const { signer, certificate } = await loadSealingSigner(t.db, t.secrets, orgId);
  const signed = await renderSignedDocumentPdf(t.db, orgId, requestId, store);
  const { bytes } = await (await PDF.load(signed)).sign({ signer, reason: 'Sealed by Locus', level: 'B-B' });
  const fileId = randomUUID();
  await t.db.insert(files).values({
    organizationId: orgId,
    id: fileId,
    name: 'sealed.pdf',
    contentType: 'application/pdf',
    size: bytes.length,
  });
  await store.put(orgId, fileId, Buffer.from(bytes));
  const [row] = await t.db
    .update(enhancedSignatureRequests)
    .set({
      sealStatus: 'sealed',
      sealedAt: new Date(),
      sealedFileId: fileId,
      finalDocumentHash: sha256Hex(bytes),
      verificationId: formatVerificationId(randomBytes(10)),
      sealCertificateId: certificate.id,
      sealLevel: 'B-B',
      sealedChainHash: chain.finalHash,
      sealedChainSequence: chain.events,
    })
    .where(eq(enhancedSignatureRequests.id, requestId))
    .returning();
  return { row, bytes };
}

/** A two-signer request signed through the signer API, completed and sealed. */
export async function sealedRequestForTest(t: TestApp, owner: SignedIn, title = 'Fee agreement') {
  const tag = Math.random().toString(36).slice(2, 8);
  const seeded = await seedSentRequest(t, owner, {
    title,
    recipients: [
      { name: 'Ann Claimant', email: `ann-${tag}@example.com` },
      { name: 'Bob Heir', email: `bob-${tag}@example.com` },
    ],
  });
  for (const recipient of seeded.recipients) {
    const finished = await signAll(t, recipient);
    if (finished.statusCode !== 200) throw new Error(`finish ${finished.statusCode}: ${finished.body}`);
  }
  return { seeded, ...(await sealForTest(t, owner.user.organizationId as string, seeded.requestId)) };
}
