import { Pencil } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { fieldControlClassName } from './input';

/** A field's shared zod rule as an inline validator: the rule's own message, or nothing. */
export function ruleOf(schema: {
  safeParse: (value: unknown) => { success: boolean; error?: { issues: { message: string }[] } };
}) {
  return (value: string): string | undefined => {
    const result = schema.safeParse(value);
    return result.success ? undefined : (result.error?.issues[0]?.message ?? 'Invalid value');
  };
}

export type InlineFieldKind = 'text' | 'email' | 'tel' | 'url' | 'number' | 'date' | 'textarea' | 'select';

export interface InlineFieldProps {
  label: string;
  /** The current value as text ('' when empty); dates as YYYY-MM-DD. */
  value: string;
  /** Shown for a non-empty value instead of the plain text (a link, a badge, a formatted date). */
  display?: ReactNode;
  kind?: InlineFieldKind;
  /** For `select`. */
  options?: readonly { value: string; label: string }[];
  /** For `select`: the choice meaning "none" (sent as ''). Without it the field cannot be emptied. */
  emptyLabel?: string;
  placeholder?: string;
  readOnly?: boolean;
  /** A message when the text cannot be saved (the shared zod rule); the field stays in edit mode. */
  validate?: (value: string) => string | undefined;
  /** Called with the new text when it changed; the caller saves it (optimistically). */
  onSave: (value: string) => void;
  /** `inline`: the label beside the value (record side bars); `stacked`: above it. */
  layout?: 'stacked' | 'inline';
  className?: string;
}

/**
 * A field of a record page that edits in place: click (or Enter) to edit; Enter or leaving the
 * field saves, Escape cancels. Text areas save with Ctrl/⌘+Enter (Enter is a new line).
 * The wrapper carries `data-inline-edit` while editing, so a surrounding dialog can leave
 * Escape to the field.
 */
export function InlineField({
  label,
  value,
  display,
  kind = 'text',
  options = [],
  emptyLabel,
  placeholder,
  readOnly = false,
  validate,
  onSave,
  layout = 'stacked',
  className,
}: InlineFieldProps) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | undefined>();
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Escape and Enter end editing before the blur that follows; the blur must not save again.
  const finished = useRef(false);

  const start = () => {
    if (readOnly) return;
    finished.current = false;
    setDraft(value);
    setError(undefined);
    setEditing(true);
  };
  const stop = (refocus: boolean) => {
    finished.current = true;
    setEditing(false);
    setError(undefined);
    if (refocus) requestAnimationFrame(() => buttonRef.current?.focus());
  };
  const save = (next: string, refocus: boolean) => {
    const text = kind === 'textarea' ? next : next.trim();
    if (text === value.trim()) {
      stop(refocus);
      return;
    }
    const message = validate?.(text);
    if (message) {
      setError(message);
      return;
    }
    onSave(text);
    stop(refocus);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      stop(true);
    } else if (event.key === 'Enter' && (kind !== 'textarea' || event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      save(draft, true);
    }
  };
  const onBlur = () => {
    if (!finished.current) save(draft, false);
  };

  const optionLabel = options.find((option) => option.value === value)?.label;
  const text = kind === 'select' ? (optionLabel ?? value) : value;
  const shownText = kind === 'email' ? breakableEmail(text) : text;
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;

  return (
    <div
      className={cn(
        'min-w-0',
        layout === 'inline' && 'grid grid-cols-[7rem_minmax(0,1fr)] items-start gap-x-3',
        className,
      )}
      data-inline-edit={editing ? '' : undefined}
    >
      <div
        id={labelId}
        className={cn(
          'text-muted-foreground',
          layout === 'inline' ? 'pt-1.5 text-sm leading-5' : 'mb-0.5 text-xs font-medium',
        )}
      >
        {label}
      </div>
      {editing ? (
        <div className="min-w-0">
          {kind === 'select' ? (
            <select
              // oxlint-disable-next-line jsx-a11y/no-autofocus -- the user asked to edit this field.
              autoFocus
              aria-labelledby={labelId}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className={cn(fieldControlClassName, 'h-9')}
              value={draft}
              onChange={(event) => {
                setDraft(event.target.value);
                save(event.target.value, true);
              }}
              onKeyDown={onKeyDown}
              onBlur={onBlur}
            >
              {emptyLabel !== undefined || !options.some((option) => option.value === draft) ? (
                <option value="">{emptyLabel ?? 'Choose…'}</option>
              ) : null}
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          ) : kind === 'textarea' ? (
            <textarea
              // oxlint-disable-next-line jsx-a11y/no-autofocus -- the user asked to edit this field.
              autoFocus
              rows={4}
              aria-labelledby={labelId}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className={cn(fieldControlClassName, 'py-2 leading-6')}
              value={draft}
              placeholder={placeholder}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={onKeyDown}
              onBlur={onBlur}
            />
          ) : (
            <input
              // oxlint-disable-next-line jsx-a11y/no-autofocus -- the user asked to edit this field.
              autoFocus
              type={kind}
              inputMode={kind === 'number' ? 'decimal' : undefined}
              aria-labelledby={labelId}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className={cn(fieldControlClassName, 'h-9')}
              value={draft}
              placeholder={placeholder}
              onChange={(event) => {
                setDraft(event.target.value);
                if (error) setError(undefined);
              }}
              onKeyDown={onKeyDown}
              onBlur={onBlur}
            />
          )}
          {error ? (
            <p id={errorId} className="mt-1 text-xs leading-5 font-medium text-destructive">
              {error}
            </p>
          ) : kind === 'textarea' ? (
            <p className="mt-1 text-xs text-muted-foreground">Ctrl+Enter to save, Esc to cancel</p>
          ) : null}
        </div>
      ) : readOnly ? (
        <div className="min-h-8 min-w-0 py-1.5 text-sm leading-5 break-words text-foreground">
          {text ? (display ?? shownText) : <span className="text-muted-foreground">—</span>}
        </div>
      ) : (
        <button
          ref={buttonRef}
          type="button"
          onClick={start}
          aria-labelledby={`${labelId} ${id}-value`}
          className={cn(
            'group -mx-2 flex min-h-8 w-[calc(100%+1rem)] min-w-0 items-start gap-2 rounded-md px-2 py-1.5 text-left text-sm leading-5 transition-colors',
            'hover:bg-muted focus-visible:outline-2 focus-visible:outline-primary',
          )}
        >
          <span
            id={`${id}-value`}
            className={cn(
              'min-w-0 flex-1 break-words',
              kind === 'textarea' && 'whitespace-pre-line',
              !text && 'text-muted-foreground',
            )}
          >
            {text ? (display ?? shownText) : `Add ${label.toLowerCase()}`}
          </span>
          <Pencil
            className="mt-0.5 size-3.5 shrink-0 text-muted-foreground opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
            aria-hidden="true"
          />
        </button>
      )}
    </div>
  );
}

/** An e-mail that wraps after its "@" in a narrow column ("gwen.marsh@ / example.com"), not mid-word. */
function breakableEmail(email: string): ReactNode {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
