/*
 * Field boxes live in PDF points from the page's top-left corner (what the server stores); the
 * screen draws them in CSS pixels. `scale` is CSS pixels per point, as PdfPages reports it.
 * Everything stored is a whole number of points, kept inside the page and at least the spec's
 * minimum size (data-model §5: width ≥ 50, height ≥ 20; default 200 × 50).
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

export const defaultFieldSize: Size = { width: 200, height: 50 };
export const minFieldSize: Size = { width: 50, height: 20 };

export function toPoints(pixels: number, scale: number): number {
  return pixels / scale;
}

export function toPixels(points: number, scale: number): number {
  return points * scale;
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(Math.max(value, low), high);
}

/**
 * The box made valid for its page: whole points, at least the minimum size (unless the page itself
 * is smaller), no larger than the page, and moved back inside it.
 */
export function clampBox(box: Box, page: Size): Box {
  const pageWidth = Math.floor(page.width);
  const pageHeight = Math.floor(page.height);
  const width = clamp(Math.round(box.width), Math.min(minFieldSize.width, pageWidth), pageWidth);
  const height = clamp(Math.round(box.height), Math.min(minFieldSize.height, pageHeight), pageHeight);
  return {
    x: clamp(Math.round(box.x), 0, pageWidth - width),
    y: clamp(Math.round(box.y), 0, pageHeight - height),
    width,
    height,
  };
}

/** A new box of `size` centred on a point of the page (where it was dropped or tapped), in points. */
export function boxAt(center: Point, page: Size, size: Size = defaultFieldSize): Box {
  return clampBox(
    { x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height },
    page,
  );
}

/** The point under a pointer, from its offset in CSS pixels within the drawn page. */
export function pointFromPixels(offset: Point, scale: number): Point {
  return { x: toPoints(offset.x, scale), y: toPoints(offset.y, scale) };
}

/** Moves by a distance in points; the box stops at the page's edges. */
export function moveBox(box: Box, dx: number, dy: number, page: Size): Box {
  return clampBox({ ...box, x: box.x + dx, y: box.y + dy }, page);
}

/** Resizes from the bottom-right corner: the top-left stays, the box stays inside the page. */
export function resizeBox(box: Box, dw: number, dh: number, page: Size): Box {
  const width = clamp(Math.round(box.width + dw), minFieldSize.width, Math.floor(page.width) - box.x);
  const height = clamp(Math.round(box.height + dh), minFieldSize.height, Math.floor(page.height) - box.y);
  return clampBox({ ...box, width, height }, page);
}

/** Where a box is drawn over a page rendered at `scale`, as CSS pixel lengths. */
export function boxToPixels(
  box: Box,
  scale: number,
): { left: number; top: number; width: number; height: number } {
  return {
    left: toPixels(box.x, scale),
    top: toPixels(box.y, scale),
    width: toPixels(box.width, scale),
    height: toPixels(box.height, scale),
  };
}

/** Arrow keys move a box by 1 point, 10 with Shift (returns null for other keys). */
export function arrowStep(key: string, shift: boolean): Point | null {
  const step = shift ? 10 : 1;
  switch (key) {
    case 'ArrowLeft':
      return { x: -step, y: 0 };
    case 'ArrowRight':
      return { x: step, y: 0 };
    case 'ArrowUp':
      return { x: 0, y: -step };
    case 'ArrowDown':
      return { x: 0, y: step };
    default:
      return null;
  }
}
