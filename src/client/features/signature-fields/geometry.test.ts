import { describe, expect, it } from 'vitest';
import {
  arrowStep,
  boxAt,
  boxToPixels,
  clampBox,
  defaultFieldSize,
  moveBox,
  pointFromPixels,
  resizeBox,
  toPixels,
  toPoints,
} from './geometry';

const letter = { width: 612, height: 792 };

describe('pixel ↔ point conversion', () => {
  it('divides by the scale one way and multiplies the other', () => {
    // A Letter page drawn 816 px wide: 4/3 pixels per point.
    const scale = 816 / 612;
    expect(toPoints(816, scale)).toBeCloseTo(612);
    expect(toPixels(612, scale)).toBeCloseTo(816);
    expect(toPoints(toPixels(123.5, scale), scale)).toBeCloseTo(123.5);
  });

  it('reads a pointer offset on a page drawn at 390 px as points', () => {
    const scale = 358 / 612;
    const point = pointFromPixels({ x: 179, y: 100 }, scale);
    expect(point.x).toBeCloseTo(306);
    expect(point.y).toBeCloseTo(100 / scale);
  });

  it('draws a box at its pixel position and size', () => {
    expect(boxToPixels({ x: 100, y: 200, width: 200, height: 50 }, 2)).toEqual({
      left: 200,
      top: 400,
      width: 400,
      height: 100,
    });
  });
});

describe('clamping inside the page', () => {
  it('keeps a valid box as it is, in whole points', () => {
    expect(clampBox({ x: 10.4, y: 20.6, width: 200, height: 50 }, letter)).toEqual({
      x: 10,
      y: 21,
      width: 200,
      height: 50,
    });
  });

  it('moves a box that overflows the right or bottom edge back inside', () => {
    expect(clampBox({ x: 500, y: 780, width: 200, height: 50 }, letter)).toEqual({
      x: 412,
      y: 742,
      width: 200,
      height: 50,
    });
  });

  it('never goes below zero', () => {
    expect(clampBox({ x: -30, y: -1, width: 200, height: 50 }, letter)).toMatchObject({ x: 0, y: 0 });
  });

  it('raises a box to the minimum size of 50 × 20', () => {
    expect(clampBox({ x: 0, y: 0, width: 10, height: 5 }, letter)).toMatchObject({ width: 50, height: 20 });
  });

  it('shrinks a box wider than the page to the page', () => {
    expect(clampBox({ x: 40, y: 0, width: 900, height: 50 }, letter)).toMatchObject({ x: 0, width: 612 });
  });

  it('uses whole points of a page with a fractional size (an A4 page is 595.28 wide)', () => {
    const a4 = { width: 595.28, height: 841.89 };
    const box = clampBox({ x: 590, y: 840, width: 200, height: 50 }, a4);
    expect(box.x + box.width).toBeLessThanOrEqual(595.28);
    expect(box.y + box.height).toBeLessThanOrEqual(841.89);
  });
});

describe('placing, moving and resizing', () => {
  it('centres a new default-size box on the drop point', () => {
    expect(boxAt({ x: 306, y: 396 }, letter)).toEqual({ x: 206, y: 371, ...defaultFieldSize });
  });

  it('keeps a box dropped at the corner inside the page', () => {
    expect(boxAt({ x: 611, y: 791 }, letter)).toEqual({ x: 412, y: 742, width: 200, height: 50 });
    expect(boxAt({ x: 0, y: 0 }, letter)).toEqual({ x: 0, y: 0, width: 200, height: 50 });
  });

  it('moves by points and stops at the edges', () => {
    const box = { x: 100, y: 100, width: 200, height: 50 };
    expect(moveBox(box, 10, -5, letter)).toEqual({ ...box, x: 110, y: 95 });
    expect(moveBox(box, 1000, 1000, letter)).toEqual({ ...box, x: 412, y: 742 });
  });

  it('resizes from the corner, never below 50 × 20 nor past the page', () => {
    const box = { x: 500, y: 100, width: 100, height: 50 };
    expect(resizeBox(box, -80, -45, letter)).toEqual({ ...box, width: 50, height: 20 });
    expect(resizeBox(box, 200, 0, letter)).toEqual({ ...box, width: 112 });
    expect(resizeBox(box, 0, 2000, letter)).toEqual({ ...box, height: 692 });
  });

  it('steps 1 point with an arrow key and 10 with Shift', () => {
    expect(arrowStep('ArrowRight', false)).toEqual({ x: 1, y: 0 });
    expect(arrowStep('ArrowUp', true)).toEqual({ x: 0, y: -10 });
    expect(arrowStep('Enter', false)).toBeNull();
  });
});
