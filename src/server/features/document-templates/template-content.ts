import type { JSONContent } from '@tiptap/core';
import {
  type DocumentJson,
  mergeFieldKeysOf,
  parseDocumentContent,
} from '../../../common/documents/document-content';
import type { FieldError } from '../../../common/validation/common';
import { AppError, validationFailedMessage } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { listMergeFields } from '../email-templates/merge-values';
import { loadEditorSchema } from './editor-schema';

/*
 * A template's content as the server keeps it: the editor's JSON, checked against the very
 * schema the browser editor uses (no DOM: ProseMirror's schema checks the tree), with every merge
 * field in the organization's catalogue. Text or HTML sent instead is read as paragraphs first.
 * Anything the editor could not show is refused with a message, never stored.
 */

export const unsupportedElementMessage = (name: string) =>
  `The document contains an element the editor does not support: ${name}`;
export const unknownMergeFieldMessage = (key: string) => `Unknown merge field: {{${key}}}`;
export const notADocumentMessage = 'Content must be text, HTML or an editor document';
export const unsafeLinkMessage = 'Links must start with http://, https:// or mailto:';
export const mergeFieldWithoutKeyMessage = 'A merge field has no key';

const contentError = (message: string): FieldError => ({ path: 'content', message });

/** Tags no document may carry, even as HTML read as text: refused rather than silently dropped. */
const activeHtml = /<\s*(script|iframe|object|embed|style)\b/i;

/**
 * The content as the editor's JSON (normalised by the schema: unknown attributes dropped), or
 * the errors that keep it from being stored. Pure but for the schema.
 */
export async function normaliseDocumentContent(
  content: string,
): Promise<{ doc: DocumentJson; errors: [] } | { doc: null; errors: FieldError[] }> {
  const trimmed = content.trim();
  let doc: DocumentJson;
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      parsed = undefined;
    }
    if (parsed !== undefined) {
      // JSON that is not a document is a client's mistake, not text to print.
      if (!isObject(parsed) || parsed.type !== 'doc') return fail(notADocumentMessage);
      doc = parsed as DocumentJson;
    } else {
      doc = parseDocumentContent(trimmed);
    }
  } else {
    const active = activeHtml.exec(trimmed);
    if (active) return fail(unsupportedElementMessage(active[1].toLowerCase()));
    doc = parseDocumentContent(trimmed);
  }
  const editorSchema = await loadEditorSchema();
  let normalised: DocumentJson;
  try {
    const node = editorSchema.nodeFromJSON(doc);
    node.check();
    normalised = node.toJSON() as DocumentJson;
  } catch (error) {
    return fail(schemaErrorMessage(error));
  }
  const problems = new Set<string>();
  walk(normalised, (node) => {
    for (const mark of node.marks ?? []) {
      if (mark.type === 'link' && !isSafeHref(mark.attrs?.href)) problems.add(unsafeLinkMessage);
    }
    if (node.type === 'mergeField' && (typeof node.attrs?.key !== 'string' || !node.attrs.key.trim())) {
      problems.add(mergeFieldWithoutKeyMessage);
    }
  });
  if (problems.size > 0) return { doc: null, errors: [...problems].map(contentError) };
  return { doc: normalised, errors: [] };
}

function fail(message: string) {
  return { doc: null, errors: [contentError(message)] };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** ProseMirror's wording ("Unknown node type: script") turned into the user's. */
function schemaErrorMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const node = /Unknown node type: (\S+)/.exec(text);
  if (node) return unsupportedElementMessage(node[1]);
  const mark = /There is no mark type (\S+)/.exec(text);
  if (mark) return unsupportedElementMessage(mark[1]);
  if (/Invalid content for node (\S+)/.test(text)) {
    const name = /Invalid content for node (\S+)/.exec(text)?.[1]?.replace(/:$/, '');
    return `The document's structure is not valid: a ${name} holds content it cannot hold`;
  }
  return "The document's structure is not valid";
}

function isSafeHref(href: unknown): boolean {
  if (typeof href !== 'string' || href.trim() === '') return false;
  return /^(https?:|mailto:)/i.test(href.trim());
}

function walk(node: JSONContent, visit: (node: JSONContent) => void) {
  visit(node);
  for (const child of node.content ?? []) walk(child, visit);
}

/**
 * Normalised content and its merge keys, or a 400 naming `content`: the shape, then every merge
 * key checked against the organization's catalogue (a field since removed is named).
 */
export async function checkedTemplateContent(ctx: ServiceContext, content: string) {
  const result = await normaliseDocumentContent(content);
  if (!result.doc) throw new AppError(400, validationFailedMessage, result.errors);
  const keys = mergeFieldKeysOf(result.doc);
  const known = new Set((await listMergeFields(ctx)).map((field) => field.key));
  const unknown = keys.filter((key) => !known.has(key));
  if (unknown.length > 0) {
    throw new AppError(
      400,
      validationFailedMessage,
      unknown.map((key) => contentError(unknownMergeFieldMessage(key))),
    );
  }
  return { doc: result.doc, content: JSON.stringify(result.doc), mergeFields: keys };
}
