import type { Schema } from '@tiptap/pm/model';

let schema: Promise<Schema> | undefined;

/**
 * The document editor's ProseMirror schema, the very one the browser editor uses, built once.
 * tiptap loads with the first document checked, not with every start (issue 21 §5).
 */
export function loadEditorSchema(): Promise<Schema> {
  schema ??= Promise.all([
    import('@tiptap/core'),
    import('../../../common/documents/editor-extensions'),
  ]).then(([{ getSchema }, { documentExtensions }]) => getSchema(documentExtensions));
  return schema;
}
