import type { Content, ContentText, Decoration, TableCell } from 'pdfmake/interfaces';
import type { DocumentJson } from '../../../common/documents/document-content';

/*
 * The editor's JSON (see src/common/documents/editor-extensions.ts) as pdfmake content. Pure: no
 * font, file or network access, so the bench can time the same definition pdfmake renders alone.
 */

/** What an unmerged field prints: a line to fill in by hand, never the raw `{{key}}`. */
export const blankFieldText = '________';

const tokenPattern = /\{\{\s*[^{}]*?\s*\}\}/g;
const headingSizes = [22, 18, 15, 13, 12, 11];
const bodyColor = '#1f2933';
const mutedColor = '#52606d';
const ruleColor = '#cbd2d9';

export interface DefinitionStyle {
  /** Headings, rules and table header accents. */
  accent: string;
}

type Inline = string | ContentText;

/** The document's blocks as pdfmake content (a trailing page break is dropped: no blank last page). */
export function documentContent(doc: DocumentJson, style: DefinitionStyle): Content[] {
  const blocks = [...(doc.content ?? [])];
  while (blocks.length > 0 && blocks[blocks.length - 1].type === 'pageBreak') blocks.pop();
  return blocks.flatMap((node) => blockContent(node, style));
}

function blockContent(node: DocumentJson, style: DefinitionStyle): Content[] {
  switch (node.type) {
    case 'paragraph':
      return [paragraph(node, { margin: [0, 0, 0, 8] })];
    case 'heading': {
      const level = clampLevel(node.attrs?.level);
      return [
        paragraph(node, {
          fontSize: headingSizes[level - 1],
          bold: true,
          color: level <= 2 ? style.accent : bodyColor,
          margin: [0, level === 1 ? 6 : 4, 0, 6],
        }),
      ];
    }
    case 'bulletList':
    case 'orderedList':
      return [list(node, style)];
    case 'listItem':
      return [{ stack: childBlocks(node, style) }];
    case 'table':
      return [table(node, style)];
    case 'blockquote':
      return [blockquote(node, style)];
    case 'horizontalRule':
      return [rule(style.accent)];
    case 'pageBreak':
      return [{ text: '', pageBreak: 'after' }];
    default:
      // An unknown block (content validated against the schema should have none): keep its words.
      if (node.content?.some((child) => isInline(child))) return [paragraph(node, { margin: [0, 0, 0, 8] })];
      return childBlocks(node, style);
  }
}

function childBlocks(node: DocumentJson, style: DefinitionStyle): Content[] {
  return (node.content ?? []).flatMap((child) => blockContent(child, style));
}

const isInline = (node: DocumentJson) =>
  node.type === 'text' || node.type === 'mergeField' || node.type === 'hardBreak';

function clampLevel(level: unknown): number {
  const n = typeof level === 'number' ? Math.round(level) : 1;
  return Math.min(6, Math.max(1, n));
}

function alignmentOf(node: DocumentJson): ContentText['alignment'] | undefined {
  const align = node.attrs?.textAlign;
  return align === 'center' || align === 'right' || align === 'justify' ? align : undefined;
}

function paragraph(node: DocumentJson, extra: Omit<ContentText, 'text'>): ContentText {
  const inlines = inlineContent(node.content ?? []);
  const alignment = alignmentOf(node);
  // An empty paragraph is a blank line in the editor: keep its height.
  return {
    text: inlines.length > 0 ? inlines : '\u00a0',
    ...extra,
    ...(alignment ? { alignment } : {}),
  };
}

function inlineContent(nodes: DocumentJson[]): Inline[] {
  const out: Inline[] = [];
  for (const node of nodes) {
    if (node.type === 'hardBreak') {
      out.push('\n');
      continue;
    }
    let text: string;
    if (node.type === 'mergeField') text = blankFieldText;
    else if (node.type === 'text') text = (node.text ?? '').replace(tokenPattern, blankFieldText);
    else {
      // An inline node the renderer does not know: its text, if any.
      out.push(...inlineContent(node.content ?? []));
      continue;
    }
    if (!text) continue;
    out.push(styledText(text, node.marks ?? []));
  }
  return out;
}

function styledText(text: string, marks: NonNullable<DocumentJson['marks']>): Inline {
  if (marks.length === 0) return text;
  const styled: ContentText = { text };
  const decoration: Decoration[] = [];
  for (const mark of marks) {
    if (mark.type === 'bold') styled.bold = true;
    else if (mark.type === 'italic') styled.italics = true;
    else if (mark.type === 'underline') decoration.push('underline');
    else if (mark.type === 'strike') decoration.push('lineThrough');
    else if (mark.type === 'link') {
      const href = String(mark.attrs?.href ?? '');
      // Only web and mail links become clickable; the server never opens them.
      if (/^(https?:|mailto:)/i.test(href)) styled.link = href;
      styled.color = '#1d4ed8';
      if (!decoration.includes('underline')) decoration.push('underline');
    }
  }
  if (decoration.length === 1) styled.decoration = decoration[0];
  else if (decoration.length > 1) (styled as { decoration?: Decoration[] }).decoration = decoration;
  return styled;
}

function list(node: DocumentJson, style: DefinitionStyle): Content {
  const items = (node.content ?? []).map((item) => {
    const blocks = item.type === 'listItem' ? childBlocks(item, style) : blockContent(item, style);
    // The last paragraph's bottom margin would double the list's own spacing.
    return { stack: blocks.map(withoutTrailingMargin), margin: [0, 0, 0, 2] } as Content;
  });
  if (node.type === 'orderedList') {
    const start = typeof node.attrs?.start === 'number' ? node.attrs.start : 1;
    return { ol: items, start, margin: [0, 0, 0, 8] } as Content;
  }
  return { ul: items, margin: [0, 0, 0, 8] } as Content;
}

function withoutTrailingMargin(block: Content): Content {
  if (typeof block === 'object' && block !== null && 'text' in block && 'margin' in block) {
    return { ...block, margin: [0, 0, 0, 2] } as Content;
  }
  return block;
}

function table(node: DocumentJson, style: DefinitionStyle): Content {
  const rows = (node.content ?? []).filter((row) => row.type === 'tableRow');
  // Lay the cells out on a grid: pdfmake wants every row as wide as the table, with empty
  // placeholders under row spans and after column spans.
  const grid: (TableCell | undefined)[][] = rows.map(() => []);
  rows.forEach((row, r) => {
    let c = 0;
    for (const cell of row.content ?? []) {
      while (grid[r][c] !== undefined) c++;
      const colSpan = Math.max(1, Number(cell.attrs?.colspan ?? 1) || 1);
      const rowSpan = Math.max(1, Math.min(rows.length - r, Number(cell.attrs?.rowspan ?? 1) || 1));
      const isHeader = cell.type === 'tableHeader';
      const stack = childBlocks(cell, style).map(withoutTrailingMargin);
      const content: TableCell = {
        stack: stack.length > 0 ? stack : ['\u00a0'],
        ...(isHeader ? { bold: true, fillColor: '#f3f5f7' } : {}),
        ...(colSpan > 1 ? { colSpan } : {}),
        ...(rowSpan > 1 ? { rowSpan } : {}),
      } as TableCell;
      for (let dr = 0; dr < rowSpan; dr++)
        for (let dc = 0; dc < colSpan; dc++) grid[r + dr][c + dc] = dr === 0 && dc === 0 ? content : {};
      c += colSpan;
    }
  });
  const columns = Math.max(1, ...grid.map((row) => row.length));
  const body = grid.map((row) => Array.from({ length: columns }, (_, i) => row[i] ?? ''));
  let headerRows = 0;
  while (
    headerRows < rows.length &&
    (rows[headerRows].content ?? []).every((cell) => cell.type === 'tableHeader')
  )
    headerRows++;
  if (body.length === 0) return { text: '' };
  return {
    table: { headerRows, widths: Array.from({ length: columns }, () => '*'), body, dontBreakRows: false },
    layout: {
      hLineWidth: () => 0.5,
      vLineWidth: () => 0.5,
      hLineColor: (i: number) => (headerRows > 0 && i === headerRows ? style.accent : ruleColor),
      vLineColor: () => ruleColor,
      paddingLeft: () => 6,
      paddingRight: () => 6,
      paddingTop: () => 4,
      paddingBottom: () => 4,
    },
    margin: [0, 2, 0, 10],
  };
}

function blockquote(node: DocumentJson, style: DefinitionStyle): Content {
  return {
    table: { widths: ['*'], body: [[{ stack: childBlocks(node, style).map(withoutTrailingMargin) }]] },
    layout: {
      hLineWidth: () => 0,
      vLineWidth: (i: number) => (i === 0 ? 2 : 0),
      vLineColor: () => style.accent,
      paddingLeft: () => 10,
      paddingTop: () => 2,
      paddingBottom: () => 2,
    },
    color: mutedColor,
    italics: true,
    margin: [0, 0, 0, 8],
  } as Content;
}

/** A full-width rule (page width 612 less 2 × 56 margins). */
export function rule(color: string, margin: [number, number, number, number] = [0, 4, 0, 10]): Content {
  return {
    canvas: [{ type: 'line', x1: 0, y1: 0, x2: 500, y2: 0, lineWidth: 1, lineColor: color }],
    margin,
  };
}

export const documentTextColor = bodyColor;
