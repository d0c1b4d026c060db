import { type ComponentProps, type KeyboardEvent, useEffect, useId, useState } from 'react';
import { cn } from '../../lib/cn';
import { Input } from './input';

/** Typing narrows a long list; this many are shown at most. */
const maxShown = 50;

/**
 * The suggestions containing the typed text (any case), those starting with it first, each name
 * once; the typed text itself is left out (nothing to suggest when it is already there).
 */
export function matchSuggestions(suggestions: readonly string[], typed: string): string[] {
  const needle = typed.trim().toLowerCase();
  const seen = new Set<string>([needle]);
  const starts: string[] = [];
  const contains: string[] = [];
  for (const suggestion of suggestions) {
    const key = suggestion.trim().toLowerCase();
    if (seen.has(key) || !key.includes(needle)) continue;
    seen.add(key);
    (key.startsWith(needle) ? starts : contains).push(suggestion);
  }
  return [...starts, ...contains].slice(0, maxShown);
}

interface SuggestionsOptions {
  suggestions: readonly string[];
  /** What is in the text box now. */
  typed: string;
  onPick: (value: string) => void;
}

/**
 * A text box's suggestion list, as an ARIA combobox (replacing `<datalist>`, whose popup the page
 * cannot see): typing, a click or ↓ opens it, ↑ ↓ move, Enter or a click picks, and Escape closes
 * only the list (it stops the key, so a dialog around it stays open). Spread `inputProps` on the
 * input, call `handleKeyDown` first in its key handler, `show` as it changes and `hide` on blur,
 * and render `listbox` in a `relative` box around it.
 */
export function useSuggestions({ suggestions, typed, onPick }: SuggestionsOptions) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const matches = open ? matchSuggestions(suggestions, typed) : [];
  const expanded = matches.length > 0;
  const optionId = (index: number) => `${listId}-${index}`;

  useEffect(() => {
    if (active >= 0) document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, listId]);

  const show = () => {
    setOpen(true);
    setActive(-1);
  };
  const hide = () => {
    setOpen(false);
    setActive(-1);
  };
  const pick = (value: string) => {
    hide();
    onPick(value);
  };

  /** True when the key was the list's: the caller then leaves it alone. */
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>): boolean => {
    if (event.key === 'ArrowDown' && !expanded) {
      event.preventDefault();
      setOpen(true);
      setActive(0);
      return true;
    }
    if (!expanded) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const last = matches.length - 1;
      setActive((current) =>
        event.key === 'ArrowDown' ? (current >= last ? 0 : current + 1) : current <= 0 ? last : current - 1,
      );
      return true;
    }
    if (event.key === 'Enter' && active >= 0 && matches[active]) {
      event.preventDefault();
      pick(matches[active]);
      return true;
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      hide();
      return true;
    }
    return false;
  };

  return {
    inputProps: {
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-expanded': expanded,
      'aria-controls': expanded ? listId : undefined,
      'aria-activedescendant': expanded && active >= 0 ? optionId(active) : undefined,
      autoComplete: 'off',
    } as const,
    handleKeyDown,
    show,
    hide,
    listbox: expanded ? (
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        className="absolute top-full left-0 z-30 mt-1 max-h-56 w-full overflow-y-auto rounded-lg border border-border bg-surface p-1 shadow-lg"
      >
        {matches.map((match, index) => (
          <li
            key={match}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            // Picking must not take focus from the text box.
            onPointerDown={(event) => event.preventDefault()}
            onClick={() => pick(match)}
            onPointerMove={() => setActive(index)}
            className={cn(
              'cursor-pointer truncate rounded-md px-2.5 py-2 text-sm',
              index === active && 'bg-muted',
            )}
          >
            {match}
          </li>
        ))}
      </ul>
    ) : null,
  };
}

type SuggestionInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
  /** Known values (e.g. the organization's lead sources); any other text is kept as typed. */
  suggestions: readonly string[];
};

/** A text box that suggests known values as you type. */
export function SuggestionInput({
  value,
  onChange,
  suggestions,
  onKeyDown,
  onBlur,
  onClick,
  ...props
}: SuggestionInputProps) {
  const list = useSuggestions({ suggestions, typed: value, onPick: onChange });
  return (
    <div className="relative">
      <Input
        {...props}
        {...list.inputProps}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          list.show();
        }}
        onClick={(event) => {
          list.show();
          onClick?.(event);
        }}
        onKeyDown={(event) => {
          if (!list.handleKeyDown(event)) onKeyDown?.(event);
        }}
        onBlur={(event) => {
          list.hide();
          onBlur?.(event);
        }}
      />
      {list.listbox}
    </div>
  );
}
