/*
 * Signature images as the API accepts them (CONTRACT finish): PNG or JPEG data URLs of at most
 * 500 KB. Uploads are checked here first, by their bytes as well as their type, so a wrong file
 * is refused before anything is sent.
 */

export const maxSignatureImageBytes = 500 * 1024;
export const signatureImageTypeMessage = 'The signature must be a PNG or JPEG image';
export const signatureImageSizeMessage = 'The signature image is too large (at most 500 KB)';

/** What the first bytes of a file say it is. */
export function sniffImageType(bytes: Uint8Array): 'image/png' | 'image/jpeg' | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((byte, i) => bytes[i] === byte)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

/** The message for an upload that cannot be a signature, or null when it can. */
export function checkSignatureUpload(size: number, bytes: Uint8Array): string | null {
  if (sniffImageType(bytes) === null) return signatureImageTypeMessage;
  if (size > maxSignatureImageBytes) return signatureImageSizeMessage;
  return null;
}

export function bytesToDataUrl(bytes: Uint8Array, type: string): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return `data:${type};base64,${btoa(binary)}`;
}

/** Handwriting-like faces every phone and desktop has, so no font is downloaded from anyone. */
export const scriptFontStack =
  '"Segoe Script", "Bradley Hand", "Snell Roundhand", "Brush Script MT", "Lucida Handwriting", "URW Chancery L", "Z003", cursive';

/** The font size that makes `measure(size)` fit `maxWidth`, starting from `start`, never below `min`. */
export function fitFontSize(
  measure: (size: number) => number,
  maxWidth: number,
  start: number,
  min = 16,
): number {
  let size = start;
  while (size > min && measure(size) > maxWidth) size -= 2;
  return size;
}

const scriptFont = (size: number) => `${size}px ${scriptFontStack}`;

/** A typed name drawn in the script face on a transparent canvas, as a PNG data URL. */
export function renderTypedSignature(
  text: string,
  { width = 600, height = 160, color = '#0f172a' } = {},
): string {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the signature');
  const size = fitFontSize(
    (candidate) => {
      context.font = scriptFont(candidate);
      return context.measureText(text).width;
    },
    width - 32,
    Math.round(height * 0.55),
  );
  context.font = scriptFont(size);
  context.fillStyle = color;
  context.textBaseline = 'middle';
  context.textAlign = 'center';
  context.fillText(text, width / 2, height / 2);
  return canvas.toDataURL('image/png');
}

/** Initials of a name: "Maria de la Cruz" → "MDC" (at most three letters). */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('')
    .slice(0, 3);
}

export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The area the strokes cover, with `margin` around it, kept inside the pad: a drawn signature is
 * cut to it, so it fills its field instead of sitting small in a corner of the pad's width.
 */
export function strokeBounds(
  strokes: readonly { x: number; y: number }[][],
  pad: { width: number; height: number },
  margin = 8,
): Bounds | null {
  const points = strokes.flat();
  if (points.length === 0) return null;
  const xs = points.map((point) => point.x);
  const ys = points.map((point) => point.y);
  const x = Math.max(0, Math.floor(Math.min(...xs) - margin));
  const y = Math.max(0, Math.floor(Math.min(...ys) - margin));
  const right = Math.min(pad.width, Math.ceil(Math.max(...xs) + margin));
  const bottom = Math.min(pad.height, Math.ceil(Math.max(...ys) + margin));
  return { x, y, width: Math.max(1, right - x), height: Math.max(1, bottom - y) };
}

/** The part of a canvas inside `bounds` (CSS pixels; the canvas drawn at `ratio`), as a PNG data URL. */
export function cropCanvas(canvas: HTMLCanvasElement, bounds: Bounds, ratio: number): string {
  const cropped = document.createElement('canvas');
  cropped.width = Math.round(bounds.width * ratio);
  cropped.height = Math.round(bounds.height * ratio);
  cropped
    .getContext('2d')
    ?.drawImage(
      canvas,
      bounds.x * ratio,
      bounds.y * ratio,
      cropped.width,
      cropped.height,
      0,
      0,
      cropped.width,
      cropped.height,
    );
  return cropped.toDataURL('image/png');
}

const tenth = (n: number) => Math.round(n * 10) / 10;

/**
 * The strokes of a drawn signature as evidence (vectorData): per stroke, its points with their
 * time in ms, to 0.1 px. Pen pressure is left out: with timing it would edge towards biometrics.
 */
export function strokeVectors(
  groups: readonly { points: readonly { x: number; y: number; time: number }[] }[],
): { x: number; y: number; time: number }[][] {
  return groups
    .map((group) =>
      group.points.map((point) => ({ x: tenth(point.x), y: tenth(point.y), time: Math.round(point.time) })),
    )
    .filter((stroke) => stroke.length > 0);
}
