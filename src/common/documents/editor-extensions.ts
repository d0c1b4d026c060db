import { type AnyExtension, mergeAttributes, Node } from '@tiptap/core';
import { TableKit } from '@tiptap/extension-table';
import { TextAlign } from '@tiptap/extension-text-align';
import { StarterKit } from '@tiptap/starter-kit';

/*
 * The document editor's schema, shared by the browser editor and the server (which checks saved
 * content against it without a DOM: `getSchema(documentExtensions).nodeFromJSON(json).check()`).
 * The browser adds its views and keyboard shortcuts on top with `.extend()`; the nodes and
 * attributes are defined once, here.
 */

/** A merge field as a chip: `key` is the catalogue's key (`client.fullName`), `label` what the chip reads. */
export const MergeFieldNode = Node.create({
  name: 'mergeField',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addAttributes() {
    return {
      key: { default: null },
      label: { default: null },
    };
  },
  parseHTML() {
    return [{ tag: 'span[data-merge-field]' }];
  },
  renderHTML({ node, HTMLAttributes }) {
    return [
      'span',
      mergeAttributes(HTMLAttributes, { 'data-merge-field': node.attrs.key, class: 'merge-field-chip' }),
      `{{${node.attrs.key}}}`,
    ];
  },
});

/** A forced page break in the rendered PDF. */
export const PageBreakNode = Node.create({
  name: 'pageBreak',
  group: 'block',
  atom: true,
  selectable: true,
  parseHTML() {
    return [{ tag: 'div[data-page-break]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['div', mergeAttributes(HTMLAttributes, { 'data-page-break': 'true', class: 'page-break' })];
  },
});

/** Every extension that shapes a document's JSON (no view or editing-only extension here). */
export const documentExtensions: AnyExtension[] = [
  StarterKit.configure({ link: { openOnClick: false }, codeBlock: false, code: false }),
  TableKit.configure({ table: { resizable: false } }),
  TextAlign.configure({ types: ['heading', 'paragraph'] }),
  MergeFieldNode,
  PageBreakNode,
];
