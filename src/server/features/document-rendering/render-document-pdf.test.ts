import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { type DocumentJson, parseDocumentContent } from '../../../common/documents/document-content';
import { accentColorOf } from './accent-color';
import { renderDocumentPdf } from './render-document-pdf';

const dir = mkdtempSync(path.join(tmpdir(), 'render-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let counter = 0;

function pdfFile(pdf: Buffer): string {
  const file = path.join(dir, `doc-${++counter}.pdf`);
  writeFileSync(file, pdf);
  return file;
}
const pdfText = (pdf: Buffer) =>
  execFileSync('pdftotext', ['-layout', pdfFile(pdf), '-'], { encoding: 'utf8' });
const pdfInfo = (pdf: Buffer) => execFileSync('pdfinfo', [pdfFile(pdf)], { encoding: 'utf8' });

interface Word {
  page: number;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
  text: string;
}
function pdfWords(pdf: Buffer): Word[] {
  const html = execFileSync('pdftotext', ['-bbox', pdfFile(pdf), '-'], { encoding: 'utf8' });
  const words: Word[] = [];
  let page = 0;
  for (const line of html.split('\n')) {
    if (line.includes('<page ')) page++;
    const m = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/.exec(line);
    if (m) words.push({ page, xMin: +m[1], yMin: +m[2], xMax: +m[3], yMax: +m[4], text: m[5] });
  }
  return words;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

/** A real (decodable) 8×8 RGB PNG. */
function realPng(): Buffer {
  const ihdr = Buffer.from([0, 0, 0, 8, 0, 0, 0, 8, 8, 2, 0, 0, 0]);
  const raw = Buffer.alloc(8 * (1 + 8 * 3), 0x40);
  for (let y = 0; y < 8; y++) raw[y * 25] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const text = (value: string, marks?: string[]): DocumentJson => ({
  type: 'text',
  text: value,
  ...(marks ? { marks: marks.map((type) => ({ type })) } : {}),
});
const p = (...content: DocumentJson[]): DocumentJson => ({ type: 'paragraph', content });
const cell = (type: 'tableHeader' | 'tableCell', value: string): DocumentJson => ({
  type,
  content: [p(text(value))],
});

const organization = { name: 'Surplus Partners LLC', color: 'blue' };

const richDoc: DocumentJson = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 1 }, content: [text('Surplus Recovery Fee Agreement')] },
    { type: 'heading', attrs: { level: 3 }, content: [text('Parties and terms')] },
    p(
      text('This agreement is between '),
      { type: 'mergeField', attrs: { key: 'client.fullName', label: 'Client full name' } },
      text(' and the locator. '),
      text('Bold words', ['bold']),
      text(' and '),
      text('struck words', ['strike', 'underline']),
      { type: 'hardBreak' },
      text('Typed token {{deal.caseNumber}} stays blank.'),
    ),
    { type: 'paragraph', attrs: { textAlign: 'center' }, content: [text('Centered clause')] },
    {
      type: 'bulletList',
      content: [
        { type: 'listItem', content: [p(text('First bullet item'))] },
        {
          type: 'listItem',
          content: [
            p(text('Second bullet item')),
            {
              type: 'orderedList',
              attrs: { start: 1 },
              content: [{ type: 'listItem', content: [p(text('Nested numbered item'))] }],
            },
          ],
        },
      ],
    },
    {
      type: 'table',
      content: [
        { type: 'tableRow', content: [cell('tableHeader', 'Item'), cell('tableHeader', 'Amount')] },
        { type: 'tableRow', content: [cell('tableCell', 'Surplus'), cell('tableCell', '$42,000.00')] },
        {
          type: 'tableRow',
          content: [{ type: 'tableCell', attrs: { colspan: 2 }, content: [p(text('Spanning note cell'))] }],
        },
      ],
    },
    { type: 'blockquote', content: [p(text('Quoted statute text'))] },
    { type: 'horizontalRule' },
    p(text('Before the break')),
    { type: 'pageBreak' },
    p(text('After the break')),
  ],
};

const near = (a: number, b: number) => Math.abs(a - b) < 1.5;

describe('renderDocumentPdf', () => {
  it('draws headings, marks, lists, tables, quotes and page numbers, and blanks unmerged fields', async () => {
    const result = await renderDocumentPdf({ doc: richDoc, title: 'Fee agreement — Jane Doe', organization });
    if (process.env.RENDER_SAMPLE) writeFileSync(process.env.RENDER_SAMPLE, result.pdf);
    expect(result.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(result).toMatchObject({ pageCount: 2, pageWidth: 612, pageHeight: 792 });
    const out = pdfText(result.pdf);
    for (const expected of [
      'Surplus Recovery Fee Agreement',
      'Parties and terms',
      'This agreement is between ________ and the locator.',
      'Bold words',
      'Typed token ________ stays blank.',
      'Centered clause',
      'First bullet item',
      'Nested numbered item',
      'Item',
      '$42,000.00',
      'Spanning note cell',
      'Quoted statute text',
      'Page 1 of 2',
      'Page 2 of 2',
      'Surplus Partners LLC',
    ])
      expect(out).toContain(expected);
    expect(out).not.toContain('{{');
    expect(out).toMatch(/1\.\s+Nested numbered item/);
    // The page break: what follows it is on page 2.
    const [page1, page2] = out.split('\f');
    expect(page1).toContain('Before the break');
    expect(page2).toContain('After the break');
    const info = pdfInfo(result.pdf);
    expect(info).toMatch(/Title:\s+Fee agreement — Jane Doe/);
    expect(info).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
  });

  it('reads plain text with {{tokens}} and never prints the raw token', async () => {
    const doc = parseDocumentContent('Dear {{client.fullName}},\n\nYour claim {{deal.caseNumber}} is filed.');
    const out = pdfText((await renderDocumentPdf({ doc, title: 'Letter', organization })).pdf);
    expect(out).toContain('Dear ________,');
    expect(out).toContain('Your claim ________ is filed.');
    expect(out).not.toContain('{{');
  });

  it('a trailing page break adds no blank page; a long document flows over pages', async () => {
    const short = await renderDocumentPdf({
      doc: { type: 'doc', content: [p(text('Only page')), { type: 'pageBreak' }] },
      title: 't',
      organization,
    });
    expect(short.pageCount).toBe(1);
    const long = await renderDocumentPdf({
      doc: {
        type: 'doc',
        content: Array.from({ length: 120 }, (_, i) => p(text(`Clause number ${i + 1} of the agreement.`))),
      },
      title: 't',
      organization,
    });
    expect(long.pageCount).toBeGreaterThan(2);
    expect(pdfText(long.pdf)).toContain(`Page ${long.pageCount} of ${long.pageCount}`);
  });

  it('embeds a PNG logo; a logo that does not decode or is another type is left out', async () => {
    const doc: DocumentJson = { type: 'doc', content: [p(text('With a logo'))] };
    const withLogo = await renderDocumentPdf({
      doc,
      title: 't',
      organization: { ...organization, logo: { data: realPng(), contentType: 'image/png' } },
    });
    expect(withLogo.pdf.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
    expect(pdfText(withLogo.pdf)).toContain('With a logo');

    const broken = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(40, 7),
    ]);
    const withBroken = await renderDocumentPdf({
      doc,
      title: 't',
      organization: { ...organization, logo: { data: broken, contentType: 'image/png' } },
    });
    expect(pdfText(withBroken.pdf)).toContain('With a logo');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const withSvg = await renderDocumentPdf({
      doc,
      title: 't',
      organization: { ...organization, logo: { data: svg, contentType: 'image/svg+xml' } },
    });
    expect(withSvg.pdf.toString('latin1')).not.toMatch(/\/Subtype\s*\/Image/);
  });

  it('maps colour schemes to hex accents', () => {
    expect(accentColorOf('blue')).toBe('#2563eb');
    expect(accentColorOf('#AABBCC')).toBe('#aabbcc');
    expect(accentColorOf('nonsense')).toBe('#0f6b78');
    expect(accentColorOf(null)).toBe('#0f6b78');
  });

  it('reports where anchors are drawn, matching pdftotext -bbox', async () => {
    const doc: DocumentJson = {
      type: 'doc',
      content: [
        p(text('Intro paragraph.')),
        p(text('Please sign here. '), text('Client Signature:', ['bold']), text(' ____')),
        {
          type: 'table',
          content: [
            { type: 'tableRow', content: [cell('tableCell', 'Left'), cell('tableCell', 'Locator Initials')] },
          ],
        },
        { type: 'pageBreak' },
        { type: 'paragraph', attrs: { textAlign: 'right' }, content: [text('Date Signed')] },
      ],
    };
    const result = await renderDocumentPdf(
      { doc, title: 't', organization },
      { anchors: ['Client Signature:', 'Initials', 'Date Signed', 'Not present'] },
    );
    expect(result.anchors.map((a) => [a.text, a.pageNumber])).toEqual([
      ['Client Signature:', 1],
      ['Initials', 1],
      ['Date Signed', 2],
    ]);
    const words = pdfWords(result.pdf);
    for (const anchor of result.anchors) {
      const first = anchor.text.split(' ')[0];
      const last = anchor.text.split(' ').at(-1);
      const start = words.find(
        (w) => w.page === anchor.pageNumber && w.text === first && near(w.xMin, anchor.x),
      );
      expect(start, `${anchor.text} starts at x=${anchor.x}`).toBeDefined();
      expect(near(start?.yMin ?? -1, anchor.y)).toBe(true);
      const end = words.find(
        (w) => w.page === anchor.pageNumber && w.text === last && near(w.yMin, anchor.y),
      );
      expect(near(end?.xMax ?? -1, anchor.x + anchor.width), `${anchor.text} ends`).toBe(true);
      expect(anchor.height).toBeGreaterThan(10);
      expect(anchor.height).toBeLessThan(20);
    }
  });
});
