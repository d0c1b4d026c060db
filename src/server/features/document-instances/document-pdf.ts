import type { Readable } from 'node:stream';
import { parseDocumentContent } from '../../../common/documents/document-content';
import { files } from '../../db/schema/files';
import { notFound } from '../../lib/app-error';
import type { FileStore } from '../../lib/file-store';
import type { ServiceContext } from '../../lib/service-context';
import { rowInOrganization } from '../../lib/tenant-scope';
import { inspectPdf, type PdfPage } from './inspect-pdf';
import { documentRowOf } from './present-document';
import { renderForDocument } from './render-for-document';

export const documentFileMissingMessage = "This document's PDF file is missing";

type DocumentRow = Awaited<ReturnType<typeof documentRowOf>>;

/** The PDF of a document: the uploaded file's bytes, or its merged content rendered now. */
export async function documentPdf(
  ctx: ServiceContext,
  store: FileStore,
  id: string,
): Promise<{ name: string; pdf: Buffer | Readable; size?: number }> {
  const row = await documentRowOf(ctx, id);
  if (row.source === 'upload') {
    const file = await uploadedFile(ctx, store, row);
    return { name: row.name, pdf: file.stream, size: file.size };
  }
  const rendered = await renderForDocument(
    ctx,
    parseDocumentContent(row.mergedContent ?? row.content),
    row.name,
    undefined,
    row.createdAt,
  );
  return { name: row.name, pdf: rendered.pdf, size: rendered.pdf.length };
}

/** GET /api/document-instances/:id/pages: each page's size in points, as the field placer needs. */
export async function documentPages(
  ctx: ServiceContext,
  store: FileStore,
  id: string,
): Promise<{ pageCount: number; pages: PdfPage[] }> {
  const row = await documentRowOf(ctx, id);
  if (row.source === 'upload') {
    const file = await uploadedFile(ctx, store, row);
    const pages = await inspectPdf(await bytesOf(file.stream));
    return { pageCount: pages.length, pages };
  }
  const rendered = await renderForDocument(
    ctx,
    parseDocumentContent(row.mergedContent ?? row.content),
    row.name,
  );
  const pages = Array.from({ length: rendered.pageCount }, (_, index) => ({
    pageNumber: index + 1,
    width: rendered.pageWidth,
    height: rendered.pageHeight,
  }));
  return { pageCount: rendered.pageCount, pages };
}

async function uploadedFile(ctx: ServiceContext, store: FileStore, row: DocumentRow) {
  const [file] = row.fileId
    ? await ctx.db
        .select({ size: files.size })
        .from(files)
        .where(rowInOrganization(files, ctx.orgId, row.fileId))
        .limit(1)
    : [];
  const stream = file && row.fileId ? await store.open(ctx.orgId, row.fileId) : null;
  if (!file || !stream) throw notFound(documentFileMissingMessage);
  return { size: file.size, stream };
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
