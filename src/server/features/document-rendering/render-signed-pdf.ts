import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, asc, eq } from 'drizzle-orm';
import { parseDocumentContent } from '../../../common/documents/document-content';
import type { Database } from '../../db';
import { documentInstances } from '../../db/schema/documents';
import { files } from '../../db/schema/files';
import {
  enhancedSignatureFields,
  enhancedSignatureRecipients,
  enhancedSignatureRequests,
  enhancedSignatures,
} from '../../db/schema/signing';
import { conflict, notFound } from '../../lib/app-error';
import type { FileStore } from '../../lib/file-store';
import { isUuid } from '../../lib/service-context';
import { rowInOrganization } from '../../lib/tenant-scope';
import { organizationBranding } from './organization-branding';
import type { PlacedValue } from './draw-placed-values';
import { renderDocumentPdf } from './render-document-pdf';

/*
 * The signed copy of a signature request's document: the document's PDF (the bytes GET
 * /api/document-instances/:id/pdf serves) with every stored value drawn in its field's box.
 * A pure function of stored rows, so the sealing of issue 18 can re-create it at any time: no
 * clock, no randomness; the modification date is the last signature's time. The drawing is an
 * incremental update, so the original document's bytes stay an exact prefix of the copy (its
 * SHA-256, recorded at send, can be re-checked from the copy itself) — unless libpdf cannot append
 * to the file (linearized, or repaired when read), when it writes the whole file anew.
 */

export const signatureRequestNotFoundMessage = 'Signature request not found';
export const requestWithoutDocumentMessage = 'This signature request has no document to render';
export const signedDocumentFileMissingMessage = "This document's PDF file is missing";

export const documentChangedSinceSentMessage =
  "The document's PDF no longer matches the one sent for signature (its SHA-256 differs from the one recorded at sending, e.g. after a new logo or a replaced file), so it cannot be sealed as signed";

/**
 * The signed copy as bytes; a request without signatures gives the document's bytes unchanged.
 * `requireSentDocument` (sealing) refuses with 409 when the document's bytes no longer hash to
 * the `documentHash` recorded at sending: a seal must never certify a document nobody signed.
 */
export async function renderSignedDocumentPdf(
  db: Database,
  organizationId: string,
  requestId: string,
  store: FileStore,
  { requireSentDocument = false }: { requireSentDocument?: boolean } = {},
): Promise<Buffer> {
  if (!isUuid(requestId)) throw notFound(signatureRequestNotFoundMessage);
  const [request] = await db
    .select({
      documentInstanceId: enhancedSignatureRequests.documentInstanceId,
      documentHash: enhancedSignatureRequests.documentHash,
    })
    .from(enhancedSignatureRequests)
    .where(rowInOrganization(enhancedSignatureRequests, organizationId, requestId))
    .limit(1);
  if (!request) throw notFound(signatureRequestNotFoundMessage);
  if (!request.documentInstanceId) throw notFound(requestWithoutDocumentMessage);
  const original = await documentBytes(db, store, organizationId, request.documentInstanceId);
  if (requireSentDocument && createHash('sha256').update(original).digest('hex') !== request.documentHash) {
    throw conflict(documentChangedSinceSentMessage);
  }
  const values = await placedValuesOf(db, organizationId, requestId);
  if (values.length === 0) return original;
  // The drawing code and libpdf load with the first signed copy, not with every start (issue 21 §5).
  const { drawValues } = await import('./draw-placed-values');
  return drawValues(original, values);
}

/** The signed fields of a request in a stable order (page, then top to bottom, then left to right). */
async function placedValuesOf(
  db: Database,
  organizationId: string,
  requestId: string,
): Promise<PlacedValue[]> {
  const rows = await db
    .select({
      fieldType: enhancedSignatureFields.fieldType,
      page: enhancedSignatureFields.page,
      xPosition: enhancedSignatureFields.xPosition,
      yPosition: enhancedSignatureFields.yPosition,
      width: enhancedSignatureFields.width,
      height: enhancedSignatureFields.height,
      fontSize: enhancedSignatureFields.fontSize,
      fontFamily: enhancedSignatureFields.fontFamily,
      signatureType: enhancedSignatures.signatureType,
      signatureData: enhancedSignatures.signatureData,
      signerName: enhancedSignatureRecipients.name,
      signingTime: enhancedSignatures.signingTime,
    })
    .from(enhancedSignatures)
    .innerJoin(
      enhancedSignatureFields,
      and(
        eq(enhancedSignatureFields.id, enhancedSignatures.fieldId),
        eq(enhancedSignatureFields.organizationId, organizationId),
      ),
    )
    .innerJoin(
      enhancedSignatureRecipients,
      and(
        eq(enhancedSignatureRecipients.id, enhancedSignatures.recipientId),
        eq(enhancedSignatureRecipients.organizationId, organizationId),
      ),
    )
    .where(
      and(
        eq(enhancedSignatures.organizationId, organizationId),
        eq(enhancedSignatures.signatureRequestId, requestId),
      ),
    )
    .orderBy(
      asc(enhancedSignatureFields.page),
      asc(enhancedSignatureFields.yPosition),
      asc(enhancedSignatureFields.xPosition),
      asc(enhancedSignatures.id),
    );
  return rows.map((row) => ({ ...row, xPosition: row.xPosition ?? 0, yPosition: row.yPosition ?? 0 }));
}

/** The document's PDF as GET /api/document-instances/:id/pdf serves it (upload bytes or rendered content). */
async function documentBytes(db: Database, store: FileStore, organizationId: string, documentId: string) {
  const [row] = await db
    .select({
      name: documentInstances.name,
      source: documentInstances.source,
      fileId: documentInstances.fileId,
      content: documentInstances.content,
      mergedContent: documentInstances.mergedContent,
      createdAt: documentInstances.createdAt,
    })
    .from(documentInstances)
    .where(rowInOrganization(documentInstances, organizationId, documentId))
    .limit(1);
  if (!row) throw notFound(requestWithoutDocumentMessage);
  if (row.source === 'upload') {
    const [file] = row.fileId
      ? await db
          .select({ id: files.id })
          .from(files)
          .where(rowInOrganization(files, organizationId, row.fileId))
          .limit(1)
      : [];
    const stream = file ? await store.open(organizationId, file.id) : null;
    if (!stream) throw notFound(signedDocumentFileMissingMessage);
    return bytesOf(stream);
  }
  const rendered = await renderDocumentPdf({
    doc: parseDocumentContent(row.mergedContent ?? row.content),
    title: row.name,
    organization: await organizationBranding(db, organizationId),
    createdAt: row.createdAt,
  });
  return rendered.pdf;
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
