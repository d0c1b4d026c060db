import pdfmake from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { describe, expect, it } from 'vitest';
import { PdfReadError, readPdfPages } from './read-pdf-pages';
import { renderDocumentPdf } from './render-document-pdf';

const organization = { name: 'Org' };
const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });

async function pdfOf(definition: TDocumentDefinitions): Promise<Buffer> {
  return Buffer.from(await pdfmake.createPdf(definition).getBuffer());
}

async function failure(bytes: Uint8Array) {
  try {
    await readPdfPages(bytes);
  } catch (error) {
    return error instanceof PdfReadError ? error.message : `unexpected: ${String(error)}`;
  }
  return 'no error';
}

describe('readPdfPages', () => {
  it('reads page count and sizes of a rendered document', async () => {
    const { pdf } = await renderDocumentPdf({
      doc: { type: 'doc', content: [paragraph('one'), { type: 'pageBreak' }, paragraph('two')] },
      title: 't',
      organization,
    });
    expect(await readPdfPages(pdf)).toEqual({
      pageCount: 2,
      pages: [
        { pageNumber: 1, width: 612, height: 792 },
        { pageNumber: 2, width: 612, height: 792 },
      ],
    });
  });

  it('reads mixed page sizes (A4, landscape)', async () => {
    const pdf = await pdfOf({
      pageSize: 'A4',
      content: [{ text: 'a4' }, { text: 'landscape', pageBreak: 'before', pageOrientation: 'landscape' }],
    });
    const { pages } = await readPdfPages(pdf);
    expect(pages.map((p) => [Math.round(p.width), Math.round(p.height)])).toEqual([
      [595, 842],
      [842, 595],
    ]);
  });

  it('refuses HTML named .pdf, damaged and encrypted PDFs with clear messages', async () => {
    expect(await failure(Buffer.from('<html><body>not a pdf</body></html>'))).toBe('The file is not a PDF');
    expect(await failure(Buffer.from('%PDF-1.7\n garbage garbage garbage'))).toBe(
      'The PDF is damaged and cannot be read',
    );
    const encrypted = await pdfOf({ content: ['secret'], userPassword: 'pw', ownerPassword: 'owner' });
    expect(await failure(encrypted)).toBe('Encrypted PDFs cannot be used — remove the password first');
    const ownerOnly = await pdfOf({
      content: ['secret'],
      ownerPassword: 'owner',
      permissions: { printing: 'lowResolution' },
    });
    expect(await failure(ownerOnly)).toBe('Encrypted PDFs cannot be used — remove the password first');
  });
});
