import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import {
  AlignCenter,
  AlignJustify,
  AlignLeft,
  AlignRight,
  Bold,
  Columns3,
  Heading1,
  Heading2,
  Heading3,
  Italic,
  List,
  ListOrdered,
  Redo2,
  Rows3,
  Scissors,
  Table,
  Trash2,
  Underline,
  Undo2,
} from 'lucide-react';
import type { KeyboardEvent, ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { insertPageBreak } from '../browser-extensions';

/** The editor's formatting bar: one tab stop, arrow keys move between its buttons. */
export function EditorToolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h1: e.isActive('heading', { level: 1 }),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      left: e.isActive({ textAlign: 'left' }),
      center: e.isActive({ textAlign: 'center' }),
      right: e.isActive({ textAlign: 'right' }),
      justify: e.isActive({ textAlign: 'justify' }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      inTable: e.isActive('table'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const run = () => editor.chain().focus();
  const heading = (level: 1 | 2 | 3) => () => run().toggleHeading({ level }).run();
  const align = (value: string) => () => run().setTextAlign(value).run();

  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      aria-orientation="horizontal"
      onKeyDown={moveFocus}
      // Phones: one scrolling row rather than three wrapped ones above the page.
      className="flex flex-nowrap items-center gap-0.5 overflow-x-auto border-b border-border bg-surface px-2 py-1.5 sm:flex-wrap"
    >
      <Group>
        <Tool label="Heading 1" icon={<Heading1 />} active={state.h1} onClick={heading(1)} first />
        <Tool label="Heading 2" icon={<Heading2 />} active={state.h2} onClick={heading(2)} />
        <Tool label="Heading 3" icon={<Heading3 />} active={state.h3} onClick={heading(3)} />
      </Group>
      <Group>
        <Tool label="Bold" icon={<Bold />} active={state.bold} onClick={() => run().toggleBold().run()} />
        <Tool
          label="Italic"
          icon={<Italic />}
          active={state.italic}
          onClick={() => run().toggleItalic().run()}
        />
        <Tool
          label="Underline"
          icon={<Underline />}
          active={state.underline}
          onClick={() => run().toggleUnderline().run()}
        />
      </Group>
      <Group>
        <Tool label="Align left" icon={<AlignLeft />} active={state.left} onClick={align('left')} />
        <Tool label="Align center" icon={<AlignCenter />} active={state.center} onClick={align('center')} />
        <Tool label="Align right" icon={<AlignRight />} active={state.right} onClick={align('right')} />
        <Tool label="Justify" icon={<AlignJustify />} active={state.justify} onClick={align('justify')} />
      </Group>
      <Group>
        <Tool
          label="Bulleted list"
          icon={<List />}
          active={state.bullet}
          onClick={() => run().toggleBulletList().run()}
        />
        <Tool
          label="Numbered list"
          icon={<ListOrdered />}
          active={state.ordered}
          onClick={() => run().toggleOrderedList().run()}
        />
      </Group>
      <Group>
        <Tool
          label="Insert table"
          icon={<Table />}
          onClick={() => run().insertTable({ rows: 3, cols: 3, withHeaderRow: false }).run()}
        />
        <Tool
          label="Add row"
          icon={<Rows3 />}
          disabled={!state.inTable}
          onClick={() => run().addRowAfter().run()}
        />
        <Tool
          label="Remove row"
          icon={<Rows3 />}
          badge="−"
          disabled={!state.inTable}
          onClick={() => run().deleteRow().run()}
        />
        <Tool
          label="Add column"
          icon={<Columns3 />}
          disabled={!state.inTable}
          onClick={() => run().addColumnAfter().run()}
        />
        <Tool
          label="Remove column"
          icon={<Columns3 />}
          badge="−"
          disabled={!state.inTable}
          onClick={() => run().deleteColumn().run()}
        />
        <Tool
          label="Remove table"
          icon={<Trash2 />}
          disabled={!state.inTable}
          onClick={() => run().deleteTable().run()}
        />
      </Group>
      <Group>
        <Tool label="Page break (Ctrl+Enter)" icon={<Scissors />} onClick={() => insertPageBreak(editor)} />
      </Group>
      <Group last>
        <Tool label="Undo" icon={<Undo2 />} disabled={!state.canUndo} onClick={() => run().undo().run()} />
        <Tool label="Redo" icon={<Redo2 />} disabled={!state.canRedo} onClick={() => run().redo().run()} />
      </Group>
    </div>
  );
}

function Group({ children, last = false }: { children: ReactNode; last?: boolean }) {
  return (
    <div className={cn('flex shrink-0 items-center gap-0.5', !last && 'mr-1 border-r border-border pr-1.5')}>
      {children}
    </div>
  );
}

interface ToolProps {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  active?: boolean;
  disabled?: boolean;
  /** A small mark on the icon ("−" for remove). */
  badge?: string;
  /** The toolbar's tab stop (roving tabindex: the others are reached with the arrow keys). */
  first?: boolean;
}

function Tool({ label, icon, onClick, active, disabled = false, badge, first = false }: ToolProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active}
      disabled={disabled}
      tabIndex={first ? 0 : -1}
      // Keep the editor's selection: a mousedown on the button would blur it first.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={cn(
        'relative inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-primary disabled:pointer-events-none disabled:opacity-40 [&_svg]:size-4',
        active && 'bg-primary-soft text-primary-soft-foreground',
      )}
    >
      {icon}
      {badge ? (
        <span aria-hidden="true" className="absolute right-0.5 bottom-0 text-[11px] leading-none font-bold">
          {badge}
        </span>
      ) : null}
    </button>
  );
}

/** Arrow keys, Home and End move between the toolbar's enabled buttons. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const keys = ['ArrowRight', 'ArrowLeft', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')];
  const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (index < 0 || buttons.length === 0) return;
  event.preventDefault();
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? buttons.length - 1
        : (index + (event.key === 'ArrowRight' ? 1 : -1) + buttons.length) % buttons.length;
  for (const button of buttons) button.tabIndex = -1;
  buttons[next].tabIndex = 0;
  buttons[next].focus();
}
