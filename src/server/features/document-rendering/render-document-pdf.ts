import pdfmake from 'pdfmake';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { DocumentJson } from '../../../common/documents/document-content';

/*
 * SCAFFOLD (issue 16, helper "render" replaces the internals, keeps the signature): a document's
 * editor JSON to a PDF with pdfmake and the Roboto shipped in pdfmake/fonts.
 */

export interface RenderDocumentInput {
  doc: DocumentJson;
  title: string;
  organization: { name: string; logo?: { data: Buffer; contentType: string } | null; color?: string | null };
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

const fontsDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('pdfmake/package.json')),
  'fonts',
  'Roboto',
);
pdfmake.setFonts({
  Roboto: {
    normal: path.join(fontsDir, 'Roboto-Regular.ttf'),
    bold: path.join(fontsDir, 'Roboto-Medium.ttf'),
    italics: path.join(fontsDir, 'Roboto-Italic.ttf'),
    bolditalics: path.join(fontsDir, 'Roboto-MediumItalic.ttf'),
  },
});
// Nothing a document says may make the server fetch a URL or read a local file.
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((file: string) => file.startsWith(fontsDir));

export async function renderDocumentPdf(
  input: RenderDocumentInput,
  _options: { anchors?: string[] } = {},
): Promise<RenderedDocument> {
  const definition: TDocumentDefinitions = {
    pageSize: 'LETTER',
    info: { title: input.title },
    content: (input.doc.content ?? []).map((block) => ({ text: plain(block) }) as Content),
  };
  const pdf = Buffer.from(await pdfmake.createPdf(definition).getBuffer());
  const pageCount = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
  return { pdf, pageCount, pageWidth: 612, pageHeight: 792, anchors: [] };
}

function plain(node: DocumentJson): string {
  if (node.type === 'text') return node.text ?? '';
  if (node.type === 'mergeField') return '';
  return (node.content ?? []).map(plain).join(node.type === 'doc' ? '\n' : '');
}
