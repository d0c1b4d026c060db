import type { AnchorBox } from '../document-rendering/render-document-pdf';

/*
 * Smart positioning (issue 16 item 6): a template field with `useSmartPositioning` and a
 * `textAnchor` lands next to where that text is drawn in each generated document. Pure.
 */

export interface PositionedField {
  pageNumber: number;
  xPosition: number | null;
  yPosition: number | null;
  width: number;
  height: number;
  anchorPosition: string;
  offsetX: number;
  offsetY: number;
}

export interface PageSize {
  width: number;
  height: number;
}

export interface ResolvedPosition {
  pageNumber: number;
  xPosition: number;
  yPosition: number;
  /** Whether the anchor was found (false: the stored position, or page 1's foot, was used). */
  anchored: boolean;
}

const clamp = (value: number, max: number) => Math.round(Math.min(Math.max(0, value), Math.max(0, max)));

/** Room left at the bottom of a page for a field placed without any position (above the footer). */
const bottomMargin = 72;

/**
 * The field's page and top-left corner. With an anchor: `after` puts the field right of the
 * anchor text (top aligned), `before` left of it, `above` over it and `below` under it (left
 * aligned), then the offsets apply. Without one (the text is not in this document) the stored
 * position is kept, and a field that has none goes to the foot of page 1, left margin: it stays
 * visible for the user to move rather than vanishing. The box is always clamped inside the page.
 */
export function resolveFieldPosition(
  field: PositionedField,
  anchor: AnchorBox | null | undefined,
  page: PageSize,
): ResolvedPosition {
  let pageNumber = field.pageNumber;
  let x: number;
  let y: number;
  if (anchor) {
    pageNumber = anchor.pageNumber;
    switch (field.anchorPosition) {
      case 'before':
        x = anchor.x - field.width;
        y = anchor.y;
        break;
      case 'above':
        x = anchor.x;
        y = anchor.y - field.height;
        break;
      case 'below':
        x = anchor.x;
        y = anchor.y + anchor.height;
        break;
      default:
        x = anchor.x + anchor.width;
        y = anchor.y;
    }
    x += field.offsetX;
    y += field.offsetY;
  } else if (field.xPosition !== null && field.yPosition !== null) {
    x = field.xPosition;
    y = field.yPosition;
  } else {
    pageNumber = 1;
    x = 56;
    y = page.height - bottomMargin - field.height;
  }
  return {
    pageNumber,
    xPosition: clamp(x, page.width - field.width),
    yPosition: clamp(y, page.height - field.height),
    anchored: Boolean(anchor),
  };
}
