import type { JSONContent } from '@tiptap/core';
import type { MergeValues } from '../merge-fields';

/*
 * A document's content is the editor's JSON (a TipTap `doc`), stored as a string. Content sent
 * through the API as plain text or simple HTML is accepted too and read as paragraphs, with
 * `{{group.field}}` tokens standing for merge fields. Pure: runs in the browser and on the server.
 */

export type DocumentJson = JSONContent;

export const emptyDocument = (): DocumentJson => ({ type: 'doc', content: [{ type: 'paragraph' }] });

const tokenPattern = /\{\{\s*([A-Za-z][\w]*(?:\.[A-Za-z_][\w]*)+)\s*\}\}/g;

/** The editor's JSON when `content` is such JSON; otherwise plain text or HTML read as paragraphs. */
export function parseDocumentContent(content: string): DocumentJson {
  const trimmed = content.trim();
  if (trimmed.startsWith('{')) {
    try {
      const parsed = JSON.parse(trimmed) as DocumentJson;
      if (parsed && typeof parsed === 'object' && parsed.type === 'doc') return parsed;
    } catch {
      // Not JSON after all: read as text below.
    }
  }
  return textToDocument(trimmed);
}

/** Whether `content` is the editor's JSON (rather than text read as paragraphs). */
export function isDocumentJson(content: string): boolean {
  const trimmed = content.trim();
  if (!trimmed.startsWith('{')) return false;
  try {
    return (JSON.parse(trimmed) as DocumentJson)?.type === 'doc';
  } catch {
    return false;
  }
}

function textToDocument(text: string): DocumentJson {
  const blocks = text
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr|blockquote)>/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean);
  if (blocks.length === 0) return emptyDocument();
  return {
    type: 'doc',
    content: blocks.map((block) => ({ type: 'paragraph', content: inlineWithTokens(block) })),
  };
}

/** Text with `{{key}}` tokens as text and merge-field nodes (line breaks kept as hard breaks). */
function inlineWithTokens(text: string, marks?: JSONContent['marks']): JSONContent[] {
  const out: JSONContent[] = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    if (index > 0) out.push({ type: 'hardBreak' });
    let last = 0;
    for (const match of line.matchAll(tokenPattern)) {
      const start = match.index ?? 0;
      if (start > last) out.push(textNode(line.slice(last, start), marks));
      out.push({ type: 'mergeField', attrs: { key: match[1], label: null }, ...(marks ? { marks } : {}) });
      last = start + match[0].length;
    }
    if (last < line.length) out.push(textNode(line.slice(last), marks));
  });
  return out;
}

const textNode = (text: string, marks?: JSONContent['marks']): JSONContent =>
  marks?.length ? { type: 'text', text, marks } : { type: 'text', text };

/** The distinct merge keys a document uses (chips and `{{key}}` typed as text), in order of first use. */
export function mergeFieldKeysOf(doc: DocumentJson): string[] {
  const keys = new Set<string>();
  walk(doc, (node) => {
    if (node.type === 'mergeField' && typeof node.attrs?.key === 'string') keys.add(node.attrs.key);
    if (node.type === 'text' && node.text)
      for (const match of node.text.matchAll(tokenPattern)) keys.add(match[1]);
  });
  return [...keys];
}

function walk(node: JSONContent, visit: (node: JSONContent) => void) {
  visit(node);
  for (const child of node.content ?? []) walk(child, visit);
}

export interface MergedDocument {
  merged: DocumentJson;
  /** Keys with no value for this record: left in place as merge fields, for the user to see. */
  missing: string[];
}

/**
 * The document with every merge field that has a value replaced by that value as text (keeping
 * the chip's marks); a field without a value (absent, null or '') stays a merge field and is
 * listed in `missing`, so nothing goes out with a silent blank.
 */
export function mergeDocument(doc: DocumentJson, values: MergeValues): MergedDocument {
  const missing = new Set<string>();
  const valueOf = (key: string) => {
    const value = values[key];
    if (value === null || value === undefined || value === '') {
      missing.add(key);
      return null;
    }
    return value;
  };
  const mergeNode = (node: JSONContent): JSONContent[] => {
    if (node.type === 'mergeField') {
      const value = valueOf(String(node.attrs?.key ?? ''));
      return value === null ? [node] : [textNode(value, node.marks)];
    }
    if (node.type === 'text' && node.text && node.text.includes('{{')) {
      return inlineWithTokens(node.text, node.marks).flatMap((part) => mergeNode(part));
    }
    if (!node.content) return [node];
    return [{ ...node, content: node.content.flatMap(mergeNode) }];
  };
  const [merged] = mergeNode(doc);
  return { merged, missing: [...missing] };
}

/** The words of a document (for search, previews and tests), blocks on their own lines. */
export function documentText(doc: DocumentJson): string {
  const lines: string[] = [];
  let current = '';
  const visit = (node: JSONContent) => {
    if (node.type === 'text') current += node.text ?? '';
    else if (node.type === 'mergeField') current += `{{${node.attrs?.key ?? ''}}}`;
    else if (node.type === 'hardBreak') current += '\n';
    for (const child of node.content ?? []) visit(child);
    if (node.type === 'paragraph' || node.type === 'heading') {
      lines.push(current);
      current = '';
    }
  };
  visit(doc);
  if (current) lines.push(current);
  return lines.join('\n').trim();
}
