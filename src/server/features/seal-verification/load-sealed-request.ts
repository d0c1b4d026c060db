import { buffer } from 'node:stream/consumers';
import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db';
import { files } from '../../db/schema/files';
import { organizations } from '../../db/schema/identity';
import {
  digitalCertificates,
  enhancedSignatureRecipients,
  enhancedSignatureRequests,
  signatureAuditTrail,
} from '../../db/schema/signing';
import { conflict } from '../../lib/app-error';
import type { FileStore } from '../../lib/file-store';
import { rowInOrganization } from '../../lib/tenant-scope';
import { authorityCertificatePem } from '../certificates/platform-authority';
import { requestRowOf } from '../signing/signing-records';

export type SealedRequestRow = typeof enhancedSignatureRequests.$inferSelect;

export const notSealedYetMessage =
  'This document is not sealed yet: its evidence can be exported once the sealed PDF is made';
export const sealedFileMissingMessage = "The sealed PDF's file is missing";

/** A request of the caller's organization that is sealed (404 foreign or missing, 409 not sealed). */
export async function sealedRequestOf(db: Database, orgId: string, id: string) {
  const row = await requestRowOf(db, orgId, id);
  if (row.sealStatus !== 'sealed' || !row.sealedFileId || !row.finalDocumentHash) {
    throw conflict(notSealedYetMessage);
  }
  return row;
}

/**
 * The sealed request a public lookup names, in whatever organization sealed it: the SHA-256 of
 * the sealed file or the verification id printed on it is the proof of holding the document.
 */
export async function findSealedRequest(
  db: Database,
  by: { finalDocumentHash: string } | { verificationId: string },
) {
  const [row] = await db
    .select()
    .from(enhancedSignatureRequests)
    .where(
      and(
        eq(enhancedSignatureRequests.sealStatus, 'sealed'),
        'finalDocumentHash' in by
          ? eq(enhancedSignatureRequests.finalDocumentHash, by.finalDocumentHash)
          : eq(enhancedSignatureRequests.verificationId, by.verificationId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function organizationNameOf(db: Database, orgId: string) {
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return row?.name ?? '';
}

export function recipientsOf(db: Database, row: SealedRequestRow) {
  return db
    .select()
    .from(enhancedSignatureRecipients)
    .where(
      and(
        eq(enhancedSignatureRecipients.organizationId, row.organizationId),
        eq(enhancedSignatureRecipients.signatureRequestId, row.id),
      ),
    )
    .orderBy(asc(enhancedSignatureRecipients.signatureOrder), asc(enhancedSignatureRecipients.createdAt));
}

export function auditRowsOf(db: Database, row: SealedRequestRow) {
  return db
    .select()
    .from(signatureAuditTrail)
    .where(
      and(
        eq(signatureAuditTrail.organizationId, row.organizationId),
        eq(signatureAuditTrail.signatureRequestId, row.id),
      ),
    )
    .orderBy(asc(signatureAuditTrail.sequence));
}

/** The sealed PDF's bytes, or null when its file row or bytes are gone. */
export async function sealedFileBytes(db: Database, store: FileStore, row: SealedRequestRow) {
  if (!row.sealedFileId) return null;
  const [file] = await db
    .select({ id: files.id })
    .from(files)
    .where(rowInOrganization(files, row.organizationId, row.sealedFileId))
    .limit(1);
  const stream = file ? await store.open(row.organizationId, file.id) : null;
  return stream ? buffer(stream) : null;
}

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The sealing certificate (PEM) and the CA that issued it. */
export async function sealCertificatesOf(db: Database, row: SealedRequestRow) {
  const [certificate] = row.sealCertificateId
    ? await db
        .select({ pem: digitalCertificates.certificateData, authorityId: digitalCertificates.authorityId })
        .from(digitalCertificates)
        .where(rowInOrganization(digitalCertificates, row.organizationId, row.sealCertificateId))
    : [];
  if (!certificate) throw conflict("The document's sealing certificate is missing");
  const authority = await authorityCertificatePem(db, certificate.authorityId);
  if (!authority) throw conflict("The sealing certificate's CA is missing");
  return { sealing: certificate.pem, authority };
}
