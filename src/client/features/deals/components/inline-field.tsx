import { Check, Pencil, X } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { fieldControlClassName } from '../../../components/ui/input';
import { SuggestionInput } from '../../../components/ui/suggestion-input';
import { cn } from '../../../lib/cn';

export interface InlineOption {
  value: string;
  label: string;
}

interface InlineFieldProps {
  label: string;
  /** The stored value as the editor shows it ('' when empty). */
  value: string;
  /** How the value reads when not editing. */
  display?: ReactNode;
  kind?: 'text' | 'number' | 'money' | 'date' | 'select' | 'textarea';
  options?: InlineOption[];
  /** Known values a text field suggests as you type (any other text is kept). */
  suggestions?: readonly string[];
  placeholder?: string;
  /** A line under the field, e.g. where its value comes from. */
  hint?: ReactNode;
  disabled?: boolean;
  /** Saves the new value; rejects (after showing why) to keep the editor open. */
  onSave: (value: string) => Promise<unknown> | undefined;
  className?: string;
  testId?: string;
}

/**
 * A label and value that turns into an editor on click (or Enter): Enter or leaving the field
 * saves, Escape cancels. The page applies the change at once and undoes it if the server refuses.
 */
export function InlineField({
  label,
  value,
  display,
  kind = 'text',
  options,
  suggestions,
  placeholder,
  hint,
  disabled,
  onSave,
  className,
  testId,
}: InlineFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const inputRef = useRef<HTMLInputElement & HTMLSelectElement & HTMLTextAreaElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const saving = useRef(false);

  useEffect(() => {
    if (editing) inputRef.current?.focus();
  }, [editing]);

  const close = () => {
    setEditing(false);
    requestAnimationFrame(() => buttonRef.current?.focus());
  };
  const commit = async () => {
    if (saving.current) return;
    if (draft.trim() === value.trim()) {
      close();
      return;
    }
    saving.current = true;
    try {
      await onSave(draft.trim());
      close();
    } catch {
      // The page showed the reason; the editor stays open to fix it.
    } finally {
      saving.current = false;
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setDraft(value);
      close();
    } else if (event.key === 'Enter' && kind !== 'textarea') {
      event.preventDefault();
      void commit();
    }
  };

  const shown =
    display ?? (value ? value : <span className="text-muted-foreground/80">{placeholder ?? 'Not set'}</span>);

  return (
    <div className={cn('group/field flex min-w-0 flex-col gap-1', className)} data-testid={testId}>
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      {editing ? (
        <div className="flex items-start gap-1.5">
          {kind === 'select' ? (
            <select
              id={id}
              ref={inputRef}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onBlur={() => void commit()}
              onKeyDown={onKeyDown}
              className={cn(fieldControlClassName, 'h-9')}
            >
              {options?.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          ) : kind === 'textarea' ? (
            <textarea
              id={id}
              ref={inputRef}
              rows={4}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onBlur={() => void commit()}
              onKeyDown={onKeyDown}
              className={cn(fieldControlClassName, 'py-2 leading-6')}
            />
          ) : kind === 'text' && suggestions ? (
            <div className="min-w-0 flex-1">
              <SuggestionInput
                id={id}
                ref={inputRef}
                value={draft}
                placeholder={placeholder}
                suggestions={suggestions}
                onChange={setDraft}
                onBlur={() => void commit()}
                onKeyDown={onKeyDown}
                className="h-9"
              />
            </div>
          ) : (
            <input
              id={id}
              ref={inputRef}
              type={kind === 'date' ? 'date' : 'text'}
              inputMode={kind === 'number' || kind === 'money' ? 'decimal' : undefined}
              value={draft}
              placeholder={placeholder}
              aria-describedby={hint ? hintId : undefined}
              onChange={(event) => setDraft(event.target.value)}
              onBlur={() => void commit()}
              onKeyDown={onKeyDown}
              className={cn(fieldControlClassName, 'h-9')}
            />
          )}
          <button
            type="button"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => void commit()}
            className="flex size-9 shrink-0 items-center justify-center rounded-md text-primary hover:bg-primary-soft"
          >
            <Check className="size-4" aria-hidden="true" />
            <span className="sr-only">Save {label}</span>
          </button>
          <button
            type="button"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              setDraft(value);
              close();
            }}
            className="flex size-9 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-muted"
          >
            <X className="size-4" aria-hidden="true" />
            <span className="sr-only">Cancel</span>
          </button>
        </div>
      ) : (
        <button
          ref={buttonRef}
          type="button"
          disabled={disabled}
          aria-describedby={hint ? hintId : undefined}
          onClick={() => {
            setDraft(value);
            setEditing(true);
          }}
          className={cn(
            '-mx-2 flex min-h-9 items-center gap-2 rounded-md px-2 py-1 text-left text-sm text-foreground transition-colors',
            !disabled && 'hover:bg-muted focus-visible:outline-2 focus-visible:outline-primary',
            disabled && 'cursor-default',
          )}
        >
          {/* Named "County: Marion", as the lead page's fields: the field first, and no "edit" in every name. */}
          <span className="sr-only">{label}: </span>
          <span className={cn('min-w-0 flex-1 break-words', kind === 'textarea' && 'whitespace-pre-wrap')}>
            {shown}
          </span>
          {disabled ? null : (
            <Pencil
              className="size-3.5 shrink-0 text-muted-foreground opacity-0 transition-opacity group-hover/field:opacity-100"
              aria-hidden="true"
            />
          )}
        </button>
      )}
      {hint ? (
        <p id={hintId} className="text-xs leading-5 text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
