import { describe, expect, it } from 'vitest';
import type { SigningField } from './api';
import { fieldBoxPixels, fieldScrollTop, minTouchTarget, pageScale, scaledFontSize } from './field-layout';

const base = { xPosition: 306, yPosition: 396, width: 150, height: 50, fontSize: 12 } as SigningField;

describe('fields scaled to the drawn page', () => {
  it('scales points to the page width drawn on a 390 px phone and a wide screen', () => {
    const phone = pageScale(366, { width: 612, height: 792 });
    expect(phone).toBeCloseTo(0.598, 3);
    const box = fieldBoxPixels(base, phone);
    expect(box.left).toBeCloseTo(183);
    expect(box.top).toBeCloseTo(236.8, 1);
    expect(box.width).toBeCloseTo(89.7, 1);
    expect(box.height).toBeCloseTo(29.9, 1);
    const wide = fieldBoxPixels(base, pageScale(900, { width: 612, height: 792 }));
    expect(wide.width).toBeCloseTo(220.6, 1);
  });

  it('grows the hit area of a small box to a thumb’s 44 px, centred, and not of a big one', () => {
    const small = fieldBoxPixels({ ...base, width: 20, height: 10 }, 1);
    expect(small.width + small.hitX * 2).toBe(minTouchTarget);
    expect(small.height + small.hitY * 2).toBe(minTouchTarget);
    const big = fieldBoxPixels(base, 1);
    expect(big.hitX).toBe(0);
    expect(big.hitY).toBe(0);
  });

  it('keeps the value readable and inside its box', () => {
    expect(scaledFontSize(base, 0.5)).toBe(8);
    expect(scaledFontSize(base, 1)).toBe(12);
    expect(scaledFontSize({ ...base, fontSize: 60 }, 1)).toBe(40);
  });

  it('scrolls a field into the upper third of the screen, never above the top', () => {
    expect(fieldScrollTop(1000, base, 1, 900)).toBe(1000 + 396 - 300);
    expect(fieldScrollTop(0, { ...base, yPosition: 10 }, 1, 900)).toBe(0);
  });

  it('falls back to 1 for a page without a width', () => {
    expect(pageScale(300, { width: 0, height: 0 })).toBe(1);
  });
});
