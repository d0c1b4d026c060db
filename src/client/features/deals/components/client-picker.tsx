import { Check, ChevronsUpDown, Search, UserRound, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { fieldControlClassName } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { type ClientOption, useClientOptions } from '../api';

interface ClientPickerProps {
  id: string;
  value: string;
  /** The chosen client's name when it is known (an edited deal), so it shows before any search. */
  selectedName?: string | null;
  onChange: (id: string, client: ClientOption | null) => void;
  invalid?: boolean;
  describedBy?: string;
}

/** A searchable select over the organization's clients (GET /api/clients?search=). */
export function ClientPicker({ id, value, selectedName, onChange, invalid, describedBy }: ClientPickerProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [highlight, setHighlight] = useState(0);
  const [picked, setChosen] = useState<ClientOption | null>(
    value && selectedName ? { id: value, displayName: selectedName } : null,
  );
  // Cleared from outside (e.g. the form was reset): nothing is chosen.
  const chosen = value ? picked : null;
  const search = useDebouncedValue(query.trim(), 200);
  const options = useClientOptions(search, open);
  const items = options.data ?? [];
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const pick = (client: ClientOption | null) => {
    setChosen(client);
    onChange(client?.id ?? '', client);
    setOpen(false);
    setQuery('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpen(true);
      else setHighlight((h) => Math.min(h + 1, items.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setHighlight((h) => Math.max(h - 1, 0));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      const item = items[highlight];
      if (item) pick(item);
    } else if (event.key === 'Escape' && open) {
      // Close the list, not the dialog around it.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  const activeId = open && items[highlight] ? `${listId}-${items[highlight].id}` : undefined;

  return (
    <div ref={rootRef} className="relative">
      <div className="relative">
        <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground">
          {open ? (
            <Search className="size-4" aria-hidden="true" />
          ) : (
            <UserRound className="size-4" aria-hidden="true" />
          )}
        </span>
        <input
          ref={inputRef}
          id={id}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          className={cn(fieldControlClassName, 'h-10 pr-16 pl-9')}
          placeholder={chosen ? chosen.displayName : 'Search clients…'}
          value={open ? query : (chosen?.displayName ?? '')}
          onChange={(event) => {
            setQuery(event.target.value);
            setHighlight(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
        />
        <div className="absolute top-1/2 right-1.5 flex -translate-y-1/2 items-center gap-0.5">
          {chosen ? (
            <button
              type="button"
              onClick={() => pick(null)}
              className="flex size-7 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
            >
              <X className="size-3.5" aria-hidden="true" />
              <span className="sr-only">Clear client</span>
            </button>
          ) : null}
          <ChevronsUpDown className="mr-1.5 size-4 text-muted-foreground" aria-hidden="true" />
        </div>
      </div>
      {open ? (
        <div
          id={listId}
          role="listbox"
          aria-label="Clients"
          className="absolute z-20 mt-1 max-h-56 w-full overflow-y-auto rounded-lg border border-border bg-surface p-1 shadow-lg"
        >
          {options.isPending ? (
            <div className="flex items-center gap-2 px-2.5 py-2 text-sm text-muted-foreground">
              <Spinner /> Searching…
            </div>
          ) : items.length === 0 ? (
            <div className="px-2.5 py-2 text-sm text-muted-foreground">
              {search ? `No clients match “${search}”` : 'No clients yet'}
            </div>
          ) : (
            items.map((client, index) => (
              <div
                key={client.id}
                id={`${listId}-${client.id}`}
                role="option"
                tabIndex={-1}
                aria-selected={client.id === value}
                onPointerDown={(event) => event.preventDefault()}
                onClick={() => pick(client)}
                onKeyDown={() => undefined}
                onMouseEnter={() => setHighlight(index)}
                className={cn(
                  'flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm',
                  index === highlight ? 'bg-muted' : '',
                )}
              >
                <span className="min-w-0 flex-1 truncate">{client.displayName}</span>
                {client.id === value ? <Check className="size-4 text-primary" aria-hidden="true" /> : null}
              </div>
            ))
          )}
        </div>
      ) : null}
    </div>
  );
}
