import type { DocumentJson } from '../../../common/documents/document-content';

/*
 * The longest document content the API keeps (CONTRACT: `maxLength.documentContent`, 2,000,000
 * characters of editor JSON). Checked in the browser before a paste lands in the editor, so a
 * 10 MB paste answers a message instead of freezing the tab while ProseMirror builds it.
 */
export const documentContentMaxLength = 2_000_000;

export const tooLargeMessage =
  'This is too large for one document (over 2,000,000 characters). Split it into smaller documents.';

/** A paste's size in characters: the larger of its HTML and plain-text forms. */
export function pasteSize(data: { getData(type: string): string } | null): number {
  if (!data) return 0;
  return Math.max(data.getData('text/html').length, data.getData('text/plain').length);
}

/** Whether a paste would push the document over the limit (`currentLength` = its JSON now). */
export function pasteTooLarge(currentLength: number, pasted: number): boolean {
  return currentLength + pasted > documentContentMaxLength;
}

/** The document as the API stores it, or null when it is over the limit. */
export function serializeDocument(doc: DocumentJson): string | null {
  const text = JSON.stringify(doc);
  return text.length > documentContentMaxLength ? null : text;
}
