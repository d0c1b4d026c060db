import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Input } from '../../../components/ui/input';

interface Answer<T> {
  items: T[];
}

interface DealRow {
  id: string;
  dealName: string;
  relatedClient: string | null;
  relatedClientName: string | null;
}

interface ClientRow {
  id: string;
  displayName: string;
  email: string | null;
}

export interface PickedRecord {
  kind: 'deal' | 'client';
  id: string;
  name: string;
  /** A deal's client. */
  clientId?: string | null;
  clientName?: string | null;
}

function useDebounced(value: string, delay = 250): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/** The organization's deals or clients matching a search, the 20 best; picking one answers it. */
export function RecordSearch({
  kind,
  onPick,
  selectedId,
  clientId,
  label,
}: {
  kind: 'deal' | 'client';
  onPick: (record: PickedRecord) => void;
  selectedId?: string | null;
  /** Only this client's deals. */
  clientId?: string | null;
  label: string;
}) {
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim());
  const id = useId();
  const params = new URLSearchParams({ limit: '20' });
  if (term) params.set('search', term);
  if (kind === 'deal' && clientId) params.set('relatedClient', clientId);
  const path = kind === 'deal' ? '/api/deals' : '/api/clients';
  // The previous answer stays while a new term loads, so the option under the pointer never blinks away.
  const list = useQuery<Answer<DealRow | ClientRow>>({
    queryKey: [`${path}?${params}`],
    placeholderData: keepPreviousData,
  });
  const records: PickedRecord[] = (list.data?.items ?? []).map((row) =>
    'dealName' in row
      ? {
          kind: 'deal',
          id: row.id,
          name: row.dealName,
          clientId: row.relatedClient,
          clientName: row.relatedClientName,
        }
      : { kind: 'client', id: row.id, name: (row as ClientRow).displayName },
  );
  const details = (record: PickedRecord) => {
    const row = list.data?.items.find((item) => item.id === record.id);
    if (!row) return null;
    return 'dealName' in row ? row.relatedClientName : (row as ClientRow).email;
  };
  return (
    <div className="flex min-h-0 flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Input
        id={id}
        type="search"
        value={search}
        placeholder={kind === 'deal' ? 'Search deals by name, case or client' : 'Search clients'}
        onChange={(event) => setSearch(event.target.value)}
      />
      <div
        role="listbox"
        aria-label={kind === 'deal' ? 'Deals' : 'Clients'}
        className="max-h-56 min-h-16 overflow-y-auto rounded-lg border border-border"
      >
        {list.isPending ? (
          <p className="p-3 text-sm text-muted-foreground">Loading…</p>
        ) : list.isError ? (
          <p className="p-3 text-sm text-destructive">Could not load the list.</p>
        ) : records.length === 0 ? (
          <p className="p-3 text-sm text-muted-foreground">
            {term ? `Nothing matches “${term}”.` : kind === 'deal' ? 'No deals yet.' : 'No clients yet.'}
          </p>
        ) : (
          records.map((record) => {
            const selected = record.id === selectedId;
            return (
              <button
                key={record.id}
                type="button"
                role="option"
                aria-selected={selected}
                onClick={() => onPick(record)}
                className={`flex w-full flex-col items-start border-b border-border px-3 py-2 text-left last:border-b-0 hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary ${selected ? 'bg-primary-soft text-primary-soft-foreground' : ''}`}
              >
                <span className="text-sm font-medium">{record.name}</span>
                {details(record) ? (
                  <span className="text-xs text-muted-foreground">{details(record)}</span>
                ) : null}
              </button>
            );
          })
        )}
      </div>
    </div>
  );
}
