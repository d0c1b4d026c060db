import { badRequest } from '../../lib/app-error';
import {
  PdfReadError,
  type PdfPageSize,
  pdfReadMessages,
  readPdfPages,
} from '../document-rendering/read-pdf-pages';

/*
 * What an uploaded PDF is, read from its bytes (never from its name or declared type): a PDF
 * that opens, without a password, of at most `maxPdfPages` pages.
 */

export const maxPdfPages = 500;
/** The largest PDF taken (a county's scanned claim form is a few MB). */
export const maxPdfBytes = 20 * 1024 * 1024;

export const notPdfMessage = pdfReadMessages['not-pdf'];
export const damagedPdfMessage = pdfReadMessages.damaged;
export const encryptedPdfMessage = pdfReadMessages.encrypted;
export const tooManyPagesMessage = `A PDF may have at most ${maxPdfPages} pages`;
export const pdfTooLargeMessage = 'The PDF is larger than 20 MB';

export type PdfPage = PdfPageSize;

/** The pages of a readable, unencrypted PDF of at most `maxPdfPages` pages; 400 with the reason otherwise. */
export async function inspectPdf(data: Buffer): Promise<PdfPage[]> {
  let read: Awaited<ReturnType<typeof readPdfPages>>;
  try {
    read = await readPdfPages(new Uint8Array(data.buffer, data.byteOffset, data.length));
  } catch (error) {
    if (error instanceof PdfReadError) throw badRequest(error.message);
    throw error;
  }
  if (read.pageCount > maxPdfPages) throw badRequest(tooManyPagesMessage);
  return read.pages;
}
