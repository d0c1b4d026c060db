import { describe, expect, it } from 'vitest';
import {
  bytesToDataUrl,
  checkSignatureUpload,
  fitFontSize,
  initialsOf,
  maxSignatureImageBytes,
  signatureImageSizeMessage,
  signatureImageTypeMessage,
  sniffImageType,
  strokeBounds,
  strokeVectors,
} from './signature-image';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);
const gif = new TextEncoder().encode('GIF89a');

describe('uploaded signatures', () => {
  it('knows PNG and JPEG by their bytes, whatever the file is called', () => {
    expect(sniffImageType(png)).toBe('image/png');
    expect(sniffImageType(jpeg)).toBe('image/jpeg');
    expect(sniffImageType(gif)).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });

  it('refuses other files and images over 500 KB with the API’s messages', () => {
    expect(checkSignatureUpload(gif.length, gif)).toBe(signatureImageTypeMessage);
    expect(checkSignatureUpload(maxSignatureImageBytes + 1, png)).toBe(signatureImageSizeMessage);
    expect(checkSignatureUpload(maxSignatureImageBytes, jpeg)).toBeNull();
  });

  it('turns bytes into a data URL', () => {
    expect(bytesToDataUrl(jpeg, 'image/jpeg')).toBe('data:image/jpeg;base64,/9j/4A==');
  });
});

describe('typed and drawn signatures', () => {
  it('shrinks the font until the name fits, down to a minimum', () => {
    expect(fitFontSize((size) => size * 10, 500, 88)).toBe(50);
    expect(fitFontSize((size) => size * 100, 500, 88)).toBe(16);
  });

  it('takes up to three initials', () => {
    expect(initialsOf('Maria de la Cruz')).toBe('MDL');
    expect(initialsOf('  ada  lovelace ')).toBe('AL');
  });

  it('keeps each stroke’s points with their time, without pressure, dropping empty strokes', () => {
    expect(
      strokeVectors([
        { points: [{ x: 1.234, y: 5.678, time: 1000.4, pressure: 0.5 } as never] },
        { points: [] },
      ]),
    ).toEqual([[{ x: 1.2, y: 5.7, time: 1000 }]]);
  });
});

describe('cutting a drawn signature to its strokes', () => {
  it('covers every point with a margin, inside the pad', () => {
    const strokes = [
      [
        { x: 20, y: 30 },
        { x: 120, y: 60 },
      ],
      [{ x: 200.5, y: 90.2 }],
    ];
    expect(strokeBounds(strokes, { width: 358, height: 176 })).toEqual({
      x: 12,
      y: 22,
      width: 197,
      height: 77,
    });
    expect(strokeBounds([[{ x: 2, y: 170 }]], { width: 358, height: 176 })).toEqual({
      x: 0,
      y: 162,
      width: 10,
      height: 14,
    });
    expect(strokeBounds([], { width: 358, height: 176 })).toBeNull();
  });
});
