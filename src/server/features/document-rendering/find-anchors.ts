import type { AnchorBox } from './render-document-pdf';

/*
 * Where anchor texts were drawn, read from pdfmake's laid-out pages: each page's items include
 * its text lines (absolute x/y of the line, top-left origin in points) and each line's inlines
 * (a word or a run of words, x relative to the line, width and height as measured with the
 * embedded font). Matching runs on a line's joined text, so an anchor of several words, or one
 * inside a longer word run, is found where it starts; an anchor broken across two lines is not.
 */

interface LaidOutInline {
  text: string;
  x: number;
  width: number;
  height: number;
  fontSize: number;
  characterSpacing?: number;
  fontFeatures?: unknown;
  font?: { widthOfString(text: string, size: number, features?: unknown): number };
}

interface LaidOutLine {
  x: number;
  y: number;
  inlines: LaidOutInline[];
  getHeight(): number;
}

export interface LaidOutPage {
  items: { type: string; item: unknown }[];
}

function widthOf(inline: LaidOutInline, text: string): number {
  if (text.length === inline.text.length) return inline.width;
  if (!inline.font) return (inline.width * text.length) / Math.max(1, inline.text.length);
  return (
    inline.font.widthOfString(text, inline.fontSize, inline.fontFeatures) +
    (inline.characterSpacing ?? 0) * text.length
  );
}

/** Every place each anchor text is drawn, in reading order (page, then top to bottom, left to right). */
export function findAnchors(pages: LaidOutPage[], anchors: string[]): AnchorBox[] {
  const wanted = [...new Set(anchors.map((a) => a.trim()).filter(Boolean))];
  if (wanted.length === 0) return [];
  const found: AnchorBox[] = [];
  pages.forEach((page, index) => {
    for (const { type, item } of page.items) {
      if (type !== 'line') continue;
      const line = item as LaidOutLine;
      if (!line.inlines?.length) continue;
      const starts: number[] = [];
      let joined = '';
      for (const inline of line.inlines) {
        starts.push(joined.length);
        joined += inline.text;
      }
      for (const text of wanted) {
        for (let at = joined.indexOf(text); at !== -1; at = joined.indexOf(text, at + text.length)) {
          found.push({ text, pageNumber: index + 1, ...boxOf(line, starts, at, text.length) });
        }
      }
    }
  });
  return found.toSorted((a, b) => a.pageNumber - b.pageNumber || a.y - b.y || a.x - b.x);
}

const round = (n: number) => Math.round(n * 100) / 100;

function boxOf(line: LaidOutLine, starts: number[], from: number, length: number) {
  const to = from + length;
  let left: number | null = null;
  let right = 0;
  let height = 0;
  line.inlines.forEach((inline, i) => {
    const start = starts[i];
    const end = start + inline.text.length;
    if (end <= from || start >= to) return;
    const a = Math.max(from, start) - start;
    const b = Math.min(to, end) - start;
    const x0 = inline.x + widthOf(inline, inline.text.slice(0, a));
    const x1 = x0 + widthOf(inline, inline.text.slice(a, b));
    if (left === null) left = x0;
    right = x1;
    height = Math.max(height, inline.height);
  });
  return {
    x: round(line.x + (left ?? 0)),
    y: round(line.y),
    width: round(right - (left ?? 0)),
    height: round(height || line.getHeight()),
  };
}
