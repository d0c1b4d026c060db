import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { nameField, optionalId } from '../../../common/validation/common';
import { documentInstances } from '../../db/schema/documents';
import { files } from '../../db/schema/files';
import { AppError, badRequest } from '../../lib/app-error';
import type { FileStore } from '../../lib/file-store';
import type { ServiceContext } from '../../lib/service-context';
import { recordAuditEvent } from '../audit/record-audit-event';
import { recordsForDocument } from './document-records';
import { inspectPdf, maxPdfBytes, pdfTooLargeMessage } from './inspect-pdf';
import { getDocument } from './present-document';
import { addStorageUsed } from '../platform-organizations/organization-usage';

/** POST /api/document-instances/upload?name=&clientId=&dealId= (the body is the PDF's bytes). */
export const uploadDocumentQuerySchema = z.object({
  name: nameField('Name must be at least 2 characters'),
  clientId: optionalId('Invalid client ID'),
  dealId: optionalId('Invalid deal ID'),
});

export type UploadDocumentQuery = z.infer<typeof uploadDocumentQuerySchema>;

export const emptyPdfMessage = 'The file is empty';

/**
 * An uploaded PDF (a county's claim form) as a document: checked by content (a PDF that opens,
 * no password, at most 500 pages), its bytes kept in the file store with a `files` row, and a
 * draft document pointing at it. Bytes first, rows last: a crash between leaves bytes without a
 * row, which the sweep removes; the file row and the document go in one transaction.
 */
export async function uploadDocument(
  ctx: ServiceContext,
  store: FileStore,
  query: UploadDocumentQuery,
  data: Buffer | undefined,
) {
  if (!data || data.length === 0) throw badRequest(emptyPdfMessage);
  if (data.length > maxPdfBytes) throw new AppError(413, pdfTooLargeMessage);
  const refs = await recordsForDocument(ctx, query);
  const pages = await inspectPdf(data);
  const fileId = randomUUID();
  await store.put(ctx.orgId, fileId, data);
  let id: string;
  try {
    id = await ctx.db.transaction(async (tx) => {
      await tx.insert(files).values({
        organizationId: ctx.orgId,
        id: fileId,
        name: `${query.name}.pdf`,
        contentType: 'application/pdf',
        size: data.length,
        createdBy: ctx.actor.id,
      });
      await addStorageUsed(tx, ctx.orgId, data.length);
      const [row] = await tx
        .insert(documentInstances)
        .values({
          organizationId: ctx.orgId,
          clientId: refs.clientId,
          dealId: refs.dealId,
          name: query.name,
          // An uploaded document's pages are the file; it has no editor content.
          content: '',
          mergedContent: null,
          source: 'upload',
          fileId,
          pageCount: pages.length,
          createdBy: ctx.actor.id,
          updatedBy: ctx.actor.id,
        })
        .returning({ id: documentInstances.id });
      await recordAuditEvent(tx, ctx, {
        action: 'document.uploaded',
        resource: 'document_instances',
        resourceId: row.id,
        details: { name: query.name, pages: pages.length, size: data.length },
      });
      return row.id;
    });
  } catch (error) {
    await store.delete(ctx.orgId, fileId).catch(() => undefined); // the sweep would remove them too
    throw error;
  }
  return getDocument(ctx, id);
}
