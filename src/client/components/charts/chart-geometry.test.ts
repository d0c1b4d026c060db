import { describe, expect, it } from 'vitest';
import { monotonePath, niceTicks, spacedLabels } from './chart-geometry';

describe('niceTicks', () => {
  it('spaces round steps of 1, 2 or 5 × 10^n from 0 to at least the maximum', () => {
    expect(niceTicks(52_564)).toEqual([0, 20_000, 40_000, 60_000]);
    expect(niceTicks(40_000)).toEqual([0, 10_000, 20_000, 30_000, 40_000]);
    expect(niceTicks(7, { integers: true })).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(0.3)).toEqual([0, 0.1, 0.2, 0.3]);
  });

  it('keeps counts whole and gives an empty series an axis', () => {
    expect(niceTicks(2, { integers: true })).toEqual([0, 1, 2]);
    expect(niceTicks(0, { integers: true })).toEqual([0, 1]);
    expect(niceTicks(Number.NaN)).toEqual([0, 0.5, 1]);
  });
});

describe('monotonePath', () => {
  it('draws nothing, a point or a line for fewer than three points', () => {
    expect(monotonePath([])).toBe('');
    expect(monotonePath([[0, 5]])).toBe('M0,5');
    expect(
      monotonePath([
        [0, 5],
        [10, 0],
      ]),
    ).toBe('M0,5L10,0');
  });

  it('never overshoots: a flat stretch stays flat and control points stay within their segment', () => {
    const points = [
      [0, 100],
      [10, 100],
      [20, 40],
      [30, 100],
    ] as const;
    const path = monotonePath(points);
    const numbers = path
      .replace(/^M[^C]*/, '')
      .split('C')
      .filter(Boolean)
      .map((segment) => segment.split(',').map(Number));
    expect(numbers).toHaveLength(3);
    // The flat first segment keeps y = 100 in both control points.
    expect(numbers[0][1]).toBe(100);
    expect(numbers[0][3]).toBe(100);
    for (const [index, segment] of numbers.entries()) {
      const low = Math.min(points[index][1], points[index + 1][1]);
      const high = Math.max(points[index][1], points[index + 1][1]);
      for (const y of [segment[1], segment[3]]) {
        expect(y).toBeGreaterThanOrEqual(low - 1e-9);
        expect(y).toBeLessThanOrEqual(high + 1e-9);
      }
    }
    expect(path.endsWith(',30,100')).toBe(true);
  });
});

describe('spacedLabels', () => {
  it('keeps the first and last label and drops those that would touch a neighbour', () => {
    const positions = [0, 20, 40, 60, 80, 100];
    expect(
      spacedLabels(
        positions,
        positions.map(() => 30),
        8,
      ),
    ).toEqual([true, false, true, false, false, true]);
    expect(
      spacedLabels(
        positions,
        positions.map(() => 10),
        8,
      ),
    ).toEqual([true, true, true, true, true, true]);
  });
});
