import { X } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { z } from 'zod';
import { useSuggestions } from '../../components/ui/suggestion-input';
import { cn } from '../../lib/cn';
import { useAddressSuggestions } from './api';

const address = z.email();

/** Whether a chip holds an address the server will take. */
export const isValidAddress = (text: string) => address.safeParse(text).success;

/** "Mary Lee <mary@example.com>" or a bare address → the address, lowercase-trimmed. */
export function addressOf(text: string): string {
  const match = /<([^<>]+)>\s*$/.exec(text);
  return (match ? match[1] : text).trim().toLowerCase();
}

/** Adds each address of `text` (pasted lists split on commas, semicolons and spaces) not already there. */
export function addAddresses(list: readonly string[], text: string): string[] {
  const next = [...list];
  for (const part of text.split(/[,;\s]+(?![^<]*>)/)) {
    const value = addressOf(part);
    if (value && !next.includes(value)) next.push(value);
  }
  return next;
}

/**
 * To/Cc/Bcc as chips: type an address or a name (suggestions from the CRM's leads, clients and
 * users), Enter, comma or leaving the box adds it; a malformed address stays as a red chip that
 * says so, so nothing typed is lost silently.
 */
export function AddressInput({
  id,
  value,
  onChange,
  label,
  invalid,
  describedBy,
}: {
  id: string;
  value: readonly string[];
  onChange: (addresses: string[]) => void;
  label: string;
  invalid?: boolean;
  describedBy?: string;
}) {
  const [text, setText] = useState('');
  const suggestions = useAddressSuggestions(text);
  const options = (suggestions.data?.items ?? [])
    .filter((s) => !value.includes(s.email.toLowerCase()))
    .map((s) => `${s.name} <${s.email}>`);
  const commit = () => {
    if (!text.trim()) return;
    onChange(addAddresses(value, text));
    setText('');
  };
  const list = useSuggestions({
    suggestions: options,
    typed: text,
    onPick: (picked) => {
      setText('');
      onChange(addAddresses(value, picked));
    },
  });
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (list.handleKeyDown(event)) return;
    if (event.key === 'Enter' || event.key === ',' || event.key === ';') {
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
        invalid && 'border-destructive',
      )}
    >
      {value.map((entry) => {
        const ok = isValidAddress(entry);
        return (
          <span
            key={entry}
            title={ok ? entry : 'Please enter a valid email address'}
            className={cn(
              'inline-flex max-w-full items-center gap-0.5 rounded-md py-0.5 pr-0.5 pl-2 text-xs font-medium',
              ok
                ? 'bg-primary-soft text-primary-soft-foreground'
                : 'bg-red-50 text-red-700 ring-1 ring-red-300',
            )}
          >
            <span className="truncate">{entry}</span>
            {ok ? null : <span className="sr-only"> (not a valid address)</span>}
            <button
              type="button"
              onClick={() => onChange(value.filter((existing) => existing !== entry))}
              className="flex size-4.5 items-center justify-center rounded hover:bg-primary/15"
            >
              <X className="size-3" aria-hidden="true" />
              <span className="sr-only">
                Remove {entry} from {label}
              </span>
            </button>
          </span>
        );
      })}
      <input
        id={id}
        {...list.inputProps}
        value={text}
        aria-label={label}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          setText(event.target.value);
          list.show();
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          list.hide();
          commit();
        }}
        className="h-7 min-w-32 flex-1 bg-transparent px-1 text-sm outline-none"
      />
      {list.listbox}
    </div>
  );
}
