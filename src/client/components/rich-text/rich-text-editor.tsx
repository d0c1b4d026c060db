import { EditorContent, useEditor } from '@tiptap/react';
import { Placeholder } from '@tiptap/extension-placeholder';
import { StarterKit } from '@tiptap/starter-kit';
import { Bold, Heading2, Italic, Link2, List, ListOrdered, Redo2, Undo2 } from 'lucide-react';
import { type ReactNode, useEffect, useImperativeHandle, type Ref } from 'react';
import { cn } from '../../lib/cn';

/** What a parent may do to the editor, e.g. a merge-field palette inserting at the caret. */
export interface RichTextEditorHandle {
  insertText(text: string): void;
  focus(): void;
}

export interface RichTextEditorProps {
  /** HTML. Changing it from outside (a template applied) replaces the content. */
  value: string;
  onChange(html: string): void;
  ariaLabel: string;
  placeholder?: string;
  id?: string;
  invalid?: boolean;
  minHeight?: number;
  /** Extra controls at the end of the toolbar (a merge-field menu). */
  toolbarEnd?: ReactNode;
  ref?: Ref<RichTextEditorHandle>;
}

/** Rich text (TipTap): headings, bold, italic, lists and links, answered as HTML. */
export function RichTextEditor({
  value,
  onChange,
  ariaLabel,
  placeholder,
  id,
  invalid,
  minHeight = 160,
  toolbarEnd,
  ref,
}: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: { openOnClick: false } }),
      Placeholder.configure({ placeholder }),
    ],
    content: value,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        'aria-label': ariaLabel,
        'aria-multiline': 'true',
        role: 'textbox',
        ...(id ? { id } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        // The height comes from the wrapper (React sets it through the CSSOM): a style attribute
        // written into the editor's HTML is refused by the CSP (style-src 'self').
        class: 'rich-text prose-sm max-w-none px-3 py-2 outline-none min-h-[inherit]',
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });

  useEffect(() => {
    if (!editor) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useImperativeHandle(
    ref,
    () => ({
      insertText: (text) => editor?.chain().focus().insertContent(text).run(),
      focus: () => editor?.commands.focus(),
    }),
    [editor],
  );

  return (
    <div
      className={cn(
        'rounded-lg border border-input bg-surface focus-within:outline-2 focus-within:outline-primary',
        invalid && 'border-destructive',
      )}
    >
      {editor && (
        <div className="flex flex-wrap items-center gap-0.5 border-b border-border px-1 py-1">
          {tool('Bold', <Bold />, () => editor.chain().focus().toggleBold().run(), editor.isActive('bold'))}
          {tool(
            'Italic',
            <Italic />,
            () => editor.chain().focus().toggleItalic().run(),
            editor.isActive('italic'),
          )}
          {tool(
            'Heading',
            <Heading2 />,
            () => editor.chain().focus().toggleHeading({ level: 2 }).run(),
            editor.isActive('heading', { level: 2 }),
          )}
          {tool(
            'Link',
            <Link2 />,
            () => {
              const current = editor.getAttributes('link').href as string | undefined;
              const href = window.prompt(
                'Link address (https://…). Leave empty to remove the link.',
                current ?? 'https://',
              );
              if (href === null) return;
              const trimmed = href.trim();
              // Only web and mail links: a javascript: URL in a message is never wanted.
              if (trimmed === '' || trimmed === 'https://')
                editor.chain().focus().extendMarkRange('link').unsetLink().run();
              else if (/^(https?:|mailto:)/i.test(trimmed))
                editor.chain().focus().extendMarkRange('link').setLink({ href: trimmed }).run();
            },
            editor.isActive('link'),
          )}
          {tool(
            'Bulleted list',
            <List />,
            () => editor.chain().focus().toggleBulletList().run(),
            editor.isActive('bulletList'),
          )}
          {tool(
            'Numbered list',
            <ListOrdered />,
            () => editor.chain().focus().toggleOrderedList().run(),
            editor.isActive('orderedList'),
          )}
          {tool('Undo', <Undo2 />, () => editor.chain().focus().undo().run())}
          {tool('Redo', <Redo2 />, () => editor.chain().focus().redo().run())}
          {toolbarEnd && <div className="ml-auto flex items-center gap-1">{toolbarEnd}</div>}
        </div>
      )}
      <EditorContent editor={editor} style={{ minHeight }} className="[&>div]:min-h-[inherit]" />
    </div>
  );
}

function tool(label: string, icon: ReactNode, run: () => void, active = false) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active}
      onClick={run}
      className={cn(
        'inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground [&_svg]:size-4',
        active && 'bg-muted text-foreground',
      )}
    >
      {icon}
    </button>
  );
}
