/*
 * A document frozen for signing keeps its fields as they are. The same statuses and message as
 * the document API (CONTRACT.md: `frozenDocumentStatuses` in common/validation/documents.ts,
 * owned by the instances work; kept here until that lands, then import it from there).
 */
export const frozenStatuses: readonly string[] = [
  'locked_for_signing',
  'sent',
  'viewed',
  'signed',
  'completed',
];
export const frozenMessage = 'This document is locked for signing and can no longer be edited.';
