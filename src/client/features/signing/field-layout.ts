import type { PageSize, SigningField } from './api';

/*
 * Fields are stored in PDF points from the page's top-left corner; the page is drawn at the
 * screen's width, so each box is scaled by (drawn width / page width in points). A box smaller
 * than a thumb gets a larger invisible hit area around it, centred on it (≥ 44 × 44 CSS pixels).
 */

export const minTouchTarget = 44;

export interface FieldBoxPixels {
  left: number;
  top: number;
  width: number;
  height: number;
  /** How far the hit area reaches beyond the box on each side (0 when the box is big enough). */
  hitX: number;
  hitY: number;
}

/** CSS pixels per PDF point for a page drawn `drawnWidth` pixels wide. */
export function pageScale(drawnWidth: number, page: PageSize): number {
  return page.width > 0 ? drawnWidth / page.width : 1;
}

export function fieldBoxPixels(field: SigningField, scale: number): FieldBoxPixels {
  const width = field.width * scale;
  const height = field.height * scale;
  return {
    left: (field.xPosition ?? 0) * scale,
    top: (field.yPosition ?? 0) * scale,
    width,
    height,
    hitX: Math.max(0, (minTouchTarget - width) / 2),
    hitY: Math.max(0, (minTouchTarget - height) / 2),
  };
}

/** The font size (CSS pixels) a field's value is written in, scaled like the page, never unreadable. */
export function scaledFontSize(field: SigningField, scale: number): number {
  return Math.max(8, Math.min(field.fontSize * scale, field.height * scale * 0.8));
}

/**
 * Where to scroll so a field sits in the upper third of the screen: the page's own top (in the
 * document's scroll space) plus the field's offset on the drawn page.
 */
export function fieldScrollTop(
  pageTop: number,
  field: SigningField,
  scale: number,
  viewportHeight: number,
): number {
  return Math.max(0, pageTop + (field.yPosition ?? 0) * scale - viewportHeight / 3);
}
