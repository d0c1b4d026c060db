import { X } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { useSuggestions } from '../../../components/ui/suggestion-input';
import { cn } from '../../../lib/cn';
import { useTagOptions } from '../api';

interface TagInputProps {
  id: string;
  value: string[];
  onChange: (tags: string[]) => void;
}

/** Tags as removable chips; type a name and press Enter or comma (the organization's tags are suggested). */
export function TagInput({ id, value, onChange }: TagInputProps) {
  const [text, setText] = useState('');
  const tags = useTagOptions();
  const colorOf = (name: string) =>
    tags.data?.find((t) => t.name.toLowerCase() === name.toLowerCase())?.color;

  const add = (raw: string) => {
    const name = raw.trim().replace(/,$/, '').trim();
    if (!name) return;
    if (!value.some((t) => t.toLowerCase() === name.toLowerCase())) onChange([...value, name]);
    setText('');
  };
  const list = useSuggestions({
    suggestions: (tags.data ?? []).map((t) => t.name).filter((name) => !value.includes(name)),
    typed: text,
    onPick: add,
  });
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (list.handleKeyDown(event)) return;
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add(text);
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    <div
      className={cn(
        'relative flex min-h-10 flex-wrap items-center gap-1.5 rounded-lg border border-border bg-surface px-2 py-1.5 shadow-xs',
        'focus-within:border-primary focus-within:outline-2 focus-within:outline-primary/25',
      )}
    >
      {value.map((tag) => (
        <span
          key={tag}
          className="inline-flex items-center gap-1 rounded-md bg-muted py-0.5 pr-1 pl-2 text-xs font-medium text-foreground"
        >
          <span
            className="size-1.5 rounded-full bg-slate-400"
            style={colorOf(tag) ? { backgroundColor: colorOf(tag) } : undefined}
          />
          {tag}
          <button
            type="button"
            onClick={() => onChange(value.filter((t) => t !== tag))}
            className="rounded p-0.5 text-muted-foreground hover:bg-slate-200 hover:text-foreground"
          >
            <X className="size-3" aria-hidden="true" />
            <span className="sr-only">Remove tag {tag}</span>
          </button>
        </span>
      ))}
      <input
        id={id}
        {...list.inputProps}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          list.show();
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          list.hide();
          add(text);
        }}
        placeholder={value.length === 0 ? 'Add tags…' : ''}
        className="h-7 min-w-24 flex-1 bg-transparent px-1 text-sm outline-none placeholder:text-muted-foreground/70"
      />
      {list.listbox}
    </div>
  );
}
