import { PDF } from '@libpdf/core';
import { badRequest } from '../../lib/app-error';

/*
 * What an uploaded PDF is, read from its bytes (never from its name or declared type): a PDF
 * that opens, without a password, of at most `maxPdfPages` pages.
 */

export const maxPdfPages = 500;
/** The largest PDF taken (a county's scanned claim form is a few MB). */
export const maxPdfBytes = 20 * 1024 * 1024;

export const notPdfMessage = 'The file is not a PDF';
export const damagedPdfMessage = 'The PDF is damaged and cannot be read';
export const encryptedPdfMessage = 'Encrypted PDFs cannot be used — remove the password first';
export const tooManyPagesMessage = `A PDF may have at most ${maxPdfPages} pages`;
export const pdfTooLargeMessage = 'The PDF is larger than 20 MB';

export interface PdfPage {
  pageNumber: number;
  /** Points, as shown (rotation applied). */
  width: number;
  height: number;
}

/** `%PDF-` within the first KB, as readers accept it (some files start with a few junk bytes). */
export function looksLikePdf(data: Buffer): boolean {
  return data.subarray(0, 1024).includes('%PDF-');
}

/** The pages of a readable, unencrypted PDF; 400 with the reason otherwise. */
export async function inspectPdf(data: Buffer): Promise<PdfPage[]> {
  if (!looksLikePdf(data)) throw badRequest(notPdfMessage);
  let pdf: PDF;
  try {
    pdf = await PDF.load(new Uint8Array(data.buffer, data.byteOffset, data.length));
  } catch {
    throw badRequest(damagedPdfMessage);
  }
  if (pdf.isEncrypted) throw badRequest(encryptedPdfMessage);
  let pageCount: number;
  try {
    pageCount = pdf.getPageCount();
  } catch {
    throw badRequest(damagedPdfMessage);
  }
  if (pageCount === 0) throw badRequest(damagedPdfMessage);
  if (pageCount > maxPdfPages) throw badRequest(tooManyPagesMessage);
  const pages: PdfPage[] = [];
  for (let index = 0; index < pageCount; index += 1) {
    const page = pdf.getPage(index);
    const width = page?.width ?? 0;
    const height = page?.height ?? 0;
    if (!page || !(width > 0) || !(height > 0)) throw badRequest(damagedPdfMessage);
    pages.push({ pageNumber: index + 1, width: round(width), height: round(height) });
  }
  return pages;
}

const round = (points: number) => Math.round(points * 100) / 100;
