import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { type RelatedEntityType, relatedEntityTypes } from '../../../../common/validation/objects';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { readApiError } from '../../../lib/api';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useEntityRecordList } from '../records-api';

/** A record the user may pick: a custom record or a lead, client, company or deal. */
export interface PickedRecord {
  type: RelatedEntityType;
  id: string;
  title: string;
  subtitle: string | null;
}

/** Where the picker looks: one object's records, or every kind of record (the global search). */
export type PickerSource = { kind: 'object'; entityType: string } | { kind: 'any' };

interface RecordPickerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  source: PickerSource;
  /** Records not offered (already linked, or the record itself), by `${type}:${id}`. */
  exclude: ReadonlySet<string>;
  onPick: (record: PickedRecord) => Promise<unknown>;
}

/** A search box and the matching records; choosing one links it (the dialog stays open on a failure). */
export function RecordPickerDialog({ open, onOpenChange, ...props }: RecordPickerDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="md">
        {open ? <Picker {...props} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

interface SearchAnswer {
  results: {
    kind?: string;
    type?: string;
    id: string;
    title: string;
    subtitle: string | null;
  }[];
}

const isRelatedType = (value: unknown): value is RelatedEntityType =>
  typeof value === 'string' && (relatedEntityTypes as readonly string[]).includes(value);

/** The candidates for what was typed, from the source's list or the global search. */
function useCandidates(source: PickerSource, term: string) {
  const objectList = useEntityRecordList(
    source.kind === 'object' ? source.entityType : '',
    term ? { search: term } : {},
    { pageSize: 20, enabled: source.kind === 'object' },
  );
  const search = useQuery<SearchAnswer>({
    queryKey: ['/api/search', { q: term }],
    enabled: source.kind === 'any' && term.length > 0,
    placeholderData: keepPreviousData,
  });
  if (source.kind === 'object') {
    return {
      loading: objectList.isPending,
      error: objectList.error,
      items: objectList.rows.map(
        (record): PickedRecord => ({
          type: 'entity_record',
          id: record.id,
          title: record.displayName,
          subtitle: null,
        }),
      ),
    };
  }
  const items: PickedRecord[] = [];
  for (const result of term ? (search.data?.results ?? []) : []) {
    const type = result.kind ?? result.type;
    if (isRelatedType(type))
      items.push({ type, id: result.id, title: result.title, subtitle: result.subtitle });
  }
  return { loading: term.length > 0 && search.isPending, error: search.error, items };
}

const typeLabels: Record<RelatedEntityType, string> = {
  lead: 'Lead',
  client: 'Client',
  company: 'Company',
  deal: 'Deal',
  entity_record: '',
};

function Picker({
  title,
  description,
  source,
  exclude,
  onPick,
  onDone,
}: Omit<RecordPickerDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const [text, setText] = useState('');
  const term = useDebouncedValue(text.trim(), 200);
  const [picking, setPicking] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const inputId = useId();
  const candidates = useCandidates(source, term);
  const items = candidates.items.filter((item) => !exclude.has(`${item.type}:${item.id}`));

  const pick = async (item: PickedRecord) => {
    setPicking(item.id);
    setFailure(null);
    try {
      await onPick(item);
      onDone();
    } catch (error) {
      setFailure(readApiError(error).message);
    } finally {
      setPicking(null);
    }
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-3">
        <label htmlFor={inputId} className="sr-only">
          Search
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={inputId}
            type="search"
            autoComplete="off"
            placeholder={
              source.kind === 'any' ? 'Search leads, clients, companies, deals…' : 'Search by name…'
            }
            className="pl-9"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        {failure ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {failure}
          </p>
        ) : null}
        <div className="min-h-32" aria-live="polite">
          {candidates.loading ? (
            <div className="flex justify-center py-6">
              <Spinner label="Searching" />
            </div>
          ) : candidates.error ? (
            <p className="py-4 text-sm text-destructive">{readApiError(candidates.error).message}</p>
          ) : source.kind === 'any' && !term ? (
            <p className="py-4 text-sm text-muted-foreground">Type a name to find the record to link.</p>
          ) : items.length === 0 ? (
            <p className="py-4 text-sm text-muted-foreground">Nothing to link matches “{term}”.</p>
          ) : (
            <ul className="flex flex-col gap-1" aria-label="Matching records">
              {items.map((item) => (
                <li key={`${item.type}:${item.id}`}>
                  <Button
                    variant="ghost"
                    className="h-auto w-full justify-start px-3 py-2 text-left"
                    disabled={picking !== null}
                    onClick={() => void pick(item)}
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium">{item.title}</span>
                      <span className="block truncate text-xs font-normal text-muted-foreground">
                        {[source.kind === 'any' ? typeLabels[item.type] : null, item.subtitle]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                    </span>
                    {picking === item.id ? <Spinner /> : null}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </DialogBody>
    </>
  );
}
