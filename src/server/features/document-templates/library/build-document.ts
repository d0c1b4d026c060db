import type { JSONContent } from '@tiptap/core';
import type { DocumentJson } from '../../../../common/documents/document-content';
import { standardMergeFields } from '../../../../common/merge-fields';
import { surplusCaseFields } from '../../surplus/surplus-fields';
import type { LibrarySigner, LibraryTemplateField } from './library-template';

/*
 * Small builders so the library's templates read like the documents they are:
 * `p('This Agreement is made on ', field('date.today'), ' between …')`. They produce the editor's
 * JSON (src/common/documents/editor-extensions.ts); template-library.test.ts checks every result
 * against the editor's schema.
 */

type Mark = 'bold' | 'italic' | 'underline';
/** Inline content: plain strings become text, nodes (merge fields, marked text) pass through. */
export type Inline = string | JSONContent;

/** The sentence every sample starts with. */
export const attorneyNote = 'Sample — have your attorney review for your state before use.';

const labels = new Map<string, string>([
  ...standardMergeFields.map((f) => [f.key, f.label] as const),
  ...surplusCaseFields.map((f) => [`deal.${f.fieldKey}`, f.name] as const),
]);

/** A merge-field chip; its label is the catalogue's (the key itself for a key it lacks, which the test rejects). */
export function field(key: string): JSONContent {
  return { type: 'mergeField', attrs: { key, label: labels.get(key) ?? key } };
}

function marked(text: string, marks: Mark[]): JSONContent {
  return { type: 'text', text, marks: marks.map((type) => ({ type })) };
}
export const b = (text: string) => marked(text, ['bold']);
export const i = (text: string) => marked(text, ['italic']);
export const u = (text: string) => marked(text, ['underline']);

/** A blank line to write on by hand. */
export const blank = (width = 28) => '_'.repeat(width);

function inline(parts: Inline[]): JSONContent[] {
  // ProseMirror rejects empty text nodes.
  return parts
    .filter((part) => part !== '')
    .map((part) => (typeof part === 'string' ? { type: 'text', text: part } : part));
}

export function p(...parts: Inline[]): JSONContent {
  const content = inline(parts);
  return content.length > 0 ? { type: 'paragraph', content } : { type: 'paragraph' };
}

/** A paragraph aligned centre or right (TextAlign). */
export function aligned(textAlign: 'center' | 'right', ...parts: Inline[]): JSONContent {
  return { ...p(...parts), attrs: { textAlign } };
}

/** Lines of one paragraph separated by hard breaks (addresses, signature blocks). */
export function lines(...rows: (Inline | Inline[])[]): JSONContent {
  const content: JSONContent[] = [];
  rows.forEach((row, index) => {
    if (index > 0) content.push({ type: 'hardBreak' });
    content.push(...inline(Array.isArray(row) ? row : [row]));
  });
  return { type: 'paragraph', content };
}

export function h(level: 1 | 2 | 3, ...parts: Inline[]): JSONContent {
  return { type: 'heading', attrs: { level }, content: inline(parts) };
}

const listItem = (item: Inline | Inline[]): JSONContent => ({
  type: 'listItem',
  content: [p(...(Array.isArray(item) ? item : [item]))],
});

export function bullets(...items: (Inline | Inline[])[]): JSONContent {
  return { type: 'bulletList', content: items.map(listItem) };
}

export function numbered(...items: (Inline | Inline[])[]): JSONContent {
  return { type: 'orderedList', attrs: { start: 1 }, content: items.map(listItem) };
}

const cell = (type: 'tableCell' | 'tableHeader', value: Inline | Inline[]): JSONContent => ({
  type,
  content: [p(...(Array.isArray(value) ? value : [value]))],
});

/** A table with a header row; each row has as many cells as the header. */
export function table(header: Inline[], rows: (Inline | Inline[])[][]): JSONContent {
  return {
    type: 'table',
    content: [
      { type: 'tableRow', content: header.map((value) => cell('tableHeader', value)) },
      ...rows.map((row) => ({ type: 'tableRow', content: row.map((value) => cell('tableCell', value)) })),
    ],
  };
}

/** Two-column rows without a header: label and value (information sheets, deal terms). */
export function facts(rows: [Inline, Inline | Inline[]][]): JSONContent {
  return {
    type: 'table',
    content: rows.map(([label, value]) => ({
      type: 'tableRow',
      content: [cell('tableHeader', typeof label === 'string' ? b(label) : label), cell('tableCell', value)],
    })),
  };
}

export const pageBreak = (): JSONContent => ({ type: 'pageBreak' });

export interface SignatureLine {
  /** The signature field's anchor: the line's caption, unique in the document. */
  signatureAnchor: string;
  /** The date field's anchor, unique in the document. */
  dateAnchor: string;
  /** Who signs, as merge fields or text: printed under the line. */
  name: Inline[];
  /** Extra lines (title, company). */
  details?: Inline[][];
}

/** Room under a caption for the box anchored after it (the box's top is the caption's top). */
const signatureRoom = (): JSONContent => p();

/**
 * A caption a signature box is anchored to, alone on its line: the box sits after the caption and
 * reaches down into the blank line below it (signature boxes are 40 points high).
 */
export function signatureLine(anchor: string): JSONContent[] {
  return [p(b(`${anchor}:`)), signatureRoom()];
}

/**
 * One signer's block: the captions the signature and date boxes are anchored to (followed by
 * empty space, not underscores, since the box is drawn there), then the printed name.
 */
export function signatureBlock(signer: SignatureLine): JSONContent[] {
  // The blank line comes first: a document ending in an empty paragraph can spill onto a blank page.
  return [
    signatureRoom(),
    ...signatureLine(signer.signatureAnchor),
    lines(['Printed name: ', ...signer.name], ...(signer.details ?? [])),
    p(b(`${signer.dateAnchor}:`)),
  ];
}

/** A notary acknowledgment (individual), with the blanks a notary fills in by hand. */
export function notaryBlock(signerName: Inline[]): JSONContent[] {
  return [
    h(3, 'Notary acknowledgment'),
    lines(`State of ${blank(20)}`, `County of ${blank(20)}`),
    p(
      `On ${blank(12)}, 20${blank(4)}, before me, the undersigned notary public, personally appeared `,
      ...signerName,
      ', proved to me on the basis of satisfactory evidence (type of identification: ',
      blank(20),
      ') to be the person whose name is subscribed to the foregoing instrument, and acknowledged that he or she signed it freely and voluntarily for the purposes stated in it.',
    ),
    lines(
      `Notary public signature: ${blank(30)}`,
      `Printed name: ${blank(30)}`,
      `My commission expires: ${blank(16)}      Commission number: ${blank(16)}`,
      '(Seal)',
    ),
  ];
}

export function doc(...blocks: (JSONContent | JSONContent[])[]): DocumentJson {
  return { type: 'doc', content: [p(i(attorneyNote)), ...blocks.flat()] };
}

/** The signature and date fields of one signatureBlock, anchored to its captions. */
export function signatureFields(
  signatureAnchor: string,
  dateAnchor: string,
  signer: LibrarySigner,
): LibraryTemplateField[] {
  return [
    {
      fieldName: signatureAnchor,
      fieldType: 'signature',
      signer,
      textAnchor: signatureAnchor,
      width: 200,
      height: 40,
    },
    { fieldName: dateAnchor, fieldType: 'date', signer, textAnchor: dateAnchor, width: 120, height: 24 },
  ];
}
