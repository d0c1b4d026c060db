import type { AnyExtension, Editor } from '@tiptap/core';
import { NodeSelection, TextSelection } from '@tiptap/pm/state';
import {
  documentExtensions,
  MergeFieldNode,
  PageBreakNode,
} from '../../../common/documents/editor-extensions';

/*
 * The shared document schema with the browser's views on top: merge fields as chips, page breaks
 * as a dashed rule. The nodes and attributes stay those of `documentExtensions`, so what the
 * editor writes is what the server validates.
 */

/** What chips read and which ones are flagged; set by the editor's parent, read by every chip. */
export interface ChipState {
  labels: Map<string, string>;
  missing: Set<string>;
  /** The chips on screen, refreshed in place when labels or missing keys change. */
  chips: Set<HTMLElement>;
}

export function chipStateOf(editor: Editor): ChipState {
  return (editor.storage as unknown as Record<string, ChipState>).mergeField;
}

/** The chip's text: the label stored with it, the catalogue's label, or the key itself. */
export function chipText(key: string, storedLabel: string | null, labels: Map<string, string>): string {
  return storedLabel || labels.get(key) || key;
}

export function paintChip(dom: HTMLElement, state: ChipState) {
  const key = dom.dataset.mergeField ?? '';
  const text = chipText(key, dom.dataset.label || null, state.labels);
  dom.textContent = text;
  const missing = state.missing.has(key);
  dom.classList.toggle('is-missing', missing);
  dom.title = missing ? `${text}: no value for this record ({{${key}}})` : `{{${key}}}`;
}

const MergeFieldChip = MergeFieldNode.extend({
  addStorage() {
    return { labels: new Map(), missing: new Set(), chips: new Set() } satisfies ChipState;
  },
  addNodeView() {
    return ({ node, editor }) => {
      const state = chipStateOf(editor);
      const dom = document.createElement('span');
      dom.className = 'merge-field-chip';
      dom.contentEditable = 'false';
      dom.dataset.mergeField = String(node.attrs.key ?? '');
      if (node.attrs.label) dom.dataset.label = String(node.attrs.label);
      paintChip(dom, state);
      state.chips.add(dom);
      return {
        dom,
        destroy: () => {
          state.chips.delete(dom);
        },
      };
    };
  },
});

const PageBreakRule = PageBreakNode.extend({
  addNodeView() {
    return () => {
      const dom = document.createElement('div');
      dom.className = 'page-break-rule';
      dom.contentEditable = 'false';
      dom.dataset.pageBreak = 'true';
      const label = document.createElement('span');
      label.textContent = 'Page break';
      dom.append(label);
      return { dom };
    };
  },
  addKeyboardShortcuts() {
    // Mod-Enter is the word processors' page break.
    return { 'Mod-Enter': () => insertPageBreak(this.editor) };
  },
});

/**
 * A page break at the caret, the caret then in the paragraph after it (one is added when the
 * break ends the document): left selected, the break would be replaced by whatever comes next.
 */
export function insertPageBreak(editor: Editor): boolean {
  return editor
    .chain()
    .focus()
    .insertContent({ type: 'pageBreak' })
    .command(({ tr, dispatch }) => {
      const { selection } = tr;
      let after: number | null = null;
      if (selection instanceof NodeSelection && selection.node.type.name === 'pageBreak')
        after = selection.to;
      else if (selection.$from.nodeBefore?.type.name === 'pageBreak') after = selection.from;
      if (after === null) return true;
      const next = tr.doc.resolve(after).nodeAfter;
      if (!next?.isTextblock) tr.insert(after, tr.doc.type.schema.nodes.paragraph.create());
      if (dispatch) tr.setSelection(TextSelection.create(tr.doc, after + 1));
      return true;
    })
    .run();
}

/** `documentExtensions` with the views above in place of the bare nodes. */
export const browserDocumentExtensions: AnyExtension[] = documentExtensions.map((extension) => {
  if (extension.name === 'mergeField') return MergeFieldChip;
  if (extension.name === 'pageBreak') return PageBreakRule;
  return extension;
});
