/*
 * The arithmetic of the app's own SVG charts (docs/decisions/042): round axis ticks and a smooth
 * line through points. Pure functions, so the charts' shapes are tested without a browser.
 */

/**
 * Round ticks from 0 up to at least `max`: the smallest step of 1, 2 or 5 × 10^n that needs at
 * most `count` intervals (so a narrow chart is never crowded). `integers` keeps the step whole.
 */
export function niceTicks(max: number, { count = 4, integers = false } = {}): number[] {
  const top = Number.isFinite(max) && max > 0 ? max : 1;
  const power = 10 ** Math.floor(Math.log10(top / count));
  const candidates = [1, 2, 5, 10].map((factor) => factor * power);
  let step = candidates.find((candidate) => Math.ceil(top / candidate - 1e-9) <= count) ?? 10 * power;
  if (integers) step = Math.max(1, Math.round(step));
  const ticks: number[] = [];
  const last = Math.ceil(top / step - 1e-9);
  // Multiplying (not adding) keeps 0.1 steps from drifting to 0.30000000000000004.
  for (let index = 0; index <= last; index += 1) ticks.push(Number((index * step).toPrecision(12)));
  return ticks;
}

export type Point = readonly [x: number, y: number];

const endTangent = (secant: number, next: number) => (3 * secant - next) / 2;

/**
 * An SVG path through `points` (x increasing) as a monotone cubic curve: smooth, yet it never
 * overshoots a point (a week with no leads does not dip below zero). Same slopes as d3's
 * `curveMonotoneX` (Steffen's method).
 */
export function monotonePath(points: readonly Point[]): string {
  if (points.length === 0) return '';
  const [first] = points;
  if (points.length === 1) return `M${first[0]},${first[1]}`;
  if (points.length === 2) return `M${first[0]},${first[1]}L${points[1][0]},${points[1][1]}`;
  const secants: number[] = [];
  for (let index = 0; index < points.length - 1; index += 1) {
    const [x0, y0] = points[index];
    const [x1, y1] = points[index + 1];
    secants.push(x1 === x0 ? 0 : (y1 - y0) / (x1 - x0));
  }
  const tangents = points.map((point, index) => {
    if (index === 0 || index === points.length - 1) return Number.NaN;
    const before = point[0] - points[index - 1][0];
    const after = points[index + 1][0] - point[0];
    const s0 = secants[index - 1];
    const s1 = secants[index];
    const weighted = (s0 * after + s1 * before) / (before + after);
    return (
      (Math.sign(s0) + Math.sign(s1)) * Math.min(Math.abs(s0), Math.abs(s1), 0.5 * Math.abs(weighted)) || 0
    );
  });
  // The end tangents follow the neighbouring one, as d3's do.
  tangents[0] = endTangent(secants[0], tangents[1]);
  tangents[points.length - 1] = endTangent(secants[secants.length - 1], tangents[points.length - 2]);
  let path = `M${first[0]},${first[1]}`;
  for (let index = 0; index < points.length - 1; index += 1) {
    const [x0, y0] = points[index];
    const [x1, y1] = points[index + 1];
    const third = (x1 - x0) / 3;
    path += `C${x0 + third},${y0 + third * tangents[index]},${x1 - third},${y1 - third * tangents[index + 1]},${x1},${y1}`;
  }
  return path;
}

/** Which of `count` evenly spaced labels to print so that none comes closer than `gap` px to the next; the first and last always show. */
export function spacedLabels(
  positions: readonly number[],
  widths: readonly number[],
  gap: number,
): boolean[] {
  const shown = positions.map(() => false);
  if (positions.length === 0) return shown;
  const lastIndex = positions.length - 1;
  shown[0] = true;
  shown[lastIndex] = true;
  let edge = positions[0] + widths[0] / 2;
  const lastStart = positions[lastIndex] - widths[lastIndex] / 2;
  for (let index = 1; index < lastIndex; index += 1) {
    const start = positions[index] - widths[index] / 2;
    const end = positions[index] + widths[index] / 2;
    if (start - edge >= gap && lastStart - end >= gap) {
      shown[index] = true;
      edge = end;
    }
  }
  return shown;
}
