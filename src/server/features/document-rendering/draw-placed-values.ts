import {
  type PDFPage,
  PDF,
  type Standard14FontName,
  StandardFonts,
  measureText,
  ops,
  rgb,
} from '@libpdf/core';

/*
 * The stored values of a signature request drawn into its document's PDF (render-signed-pdf.ts
 * explains the copy). A module of its own so that libpdf loads with the first signed copy.
 */

/** One stored value with the box it belongs in (positions in PDF points from the page's top-left). */
export interface PlacedValue {
  fieldType: string;
  page: number;
  xPosition: number;
  yPosition: number;
  width: number;
  height: number;
  fontSize: number;
  fontFamily: string;
  signatureType: string;
  signatureData: string;
  signerName: string;
  signingTime: Date;
}

const signerLineColor = rgb(0.45, 0.45, 0.45);
const signerLineSize = 6;
const minFontSize = 5;

/** Draws every value on its page and appends the drawing as an incremental update. */
export async function drawValues(original: Buffer, values: PlacedValue[]): Promise<Buffer> {
  const pdf = await PDF.load(new Uint8Array(original));
  const pages = pdf.getPages();
  for (const value of values) {
    const page = pages[value.page - 1];
    // A field placed beyond the last page cannot be drawn anywhere honest; the placer refuses it.
    if (!page) continue;
    withTopLeftSpace(page, () => drawValue(pdf, page, value));
  }
  const lastSigning = values.reduce((last, v) => (v.signingTime > last ? v.signingTime : last), new Date(0));
  pdf.setModificationDate(lastSigning);
  return Buffer.from(await pdf.save({ incremental: true }));
}

/**
 * Runs `draw` in the page as the signer saw it: x right, y up, origin at the bottom-left of the
 * displayed (rotated, cropped) page. Field positions come from the viewer (pdf.js), which shows
 * /Rotate applied; one `cm` maps that space back to the page's own, whatever its rotation.
 */
function withTopLeftSpace(page: PDFPage, draw: () => void) {
  const box = page.getCropBox();
  const { width, height } = page;
  const matrices: Record<0 | 90 | 180 | 270, [number, number, number, number, number, number]> = {
    0: [1, 0, 0, 1, box.x, box.y],
    90: [0, 1, -1, 0, box.x + height, box.y],
    180: [-1, 0, 0, -1, box.x + width, box.y + height],
    270: [0, -1, 1, 0, box.x, box.y + width],
  };
  const [a, b, c, d, e, f] = matrices[page.rotation];
  page.drawOperators([ops.pushGraphicsState(), ops.concatMatrix(a, b, c, d, e, f)]);
  draw();
  page.drawOperators([ops.popGraphicsState()]);
}

function drawValue(pdf: PDF, page: PDFPage, value: PlacedValue) {
  const box = {
    x: value.xPosition,
    y: page.height - value.yPosition - value.height,
    width: value.width,
    height: value.height,
  };
  const font = standardFontOf(value.fontFamily);
  switch (value.fieldType) {
    case 'signature':
    case 'initial': {
      const image = imageOf(value.signatureData);
      if (image) drawImageFitted(pdf, page, image, box);
      else drawTextFitted(page, value.signatureData, font, value.fontSize, box);
      drawSignerLine(page, value, box);
      return;
    }
    case 'checkbox':
      if (value.signatureData === 'true') drawCheckMark(page, box);
      return;
    default:
      // date, text, dropdown, radio: the typed or chosen value as the signer entered it.
      drawTextFitted(page, value.signatureData, font, value.fontSize, box);
  }
}

type Box = { x: number; y: number; width: number; height: number };

/** PNG or JPEG bytes of a data URL (the only images the finish call stores), else null. */
function imageOf(data: string): Uint8Array | null {
  const match = /^data:image\/(?:png|jpeg);base64,([A-Za-z0-9+/=\s]+)$/.exec(data);
  return match ? new Uint8Array(Buffer.from(match[1], 'base64')) : null;
}

/** The image as large as the box allows, aspect ratio kept, centred. */
function drawImageFitted(pdf: PDF, page: PDFPage, bytes: Uint8Array, box: Box) {
  const image = pdf.embedImage(bytes);
  const scale = Math.min(box.width / image.width, box.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  page.drawImage(image, {
    x: box.x + (box.width - width) / 2,
    y: box.y + (box.height - height) / 2,
    width,
    height,
  });
}

/** One line in the field's font and size, smaller only when it would overflow the box; vertically centred. */
function drawTextFitted(page: PDFPage, raw: string, font: Standard14FontName, fontSize: number, box: Box) {
  const text = winAnsiText(raw);
  if (!text) return;
  const padding = 2;
  const room = Math.max(box.width - padding * 2, 1);
  let size = Math.min(fontSize, box.height);
  const width = measureText(text, font, size);
  if (width > room) size = Math.max(minFontSize, (size * room) / width);
  page.drawText(text, {
    x: box.x + padding,
    // Cap height of the standard fonts is about 0.7 of the size.
    y: box.y + (box.height - size * 0.7) / 2,
    font,
    size,
    color: rgb(0, 0, 0),
  });
}

/** "Signed by <name> · <UTC time>" just under a signature's box, small and grey. */
function drawSignerLine(page: PDFPage, value: PlacedValue, box: Box) {
  const text = winAnsiText(`Signed by ${value.signerName} · ${utcTime(value.signingTime)}`);
  page.drawText(text, {
    x: box.x,
    y: box.y - signerLineSize - 1,
    font: StandardFonts.Helvetica,
    size: signerLineSize,
    color: signerLineColor,
  });
}

/** A tick drawn with two strokes (no font needed), inside the box's largest centred square. */
function drawCheckMark(page: PDFPage, box: Box) {
  const side = Math.min(box.width, box.height) * 0.8;
  const left = box.x + (box.width - side) / 2;
  const bottom = box.y + (box.height - side) / 2;
  const thickness = Math.max(1, side / 8);
  const low = { x: left + side * 0.38, y: bottom + side * 0.1 };
  page.drawLine({
    start: { x: left + side * 0.05, y: bottom + side * 0.5 },
    end: low,
    thickness,
    lineCap: 'round',
  });
  page.drawLine({
    start: low,
    end: { x: left + side * 0.95, y: bottom + side * 0.9 },
    thickness,
    lineCap: 'round',
  });
}

/** Helvetica, Times or Courier by the field's font family (the standard fonts every reader has). */
export function standardFontOf(fontFamily: string): Standard14FontName {
  const family = fontFamily.toLowerCase();
  if (/times|serif|georgia|garamond/.test(family) && !family.includes('sans'))
    return StandardFonts.TimesRoman;
  if (/courier|mono/.test(family)) return StandardFonts.Courier;
  return StandardFonts.Helvetica;
}

/**
 * The standard fonts speak WinAnsi only: letters beyond it (a Polish ł, a CJK name) become their
 * closest plain Latin letter where Unicode has one, else "?", rather than failing the whole copy.
 */
export function winAnsiText(text: string): string {
  return [...text.replace(/[\r\n\t]+/g, ' ')]
    .map((char) => (isWinAnsi(char) ? char : plainLatin(char)))
    .join('')
    .trim();
}

const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || winAnsiExtras.has(char);
}

function plainLatin(char: string): string {
  const base = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return base && [...base].every(isWinAnsi) ? base : '?';
}

/** "2026-11-27 23:41 UTC": the signing time as the copy prints it, the same wherever it is rendered. */
function utcTime(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
