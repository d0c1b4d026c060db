import type { PDF } from '@libpdf/core';

/*
 * The pages of a PDF (an uploaded one, or one this server rendered) as the browser's viewer
 * shows them: page count and each page's size in points, rotation applied (what pdf.js draws).
 * Used for uploads' checks and page lists, and for signature fields' "inside the page" rule.
 */

export interface PdfPageSize {
  pageNumber: number;
  width: number;
  height: number;
}

export interface PdfPages {
  pageCount: number;
  pages: PdfPageSize[];
}

export type PdfReadFailure = 'not-pdf' | 'damaged' | 'encrypted';

/** Why a PDF cannot be used; `message` is the one users see (issue 16 / CONTRACT.md). */
export class PdfReadError extends Error {
  constructor(readonly reason: PdfReadFailure) {
    super(pdfReadMessages[reason]);
    this.name = 'PdfReadError';
  }
}

export const pdfReadMessages: Record<PdfReadFailure, string> = {
  'not-pdf': 'The file is not a PDF',
  damaged: 'The PDF is damaged and cannot be read',
  encrypted: 'Encrypted PDFs cannot be used — remove the password first',
};

/** Whether the bytes start like a PDF ("%PDF-" within the first KB, as readers allow). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  return head.includes('%PDF-');
}

/** Reads page count and sizes; throws PdfReadError for a non-PDF, a damaged or an encrypted file. */
export async function readPdfPages(bytes: Uint8Array): Promise<PdfPages> {
  if (!looksLikePdf(bytes)) throw new PdfReadError('not-pdf');
  // libpdf loads with the first PDF read, not with every start (issue 21 §5).
  const { PDF: Pdf } = await import('@libpdf/core');
  let pdf: PDF;
  try {
    pdf = await Pdf.load(bytes);
  } catch (error) {
    if (/encrypt|password|decrypt/i.test(String((error as Error)?.message)))
      throw new PdfReadError('encrypted');
    throw new PdfReadError('damaged');
  }
  // Even a PDF that opens with an empty password is refused: signing adds to the file later.
  if (pdf.isEncrypted) throw new PdfReadError('encrypted');
  try {
    const pages = pdf.getPages().map((page, index) => ({
      pageNumber: index + 1,
      width: round(page.width),
      height: round(page.height),
    }));
    if (pages.length === 0) throw new PdfReadError('damaged');
    return { pageCount: pages.length, pages };
  } catch (error) {
    if (error instanceof PdfReadError) throw error;
    throw new PdfReadError('damaged');
  }
}

const round = (n: number) => Math.round(n * 100) / 100;
