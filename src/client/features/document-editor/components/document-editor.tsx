import { EditorContent, useEditor } from '@tiptap/react';
import { PanelRightOpen } from 'lucide-react';
import { useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type Ref } from 'react';
import type { DocumentJson } from '../../../../common/documents/document-content';
import type { MergeField } from '../../../../common/merge-fields';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { useMergeFieldCatalogue } from '../api';
import { browserDocumentExtensions, chipStateOf, paintChip } from '../browser-extensions';
import { pasteSize, pasteTooLarge, tooLargeMessage } from '../content-limits';
import { EditorToolbar } from './editor-toolbar';
import { MergeFieldPalette } from './merge-field-palette';
// oxlint-disable-next-line import/no-unassigned-import -- a stylesheet: Vite loads it with the editor's chunk only.
import '../document-editor.css';

export interface DocumentEditorHandle {
  /** The document as it is now. */
  getJson(): DocumentJson;
  focus(): void;
}

export interface DocumentEditorProps {
  /** The document when the editor opens (later changes come from the user, read with onChange). */
  initialContent: DocumentJson;
  onChange?: (doc: DocumentJson) => void;
  /** Keys without a value for the record in view: their chips are flagged. */
  missingKeys?: readonly string[];
  readOnly?: boolean;
  ariaLabel: string;
  /** Hide the merge-field palette (a merged preview has nothing to insert). */
  hidePalette?: boolean;
  ref?: Ref<DocumentEditorHandle>;
}

/**
 * A document as a page: white US-Letter-wide sheet on grey, the formatting bar above, the merge
 * field palette beside it (below a toggle on phones). TipTap over the shared document schema.
 */
export function DocumentEditor({
  initialContent,
  onChange,
  missingKeys,
  readOnly = false,
  ariaLabel,
  hidePalette = false,
  ref,
}: DocumentEditorProps) {
  const catalogue = useMergeFieldCatalogue();
  const fields = useMemo(() => catalogue.data?.items ?? [], [catalogue.data]);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });

  const editor = useEditor({
    extensions: browserDocumentExtensions,
    content: initialContent,
    editable: !readOnly,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        'aria-label': ariaLabel,
        'aria-multiline': 'true',
        role: 'textbox',
        class: 'document-sheet-content outline-none',
      },
      // A paste that would push the document over the API's limit is refused before ProseMirror
      // parses it (parsing megabytes of HTML is what freezes a tab).
      handlePaste: (view, event) => {
        const size = pasteSize(event.clipboardData);
        if (size === 0) return false;
        const current = view.state.doc.content.size;
        if (!pasteTooLarge(current, size)) return false;
        toast.error(tooLargeMessage);
        return true;
      },
    },
    onUpdate: ({ editor: current }) => onChangeRef.current?.(current.getJSON()),
  });

  useEffect(() => {
    // No update event: switching modes is not an edit (it would mark the form as changed).
    editor.setEditable(!readOnly, false);
  }, [editor, readOnly]);

  // Chips read their label from the catalogue and their flag from the parent's missing keys.
  const labels = useMemo(() => new Map(fields.map((field) => [field.key, field.label])), [fields]);
  const missingList = (missingKeys ?? []).join('\n');
  useEffect(() => {
    const state = chipStateOf(editor);
    state.labels = labels;
    state.missing = new Set(missingList ? missingList.split('\n') : []);
    for (const chip of state.chips) paintChip(chip, state);
  }, [editor, labels, missingList]);

  useImperativeHandle(
    ref,
    () => ({ getJson: () => editor.getJSON(), focus: () => editor.commands.focus() }),
    [editor],
  );

  const insert = (field: MergeField) => {
    editor
      .chain()
      .focus()
      .insertContent({ type: 'mergeField', attrs: { key: field.key, label: field.label } })
      .run();
  };

  const showPalette = !readOnly && !hidePalette;
  return (
    <div
      className={cn('grid gap-4', showPalette && 'lg:grid-cols-[minmax(0,1fr)_16rem]')}
      data-tour={readOnly ? undefined : 'document-editor'}
    >
      <div className="min-w-0 rounded-xl border border-border bg-slate-100">
        {readOnly ? null : (
          // Below the app's sticky bar (4rem), so the tools stay in reach down a long document.
          <div className="sticky top-16 z-10 overflow-hidden rounded-t-xl">
            <EditorToolbar editor={editor} />
          </div>
        )}
        {showPalette ? (
          <div className="border-b border-border bg-surface px-2 py-1.5 lg:hidden">
            <button
              type="button"
              aria-expanded={paletteOpen}
              onClick={() => setPaletteOpen((open) => !open)}
              className="inline-flex h-8 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-primary hover:bg-primary-soft focus-visible:outline-2 focus-visible:outline-primary"
            >
              <PanelRightOpen className="size-4" aria-hidden="true" />
              {paletteOpen ? 'Hide merge fields' : 'Insert merge field'}
            </button>
            {paletteOpen ? (
              <div className="mt-2 max-h-80">
                <MergeFieldPalette
                  fields={fields}
                  loading={catalogue.isPending}
                  error={catalogue.isError}
                  onInsert={insert}
                />
              </div>
            ) : null}
          </div>
        ) : null}
        <div className="px-0 py-0 sm:px-6 sm:py-8">
          <div className="document-sheet mx-auto w-full max-w-[816px] bg-white shadow-md ring-1 ring-slate-200 sm:min-h-[1056px]">
            <EditorContent editor={editor} />
          </div>
        </div>
      </div>
      {showPalette ? (
        <div className="hidden lg:block">
          <div className="sticky top-20 max-h-[calc(100vh-6rem)]">
            <MergeFieldPalette
              fields={fields}
              loading={catalogue.isPending}
              error={catalogue.isError}
              onInsert={insert}
            />
          </div>
        </div>
      ) : null}
    </div>
  );
}
