import { and, eq } from 'drizzle-orm';
import { parseDocumentContent } from '../../../common/documents/document-content';
import type { Database } from '../../db';
import { documentInstances } from '../../db/schema/documents';
import { AppError } from '../../lib/app-error';
import type { FileStore } from '../../lib/file-store';
import { organizationBranding } from '../document-rendering/organization-branding';
import { readPdfPages } from '../document-rendering/read-pdf-pages';
import { renderDocumentPdf } from '../document-rendering/render-document-pdf';

export const noDocumentMessage = 'This request has no document to show';

/**
 * The PDF a signer reads, from the same source as GET /api/document-instances/:id/pdf (the
 * uploaded file, or the merged content rendered): a signer has no user, so no service context.
 */
export async function signingDocumentPdf(
  db: Database,
  files: FileStore,
  organizationId: string,
  documentInstanceId: string | null,
): Promise<{ name: string; pdf: Buffer }> {
  const [row] = documentInstanceId
    ? await db
        .select()
        .from(documentInstances)
        .where(
          and(
            eq(documentInstances.id, documentInstanceId),
            eq(documentInstances.organizationId, organizationId),
          ),
        )
        .limit(1)
    : [];
  if (!row) throw new AppError(404, noDocumentMessage);
  if (row.source === 'upload') {
    const stream = row.fileId ? await files.open(organizationId, row.fileId) : null;
    if (!stream) throw new AppError(404, noDocumentMessage);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
    return { name: row.name, pdf: Buffer.concat(chunks) };
  }
  const rendered = await renderDocumentPdf({
    doc: parseDocumentContent(row.mergedContent ?? row.content),
    title: row.name,
    organization: await organizationBranding(db, organizationId),
    // The document's own date: the same document renders to the same bytes, the ones hashed at send.
    createdAt: row.createdAt,
  });
  return { name: row.name, pdf: rendered.pdf };
}

export interface SigningPages {
  pageCount: number;
  pages: { width: number; height: number }[];
}

/**
 * Page sizes by the document's SHA-256 (the same bytes have the same pages). A document is
 * frozen from send to completion, so a signing view reads them from memory instead of rendering
 * the PDF each time.
 */
const pageCache = new Map<string, SigningPages>();
const pageCacheSize = 500;

export async function signingDocumentPages(
  db: Database,
  files: FileStore,
  source: { organizationId: string; documentInstanceId: string | null; cacheKey: string },
): Promise<SigningPages> {
  const cached = pageCache.get(source.cacheKey);
  if (cached) return cached;
  if (!source.documentInstanceId) return { pageCount: 0, pages: [] };
  const { pdf } = await signingDocumentPdf(db, files, source.organizationId, source.documentInstanceId);
  const read = await readPdfPages(new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.length));
  const pages = {
    pageCount: read.pageCount,
    pages: read.pages.map(({ width, height }) => ({ width, height })),
  };
  if (pageCache.size >= pageCacheSize) pageCache.delete(pageCache.keys().next().value as string);
  pageCache.set(source.cacheKey, pages);
  return pages;
}
