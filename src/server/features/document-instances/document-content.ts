import {
  type DocumentJson,
  mergeDocument,
  mergeFieldKeysOf,
  parseDocumentContent,
} from '../../../common/documents/document-content';
import { maxLength } from '../../../common/validation/common';
import { documentContentTooLongMessage } from '../../../common/validation/documents';
import { invalidField } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { loadEditorSchema } from '../document-templates/editor-schema';
import { listMergeFields, loadMergeValues, type MergeRecord } from '../email-templates/merge-values';

export const invalidDocumentContentMessage =
  'Content is not a valid document (unknown or misplaced elements)';

/**
 * Content as stored: the editor's JSON (text or HTML is read as paragraphs), checked against the
 * editor's schema, so unknown nodes (a `script`, a foreign widget) are refused, never kept.
 */
export async function normaliseDocumentContent(
  content: string,
): Promise<{ doc: DocumentJson; json: string }> {
  const doc = parseDocumentContent(content);
  // The same schema the browser editor uses, so the server accepts exactly what it can show.
  const editorSchema = await loadEditorSchema();
  try {
    editorSchema.nodeFromJSON(doc).check();
  } catch {
    throw invalidField('content', invalidDocumentContentMessage);
  }
  const json = JSON.stringify(doc);
  // Reading text as paragraphs adds structure: the stored form must still fit.
  if (json.length > maxLength.documentContent) throw invalidField('content', documentContentTooLongMessage);
  return { doc, json };
}

/** The record whose values fill a document: its deal (which also fills the deal's client), else its client. */
export function mergeRecordOf(refs: {
  clientId: string | null;
  dealId: string | null;
}): MergeRecord | undefined {
  if (refs.dealId) return { entityType: 'deal', entityId: refs.dealId };
  if (refs.clientId) return { entityType: 'client', entityId: refs.clientId };
  return undefined;
}

export interface MissingField {
  key: string;
  label: string;
}

/** The document merged with the record's values, as stored, with the fields left without a value. */
export async function mergeForDocument(
  ctx: ServiceContext,
  doc: DocumentJson,
  refs: { clientId: string | null; dealId: string | null },
) {
  const values = await loadMergeValues(ctx, mergeRecordOf(refs));
  const { merged, missing } = mergeDocument(doc, values);
  return { mergedContent: JSON.stringify(merged), missing: await labelled(ctx, missing), values };
}

/** The merge fields still unfilled in stored merged content (shown before a document goes out). */
export async function missingFieldsOf(ctx: ServiceContext, mergedContent: string | null) {
  if (!mergedContent) return [];
  return labelled(ctx, mergeFieldKeysOf(parseDocumentContent(mergedContent)));
}

async function labelled(ctx: ServiceContext, keys: string[]): Promise<MissingField[]> {
  if (keys.length === 0) return [];
  const labels = new Map((await listMergeFields(ctx)).map((field) => [field.key, field.label]));
  // A key no longer in the catalogue (a deleted custom field) is still shown, by its key.
  return keys.map((key) => ({ key, label: labels.get(key) ?? key }));
}
