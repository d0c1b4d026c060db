import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { TimestampAuthority } from '@libpdf/core';
import { and, eq, isNull } from 'drizzle-orm';
import { formatVerificationId } from '../../../common/signing/verification-id';
import type { Database } from '../../db';
import { files } from '../../db/schema/files';
import { enhancedSignatureRequests, enhancedSignatures } from '../../db/schema/signing';
import { conflict, notFound } from '../../lib/app-error';
import type { FileStore } from '../../lib/file-store';
import { enqueueOutbox, outboxKinds } from '../../lib/outbox';
import type { SecretBox } from '../../lib/secret-box';
import { isUuid } from '../../lib/service-context';
import { rowInOrganization } from '../../lib/tenant-scope';
import { loadSealingSigner } from '../certificates/organization-certificate';
import { renderSignedDocumentPdf } from '../document-rendering/render-signed-pdf';
import { certificateDataOf } from './certificate-data';
import { appendCertificatePages, signSealedPdf } from './seal-pdf';

export interface SealDeps {
  db: Database;
  secrets: SecretBox;
  files: FileStore;
  appUrl: string;
  /** SIGNING_TSA_URL; none: B-B seals and no per-signature timestamps. */
  signingTsaUrl?: string;
}

export type SignatureRequestRow = typeof enhancedSignatureRequests.$inferSelect;

export const requestNotFoundMessage = 'Signature request not found';
export const requestNotCompletedMessage = 'Only a completed signature request can be sealed';
export const requestAlreadySealedMessage = 'This signature request is already sealed';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A file name without what mail clients or file systems choke on. */
export const sealedFileNameOf = (title: string) =>
  `${[...title]
    .map((c) => (c < ' ' || '\\/:*?"<>|'.includes(c) ? '_' : c))
    .join('')
    .slice(0, 120)} (sealed).pdf`;

async function requestOf(db: Database, orgId: string, requestId: string) {
  if (!isUuid(requestId)) throw notFound(requestNotFoundMessage);
  const [request] = await db
    .select()
    .from(enhancedSignatureRequests)
    .where(rowInOrganization(enhancedSignatureRequests, orgId, requestId))
    .limit(1);
  if (!request) throw notFound(requestNotFoundMessage);
  return request;
}

/** The request's verification id, made once: a retried seal prints the same one. */
async function verificationIdOf(db: Database, request: SignatureRequestRow): Promise<string> {
  if (request.verificationId) return request.verificationId;
  await db
    .update(enhancedSignatureRequests)
    .set({ verificationId: formatVerificationId(randomBytes(10)) })
    .where(
      and(
        rowInOrganization(enhancedSignatureRequests, request.organizationId, request.id),
        isNull(enhancedSignatureRequests.verificationId),
      ),
    );
  const again = await requestOf(db, request.organizationId, request.id);
  if (!again.verificationId) throw new Error('The verification id was not stored');
  return again.verificationId;
}

/**
 * RFC 3161 tokens for the request's signatures that have none: each over the signature's
 * cryptographicHash (its 32 bytes are the timestamped data, so `openssl ts -verify -data` checks
 * it). A failure leaves that signature without a token and is answered for the record.
 */
async function signatureTimestamps(
  db: Database,
  request: SignatureRequestRow,
  authority: TimestampAuthority,
) {
  const rows = await db
    .select({ id: enhancedSignatures.id, hash: enhancedSignatures.cryptographicHash })
    .from(enhancedSignatures)
    .where(
      and(
        eq(enhancedSignatures.organizationId, request.organizationId),
        eq(enhancedSignatures.signatureRequestId, request.id),
        isNull(enhancedSignatures.timestampToken),
      ),
    );
  const tokens = new Map<string, string>();
  const failures: string[] = [];
  for (const row of rows) {
    try {
      const digest = createHash('sha256').update(Buffer.from(row.hash, 'hex')).digest();
      const token = await authority.timestamp(new Uint8Array(digest), 'SHA-256');
      tokens.set(row.id, Buffer.from(token).toString('base64'));
    } catch (error) {
      failures.push(error instanceof Error ? error.message : String(error));
    }
  }
  const error = failures.length
    ? `${failures.length} signature timestamp(s) failed: ${failures[0]}`.slice(0, 500)
    : null;
  return { tokens, error };
}

/**
 * Seals a completed request (issue 18): the signed copy plus the completion certificate pages,
 * signed PAdES with the organization's certificate, stored as a file; then, in one transaction,
 * the request marked sealed and the completion copies queued. Idempotent: a sealed request is
 * answered as it is, and of two runs at once only one stores its file.
 */
export async function sealSignatureRequest(
  deps: SealDeps,
  orgId: string,
  requestId: string,
): Promise<SignatureRequestRow> {
  const { db } = deps;
  const loaded = await requestOf(db, orgId, requestId);
  if (loaded.sealStatus === 'sealed') return loaded;
  if (loaded.status !== 'completed') throw conflict(requestNotCompletedMessage);
  const verificationId = await verificationIdOf(db, loaded);
  const request = { ...loaded, verificationId };
  const sealedAt = new Date();
  const [signedCopy, certificate, sealing] = await Promise.all([
    renderSignedDocumentPdf(db, orgId, requestId, deps.files, { requireSentDocument: true }),
    certificateDataOf(db, deps.appUrl, request),
    loadSealingSigner(db, deps.secrets, orgId),
  ]);
  const unsigned = await appendCertificatePages(new Uint8Array(signedCopy), certificate.input, {
    title: request.title,
    verificationId,
    modifiedAt: sealedAt,
  });
  const { HttpTimestampAuthority } = await import('@libpdf/core');
  const authority = deps.signingTsaUrl ? new HttpTimestampAuthority(deps.signingTsaUrl) : undefined;
  const sealed = await signSealedPdf(unsigned, {
    signer: sealing.signer,
    timestampAuthority: authority,
    signingTime: sealedAt,
    reason: `Completion of “${request.title}” sealed by ${certificate.input.organizationName}`.slice(0, 200),
  });
  const stamps = authority ? await signatureTimestamps(db, request, authority) : null;
  const timestampError = [sealed.timestampError, stamps?.error].filter(Boolean).join('; ') || null;
  const bytes = Buffer.from(sealed.bytes);
  const fileId = randomUUID();
  await deps.files.put(orgId, fileId, bytes);
  const stored = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(enhancedSignatureRequests)
      .where(rowInOrganization(enhancedSignatureRequests, orgId, requestId))
      .for('update');
    if (!current || current.sealStatus === 'sealed') return { row: current, won: false };
    await tx.insert(files).values({
      organizationId: orgId,
      id: fileId,
      name: sealedFileNameOf(request.title),
      contentType: 'application/pdf',
      size: bytes.length,
      createdBy: request.createdBy,
    });
    for (const [id, token] of stamps?.tokens ?? []) {
      await tx
        .update(enhancedSignatures)
        .set({ timestampToken: token, updatedAt: sealedAt })
        .where(and(eq(enhancedSignatures.organizationId, orgId), eq(enhancedSignatures.id, id)));
    }
    // The certificate whose seal now vouches for each signature.
    await tx
      .update(enhancedSignatures)
      .set({ certificateId: sealing.certificate.id })
      .where(
        and(
          eq(enhancedSignatures.organizationId, orgId),
          eq(enhancedSignatures.signatureRequestId, requestId),
        ),
      );
    const [row] = await tx
      .update(enhancedSignatureRequests)
      .set({
        sealStatus: 'sealed',
        sealedAt,
        sealedFileId: fileId,
        finalDocumentHash: sha256(bytes),
        sealCertificateId: sealing.certificate.id,
        sealLevel: sealed.level,
        timestampError,
        sealedChainHash: certificate.chainHash,
        sealedChainSequence: certificate.chainSequence,
        sealError: null,
        updatedAt: sealedAt,
      })
      .where(rowInOrganization(enhancedSignatureRequests, orgId, requestId))
      .returning();
    await enqueueOutbox(tx, {
      kind: outboxKinds.sendSigningCompletionCopies,
      organizationId: orgId,
      payload: { requestId },
    });
    return { row, won: true };
  });
  if (!stored.won) await deps.files.delete(orgId, fileId);
  if (!stored.row) throw notFound(requestNotFoundMessage);
  return stored.row;
}
