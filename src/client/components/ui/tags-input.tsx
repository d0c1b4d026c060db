import { X } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { cn } from '../../lib/cn';
import { useSuggestions } from './suggestion-input';

interface TagsInputProps {
  id?: string;
  value: readonly string[];
  onChange: (tags: string[]) => void;
  /** Offered while typing (the organization's tags). */
  suggestions?: readonly string[];
  placeholder?: string;
  disabled?: boolean;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  className?: string;
}

/** Adds `tag` unless already there (any case); blank text adds nothing. */
export function addTag(tags: readonly string[], tag: string): string[] {
  const text = tag.trim();
  if (!text || tags.some((existing) => existing.toLowerCase() === text.toLowerCase())) return [...tags];
  return [...tags, text];
}

/**
 * Tags as chips: type and press Enter (or a comma) to add one, Backspace on an empty box removes
 * the last, × removes any. Leaving the box adds what was typed.
 */
export function TagsInput({
  id,
  value,
  onChange,
  suggestions = [],
  placeholder = 'Add a tag…',
  disabled,
  className,
  ...aria
}: TagsInputProps) {
  const [text, setText] = useState('');
  const commit = () => {
    if (!text.trim()) return;
    const next = addTag(value, text);
    setText('');
    if (next.length !== value.length) onChange(next);
  };
  const available = suggestions.filter(
    (tag) => !value.some((existing) => existing.toLowerCase() === tag.toLowerCase()),
  );
  const list = useSuggestions({
    suggestions: available,
    typed: text,
    onPick: (tag) => {
      setText('');
      onChange(addTag(value, tag));
    },
  });
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (list.handleKeyDown(event)) return;
    if (event.key === 'Enter' || event.key === ',') {
      if (!text.trim()) return;
      event.preventDefault();
      commit();
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };
  return (
    <div
      className={cn(
        'relative flex min-h-10 w-full flex-wrap items-center gap-1.5 rounded-lg border border-border bg-surface px-2 py-1.5 shadow-xs',
        'focus-within:border-primary focus-within:outline-2 focus-within:outline-primary/25',
        aria['aria-invalid'] && 'border-destructive',
        disabled && 'cursor-not-allowed bg-muted',
        className,
      )}
    >
      {value.map((tag) => (
        <span
          key={tag}
          className="inline-flex max-w-full items-center gap-0.5 rounded-md bg-primary-soft py-0.5 pr-0.5 pl-2 text-xs font-medium text-primary-soft-foreground"
        >
          <span className="truncate">{tag}</span>
          {disabled ? null : (
            <button
              type="button"
              onClick={() => onChange(value.filter((existing) => existing !== tag))}
              className="flex size-4.5 items-center justify-center rounded hover:bg-primary/15"
            >
              <X className="size-3" aria-hidden="true" />
              <span className="sr-only">Remove tag {tag}</span>
            </button>
          )}
        </span>
      ))}
      <input
        id={id}
        {...list.inputProps}
        value={text}
        disabled={disabled}
        placeholder={value.length === 0 ? placeholder : ''}
        onChange={(event) => {
          setText(event.target.value);
          list.show();
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          list.hide();
          commit();
        }}
        className="h-7 min-w-24 flex-1 bg-transparent px-1 text-sm outline-none placeholder:text-muted-foreground/70"
        {...aria}
      />
      {list.listbox}
    </div>
  );
}
