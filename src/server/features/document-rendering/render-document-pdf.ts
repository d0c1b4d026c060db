import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { DocumentJson } from '../../../common/documents/document-content';
import { sniffImageType } from '../../lib/sniff-image-type';
import { accentColorOf } from './accent-color';
import { documentContent, documentTextColor, rule } from './document-definition';
import { findAnchors, type LaidOutPage } from './find-anchors';
import { loadPdfmake } from './load-pdfmake';

/*
 * A document's editor JSON to a US Letter PDF with pdfmake and the Roboto shipped in
 * pdfmake/fonts: the organization's logo and name in the header, its colour on headings and
 * rules, "Page X of Y" in the footer, the title in the PDF's info. The same PDF is the one signed.
 */

export interface RenderDocumentInput {
  doc: DocumentJson;
  title: string;
  organization: { name: string; logo?: { data: Buffer; contentType: string } | null; color?: string | null };
  /**
   * The PDF's creation date. Given (the document's own date), the same input renders to the same
   * bytes — the file ID derives from it — so a hash taken at send can be re-checked later;
   * absent, the time of rendering.
   */
  createdAt?: Date;
}

/** Where a text anchor (signature_fields.textAnchor) was drawn, in PDF points from the page's top-left. */
export interface AnchorBox {
  text: string;
  pageNumber: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface RenderedDocument {
  pdf: Buffer;
  pageCount: number;
  /** Page size in points (Letter: 612 × 792). */
  pageWidth: number;
  pageHeight: number;
  /** Positions of the anchors asked for, in order of appearance. */
  anchors: AnchorBox[];
}

export const letterPage = { width: 612, height: 792 } as const;
const pageMargins: [number, number, number, number] = [56, 84, 56, 56];

/** The whole pdfmake definition of a document (exported for the bench, which renders it directly). */
export function documentDefinition(input: RenderDocumentInput): TDocumentDefinitions {
  const accent = accentColorOf(input.organization.color);
  const logo = logoDataUrl(input.organization.logo);
  const name = input.organization.name.slice(0, 200);
  return {
    pageSize: 'LETTER',
    pageMargins,
    info: {
      title: input.title.slice(0, 500),
      creator: name,
      producer: 'Locus CRM',
      ...(input.createdAt ? { creationDate: input.createdAt } : {}),
    },
    defaultStyle: { font: 'Roboto', fontSize: 11, lineHeight: 1.25, color: documentTextColor },
    header: () =>
      ({
        margin: [56, 28, 56, 0],
        stack: [
          {
            columns: [
              logo ? { image: logo, fit: [120, 28], width: 'auto' } : { text: '', width: 0 },
              {
                text: name,
                alignment: 'right',
                fontSize: 9,
                bold: true,
                color: accent,
                margin: [0, logo ? 9 : 0, 0, 0],
              },
            ],
            columnGap: 12,
          },
          rule(accent, [0, 6, 0, 0]),
        ],
      }) as Content,
    footer: (currentPage: number, pageCount: number) => ({
      text: `Page ${currentPage} of ${pageCount}`,
      alignment: 'center',
      fontSize: 8,
      color: '#7b8794',
      margin: [56, 20, 56, 0],
    }),
    content: documentContent(input.doc, { accent }),
  };
}

/** PNG and JPEG logos only (what PDFs embed); another type is left out rather than failing the PDF. */
function logoDataUrl(logo: RenderDocumentInput['organization']['logo']): string | null {
  if (!logo || logo.data.length === 0) return null;
  const type = sniffImageType(logo.data);
  if (type !== 'image/png' && type !== 'image/jpeg') return null;
  return `data:${type};base64,${logo.data.toString('base64')}`;
}

export async function renderDocumentPdf(
  input: RenderDocumentInput,
  options: { anchors?: string[] } = {},
): Promise<RenderedDocument> {
  try {
    return await render(input, options);
  } catch (error) {
    // A logo whose bytes look like a PNG or JPEG but do not decode must not cost the document.
    if (!input.organization.logo) throw error;
    return render({ ...input, organization: { ...input.organization, logo: null } }, options);
  }
}

async function render(
  input: RenderDocumentInput,
  options: { anchors?: string[] },
): Promise<RenderedDocument> {
  const pdfmake = await loadPdfmake();
  const output = pdfmake.createPdf(documentDefinition(input));
  // pdfmake 0.3 keeps the laid-out pages on its PDFKit document (`_pdfMakePages`): the only
  // place word positions exist after layout. Pinned version; the anchor tests fail if it goes.
  const kitDocument = (await output.getStream()) as { _pdfMakePages?: LaidOutPage[] };
  // oxlint-disable-next-line no-underscore-dangle -- pdfmake's own name for the pages.
  const pages = kitDocument._pdfMakePages ?? [];
  const pdf = Buffer.from(await output.getBuffer());
  return {
    pdf,
    pageCount: pages.length,
    pageWidth: letterPage.width,
    pageHeight: letterPage.height,
    anchors: options.anchors?.length ? findAnchors(pages, options.anchors) : [],
  };
}
