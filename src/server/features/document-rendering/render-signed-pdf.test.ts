import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { PDF } from '@libpdf/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  enhancedSignatureFields,
  enhancedSignatureRecipients,
  enhancedSignatureRequests,
  enhancedSignatures,
} from '../../db/schema/signing';
import { AppError } from '../../lib/app-error';
import { createDiskFileStore } from '../../lib/disk-file-store';
import type { FileStore } from '../../lib/file-store';
import type { SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Caller, callerOf, organization } from '../leads/test-kit';
import { standardFontOf, winAnsiText } from './draw-placed-values';
import { renderSignedDocumentPdf, signatureRequestNotFoundMessage } from './render-signed-pdf';

const dir = mkdtempSync(path.join(tmpdir(), 'signed-pdf-'));
let counter = 0;
let t: TestApp;
let call: Caller;
let owner: SignedIn;
let other: SignedIn;
let store: FileStore;

beforeAll(async () => {
  t = await createTestApp();
  call = callerOf(t);
  owner = await organization(t);
  other = await organization(t);
  store = createDiskFileStore(t.filesDir);
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

function pdfFile(pdf: Buffer): string {
  const file = path.join(dir, `doc-${++counter}.pdf`);
  writeFileSync(file, pdf);
  return file;
}
const run = (tool: string, pdf: Buffer, ...args: string[]) =>
  execFileSync(tool, [...args, pdfFile(pdf), ...(tool === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' });
const pdfText = (pdf: Buffer) => run('pdftotext', pdf, '-layout');
const pageCount = (pdf: Buffer) => Number(/Pages:\s+(\d+)/.exec(run('pdfinfo', pdf))?.[1]);

/** Dark pixels of a square of page 1 (points from the top-left) as poppler paints it at 72 dpi. */
function inkIn(pdf: Buffer, square: { x: number; y: number; size: number }): number {
  const area = ['-x', square.x, '-y', square.y, '-W', square.size, '-H', square.size].map(String);
  const pgm = execFileSync('pdftoppm', ['-gray', '-r', '72', '-f', '1', '-l', '1', ...area, pdfFile(pdf)]);
  const pixels = pgm.subarray(pgm.length - square.size * square.size);
  return pixels.filter((value) => value < 128).length;
}

interface Word {
  page: number;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
  text: string;
}
/** Words with their boxes, top-left origin of the displayed page (what pdftotext -bbox reports). */
function pdfWords(pdf: Buffer): Word[] {
  const words: Word[] = [];
  let page = 0;
  for (const line of run('pdftotext', pdf, '-bbox').split('\n')) {
    if (line.includes('<page ')) page++;
    const m = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/.exec(line);
    if (m) words.push({ page, xMin: +m[1], yMin: +m[2], xMax: +m[3], yMax: +m[4], text: m[5] });
  }
  return words;
}
const wordOf = (pdf: Buffer, text: string) => pdfWords(pdf).find((w) => w.text === text);

/** pdfimages -list rows: page, width, height, type, x-ppi, y-ppi. */
function pdfImages(pdf: Buffer) {
  return run('pdfimages', pdf, '-list')
    .split('\n')
    .slice(2)
    .filter((line) => line.trim())
    .map((line) => {
      const c = line.trim().split(/\s+/);
      return {
        page: +c[0],
        width: +c[3],
        height: +c[4],
        type: c[2],
        encoding: c[8],
        xPpi: +c[12],
        yPpi: +c[13],
      };
    });
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

/** A real RGBA PNG (what signature_pad produces: ink on transparency), `w`×`h` pixels. */
function signaturePng(w: number, h: number): string {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc(h * (1 + w * 4));
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const at = y * (1 + w * 4) + 1 + x * 4;
      raw.set([20, 30, 120, x === y * 2 || x === y * 2 + 1 ? 255 : 0], at);
    }
  }
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** A real 16×16 baseline JPEG (CPython's imghdr test image): an uploaded signature. */
const uploadedJpeg = `data:image/jpeg;base64,/9j/4AAQSkZJRgABAQEAAQABAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/2wBDAQMDAwQDBAgEBAgQCwkLEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBD/wAARCAAQABADASIAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAABwQF/8QAJBAAAQQBBAICAwAAAAAAAAAAAQIDBAYFBwgSExEiABQJMTL/xAAVAQEBAAAAAAAAAAAAAAAAAAAABv/EACMRAAECBQMFAAAAAAAAAAAAAAECEQMEBQYhABIxFRZhgeH/2gAMAwEAAhEDEQA/ABSm0mobc8HmExLUlRzzEWPkJWW+ulrsaUVAseUgslSlH9LKuPryIKuWPZdskzXmm3fX5m2nF4GlVxx/HOpx4ks51+MiU/Iaad7UcUo4tILoS4kqcWkezS0hO/HvuRp0rO6hWnWO1UisZVuFi4GFeyEpmGepa5S5SWVPuciFKRFLgSrwetnyPIB+Vb4N9mKhQMzo5po9XLdDs9d6ZVix2VEhiL9kuNPxw2gEKcDQ/rs8AuA8VAe0vdl7VOYn+27flGAUgmITjbhSmCg3BYlyeWDkMolvw4KOp1KM6iCNvngZHwetf//Z`;

/** A letter-size PDF of `pages` pages, each with a line of text; `rotateLast` turns the last one 90°. */
async function plainPdf(pages: number, rotateLast = false) {
  const pdf = PDF.create();
  for (let i = 0; i < pages; i++) {
    const page = pdf.addPage({ width: 612, height: 792 });
    page.drawText(`Page ${i + 1} of the fee agreement`, { x: 72, y: 720, size: 12 });
    if (rotateLast && i === pages - 1) page.setRotation(90);
  }
  return Buffer.from(await pdf.save());
}

async function uploadDocument(who: SignedIn, bytes: Buffer, name: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/document-instances/upload?name=${encodeURIComponent(name)}`,
    headers: { 'content-type': 'application/pdf', cookie: who.cookie },
    payload: bytes,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

interface FieldSeed {
  fieldType: (typeof enhancedSignatureFields.$inferInsert)['fieldType'];
  page?: number;
  xPosition: number;
  yPosition: number;
  width?: number;
  height?: number;
  fontSize?: number;
  fontFamily?: string;
  /** The stored value; no value → the field stays unsigned. */
  value?: { signatureType: (typeof enhancedSignatures.$inferInsert)['signatureType']; data: string };
  signer?: number;
}

const signingTime = new Date('2026-11-20T17:05:42Z');

/** A request on a document with two recipients and the given fields and values, written directly. */
async function seedRequest(who: SignedIn, documentInstanceId: string, fields: FieldSeed[]) {
  const orgId = who.user.organizationId;
  const [request] = await t.db
    .insert(enhancedSignatureRequests)
    .values({
      organizationId: orgId,
      documentInstanceId,
      title: 'Fee agreement',
      documentHash: 'a'.repeat(64),
    })
    .returning();
  const recipients = await t.db
    .insert(enhancedSignatureRecipients)
    .values(
      ['Ann Claimant', 'Bob Heir'].map((name, index) => ({
        organizationId: orgId,
        signatureRequestId: request.id,
        name,
        email: `${name.split(' ')[0].toLowerCase()}@example.com`,
        signatureOrder: index + 1,
        accessToken: randomBytes(32).toString('hex'),
        status: 'signed' as const,
      })),
    )
    .returning();
  for (const seed of fields) {
    const recipient = recipients[seed.signer ?? 0];
    const [field] = await t.db
      .insert(enhancedSignatureFields)
      .values({
        organizationId: orgId,
        signatureRequestId: request.id,
        recipientId: recipient.id,
        fieldName: `${seed.fieldType} field`,
        fieldType: seed.fieldType,
        page: seed.page ?? 1,
        xPosition: seed.xPosition,
        yPosition: seed.yPosition,
        width: seed.width ?? 150,
        height: seed.height ?? 50,
        fontSize: seed.fontSize ?? 12,
        fontFamily: seed.fontFamily ?? 'Arial',
      })
      .returning();
    if (!seed.value) continue;
    await t.db.insert(enhancedSignatures).values({
      organizationId: orgId,
      signatureRequestId: request.id,
      recipientId: recipient.id,
      fieldId: field.id,
      signatureType: seed.value.signatureType,
      signatureData: seed.value.data,
      cryptographicHash: 'b'.repeat(64),
      ipAddress: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (iPhone)',
      signingTime,
    });
  }
  return request.id;
}

const render = (who: SignedIn, requestId: string) =>
  renderSignedDocumentPdf(t.db, who.user.organizationId, requestId, store);

describe('the signed copy of an uploaded document', () => {
  let original: Buffer;
  let signed: Buffer;
  let requestId: string;

  beforeAll(async () => {
    original = await plainPdf(2);
    const documentId = await uploadDocument(owner, original, 'Fee agreement');
    requestId = await seedRequest(owner, documentId, [
      {
        fieldType: 'signature',
        xPosition: 72,
        yPosition: 500,
        value: { signatureType: 'drawn', data: signaturePng(40, 20) },
      },
      {
        fieldType: 'signature',
        xPosition: 330,
        yPosition: 500,
        signer: 1,
        value: { signatureType: 'typed', data: 'Bob Q. Heir' },
      },
      {
        fieldType: 'date',
        xPosition: 72,
        yPosition: 600,
        width: 120,
        height: 20,
        value: { signatureType: 'electronic', data: '2026-11-20' },
      },
      {
        fieldType: 'text',
        page: 2,
        xPosition: 100,
        yPosition: 200,
        width: 200,
        height: 24,
        fontSize: 14,
        fontFamily: 'Times New Roman',
        value: { signatureType: 'electronic', data: 'Parcel 12-34' },
      },
      {
        fieldType: 'dropdown',
        page: 2,
        xPosition: 100,
        yPosition: 260,
        width: 160,
        height: 20,
        value: { signatureType: 'electronic', data: 'Heir' },
      },
      {
        fieldType: 'radio',
        page: 2,
        xPosition: 100,
        yPosition: 300,
        width: 160,
        height: 20,
        value: { signatureType: 'electronic', data: 'Wire' },
      },
      {
        fieldType: 'checkbox',
        page: 2,
        xPosition: 100,
        yPosition: 340,
        width: 20,
        height: 20,
        value: { signatureType: 'electronic', data: 'true' },
      },
      // Left unsigned: nothing of it may appear.
      { fieldType: 'initial', page: 2, xPosition: 400, yPosition: 400, width: 60, height: 30 },
    ]);
    signed = await render(owner, requestId);
  });

  it('keeps the pages and the original bytes (an incremental update), and adds the values', async () => {
    expect(pageCount(signed)).toBe(pageCount(original));
    expect(signed.subarray(0, original.length).equals(original)).toBe(true);
    expect(signed.length).toBeGreaterThan(original.length);
    const text = pdfText(signed);
    expect(text).toContain('Page 1 of the fee agreement');
    expect(text).toContain('Bob Q. Heir');
    expect(text).toContain('2026-11-20');
    expect(text).toContain('Parcel 12-34');
    expect(text).toContain('Heir');
    expect(text).toContain('Wire');
  });

  it('draws typed values inside their boxes (page points from the top-left)', () => {
    // "Q." is only in the typed signature ("Bob" is in its signed-by line too).
    const name = pdfWords(signed).filter((w) => w.page === 1 && w.text === 'Q.');
    expect(name).toHaveLength(1);
    expect(name[0].xMin).toBeGreaterThanOrEqual(330);
    expect(name[0].yMin).toBeGreaterThanOrEqual(500);
    expect(name[0].yMax).toBeLessThanOrEqual(550);
    const parcel = wordOf(signed, 'Parcel');
    expect(parcel).toMatchObject({ page: 2 });
    expect(parcel!.xMin).toBeGreaterThanOrEqual(100);
    expect(parcel!.yMin).toBeGreaterThanOrEqual(200);
    expect(parcel!.yMax).toBeLessThanOrEqual(224);
    // 14 pt as the field asks (word height in pdftotext ≈ the font size).
    expect(parcel!.yMax - parcel!.yMin).toBeGreaterThan(12);
  });

  it('embeds a drawn signature as an image fitted in its box with its aspect ratio', () => {
    const images = pdfImages(signed);
    const image = images.find((i) => i.type === 'image');
    expect(image).toMatchObject({ page: 1, width: 40, height: 20 });
    // 40×20 px in a 150×50 box → 100×50 pt: the same resolution both ways (no stretching).
    expect(image!.xPpi).toBe(image!.yPpi);
    expect(image!.xPpi).toBeCloseTo((40 / 100) * 72, 0);
    // The transparency of the ink is kept as a soft mask.
    expect(images.some((i) => i.type === 'smask')).toBe(true);
  });

  it('writes "Signed by <name> · <UTC time>" under each signature', () => {
    const text = pdfText(signed);
    expect(text).toContain('Signed by Ann Claimant · 2026-11-20 17:05 UTC');
    expect(text).toContain('Signed by Bob Heir · 2026-11-20 17:05 UTC');
    const line = pdfWords(signed).filter((w) => w.text === 'Signed' && w.page === 1);
    expect(line).toHaveLength(2);
    for (const word of line) expect(word.yMin).toBeGreaterThanOrEqual(550);
  });

  it('is the same bytes every time (a pure function of the stored rows)', async () => {
    expect((await render(owner, requestId)).equals(signed)).toBe(true);
    expect(run('pdfinfo', signed)).toMatch(/ModDate:.*2026/);
  });

  it('embeds an uploaded JPEG as it is (no re-encoding), square in a wide box', async () => {
    const documentId = await uploadDocument(owner, await plainPdf(1), 'Uploaded signature');
    const jpegRequest = await seedRequest(owner, documentId, [
      {
        fieldType: 'initial',
        xPosition: 72,
        yPosition: 100,
        width: 150,
        height: 50,
        value: { signatureType: 'uploaded', data: uploadedJpeg },
      },
    ]);
    const [image] = pdfImages(await render(owner, jpegRequest));
    expect(image).toMatchObject({ page: 1, width: 16, height: 16, type: 'image', encoding: 'jpeg' });
    // 16 px in 50 pt both ways: fitted to the box's height, not stretched to its width.
    expect(image.xPpi).toBe(image.yPpi);
    expect(image.xPpi).toBeCloseTo((16 / 50) * 72, 0);
  });

  it('draws a checked box as a tick and an unchecked one as nothing', async () => {
    const documentId = await uploadDocument(owner, await plainPdf(1), 'Checkbox form');
    const box = (data: string) =>
      seedRequest(owner, documentId, [
        {
          fieldType: 'checkbox',
          xPosition: 100,
          yPosition: 100,
          width: 20,
          height: 20,
          value: { signatureType: 'electronic', data },
        },
      ]);
    const checked = await render(owner, await box('true'));
    const unchecked = await render(owner, await box('false'));
    expect(inkIn(checked, { x: 100, y: 100, size: 20 })).toBeGreaterThan(20);
    expect(inkIn(unchecked, { x: 100, y: 100, size: 20 })).toBe(0);
    expect(pdfText(checked)).toBe(pdfText(unchecked));
  });
});

describe('requests without signatures, other pages and other organizations', () => {
  it('gives the document bytes unchanged when nothing is signed yet', async () => {
    const original = await plainPdf(1);
    const documentId = await uploadDocument(owner, original, 'Unsigned');
    const requestId = await seedRequest(owner, documentId, [
      { fieldType: 'signature', xPosition: 72, yPosition: 500 },
    ]);
    expect((await render(owner, requestId)).equals(original)).toBe(true);
  });

  it('places values on a rotated page where the signer saw the box', async () => {
    const documentId = await uploadDocument(owner, await plainPdf(1, true), 'Landscape schedule');
    // Displayed 792 wide × 612 high: a box near the displayed bottom-right corner.
    const requestId = await seedRequest(owner, documentId, [
      {
        fieldType: 'text',
        xPosition: 600,
        yPosition: 550,
        width: 150,
        height: 30,
        value: { signatureType: 'electronic', data: 'Rotated' },
      },
    ]);
    const word = wordOf(await render(owner, requestId), 'Rotated');
    expect(word).toBeDefined();
    expect(word!.xMin).toBeGreaterThanOrEqual(600);
    expect(word!.xMax).toBeLessThanOrEqual(750);
    expect(word!.yMin).toBeGreaterThanOrEqual(550);
    expect(word!.yMax).toBeLessThanOrEqual(580);
  });

  it('renders a content document as its PDF route does, with the values, pages unchanged', async () => {
    const created = await call('POST', '/api/document-instances', owner.cookie, {
      name: 'Written agreement',
      content: JSON.stringify({
        type: 'doc',
        content: [
          { type: 'paragraph', content: [{ type: 'text', text: 'The claimant agrees to the fee.' }] },
        ],
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const documentId = created.json().id;
    const route = await call('GET', `/api/document-instances/${documentId}/pdf`, owner.cookie);
    const requestId = await seedRequest(owner, documentId, [
      {
        fieldType: 'signature',
        xPosition: 72,
        yPosition: 300,
        value: { signatureType: 'typed', data: 'Ann Claimant' },
      },
    ]);
    const signed = await render(owner, requestId);
    expect(pageCount(signed)).toBe(pageCount(route.rawPayload));
    const text = pdfText(signed);
    expect(text).toContain('The claimant agrees to the fee.');
    expect(text).toContain('Ann Claimant');
    // Rendered with the document's own creation date: a second rendering gives the same bytes.
    expect((await render(owner, requestId)).equals(signed)).toBe(true);
  });

  it("answers 404 for another organization's request and for ids that are not ids", async () => {
    const documentId = await uploadDocument(owner, await plainPdf(1), 'Private');
    const requestId = await seedRequest(owner, documentId, []);
    for (const [who, id] of [
      [other, requestId],
      [owner, 'not-a-uuid'],
      [owner, '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const error = await render(who, id).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ statusCode: 404, message: signatureRequestNotFoundMessage });
    }
  });
});

describe('fonts and characters', () => {
  it('maps font families to the standard fonts', () => {
    expect(standardFontOf('Times New Roman')).toBe('Times-Roman');
    expect(standardFontOf('Courier New')).toBe('Courier');
    expect(standardFontOf('Arial')).toBe('Helvetica');
    expect(standardFontOf('Open Sans')).toBe('Helvetica');
  });

  it('keeps WinAnsi letters, plains accents it cannot encode and never fails on a name', () => {
    expect(winAnsiText('José Müller')).toBe('José Müller');
    expect(winAnsiText('Łukasz Dąbrowski')).toBe('?ukasz Dabrowski');
    expect(winAnsiText('王 Ann')).toBe('? Ann');
  });
});
