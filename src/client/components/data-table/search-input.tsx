import { Search, X } from 'lucide-react';
import { type ComponentProps, useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { Input } from '../ui/input';

interface SearchInputProps extends Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'defaultValue'> {
  /** The applied search (from the address bar). */
  value: string;
  /** Called once typing has paused for `delayMs`. */
  onSearch: (value: string) => void;
  delayMs?: number;
  wrapperClassName?: string;
}

/** A search box that applies what is typed after a pause (250 ms) and follows outside changes (Back). */
export function SearchInput({
  value,
  onSearch,
  delayMs = 250,
  className,
  wrapperClassName,
  ...props
}: SearchInputProps) {
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text.trim(), delayMs);
  const applied = useRef(value);

  useEffect(() => {
    if (debounced === applied.current) return;
    applied.current = debounced;
    onSearch(debounced);
  }, [debounced, onSearch]);

  // The address bar changed by other means (Back, a link, "Clear"): show what is applied.
  useEffect(() => {
    if (value === applied.current) return;
    applied.current = value;
    setText(value);
  }, [value]);

  return (
    <div className={cn('relative min-w-0 flex-1 sm:max-w-72', wrapperClassName)}>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && text) {
            event.preventDefault();
            setText('');
          }
        }}
        className={cn('h-9 pr-8 pl-9 [&::-webkit-search-cancel-button]:hidden', className)}
        {...props}
      />
      {text ? (
        <button
          type="button"
          onClick={() => setText('')}
          className="absolute top-1/2 right-1.5 flex size-6 -translate-y-1/2 items-center justify-center rounded text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <X className="size-3.5" aria-hidden="true" />
          <span className="sr-only">Clear search</span>
        </button>
      ) : null}
    </div>
  );
}
