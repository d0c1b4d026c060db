import { describe, expect, it } from 'vitest';
import { type PositionedField, resolveFieldPosition } from './resolve-field-position';

const page = { width: 612, height: 792 };
const field = (over: Partial<PositionedField> = {}): PositionedField => ({
  pageNumber: 1,
  xPosition: null,
  yPosition: null,
  width: 200,
  height: 50,
  anchorPosition: 'after',
  offsetX: 10,
  offsetY: 0,
  ...over,
});
const anchor = { text: 'Signature:', pageNumber: 2, x: 100, y: 300, width: 60, height: 14 };

describe('resolveFieldPosition', () => {
  it('places the field after, before, above or below its anchor, with the offsets', () => {
    expect(resolveFieldPosition(field(), anchor, page)).toEqual({
      pageNumber: 2,
      xPosition: 170,
      yPosition: 300,
      anchored: true,
    });
    expect(
      resolveFieldPosition(field({ anchorPosition: 'before', offsetX: -5 }), anchor, page),
    ).toMatchObject({
      xPosition: 0,
      yPosition: 300,
    });
    expect(
      resolveFieldPosition(field({ anchorPosition: 'before', offsetX: 0 }), { ...anchor, x: 300 }, page),
    ).toMatchObject({ xPosition: 100, yPosition: 300 });
    expect(
      resolveFieldPosition(field({ anchorPosition: 'above', offsetX: 0, offsetY: -4 }), anchor, page),
    ).toMatchObject({
      xPosition: 100,
      yPosition: 246,
    });
    expect(
      resolveFieldPosition(field({ anchorPosition: 'below', offsetX: 0, offsetY: 6 }), anchor, page),
    ).toMatchObject({
      xPosition: 100,
      yPosition: 320,
    });
  });

  it('keeps the box inside the page', () => {
    const nearRight = { ...anchor, x: 500 };
    expect(resolveFieldPosition(field(), nearRight, page)).toMatchObject({ xPosition: 412 });
    const nearBottom = { ...anchor, y: 780 };
    expect(resolveFieldPosition(field({ anchorPosition: 'below' }), nearBottom, page)).toMatchObject({
      yPosition: 742,
    });
    expect(
      resolveFieldPosition(field({ anchorPosition: 'above' }), { ...anchor, y: 10 }, page),
    ).toMatchObject({
      yPosition: 0,
    });
  });

  it('without its anchor keeps the stored position, else goes to the foot of page 1', () => {
    expect(resolveFieldPosition(field({ pageNumber: 3, xPosition: 40, yPosition: 700 }), null, page)).toEqual(
      {
        pageNumber: 3,
        xPosition: 40,
        yPosition: 700,
        anchored: false,
      },
    );
    expect(resolveFieldPosition(field({ pageNumber: 3 }), undefined, page)).toEqual({
      pageNumber: 1,
      xPosition: 56,
      yPosition: 670,
      anchored: false,
    });
  });
});
