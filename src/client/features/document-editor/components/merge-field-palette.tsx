import { Braces, Search } from 'lucide-react';
import { useId, useState } from 'react';
import type { MergeField, MergeFieldGroup } from '../../../../common/merge-fields';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';

/** The palette's groups, in the order a document reads them (company fields do not merge into documents). */
export const paletteGroups: { group: MergeFieldGroup; label: string }[] = [
  { group: 'organization', label: 'Organization' },
  { group: 'user', label: 'You' },
  { group: 'client', label: 'Client' },
  { group: 'lead', label: 'Lead' },
  { group: 'deal', label: 'Deal' },
  { group: 'date', label: 'Date' },
];

/** The catalogue grouped for the palette, narrowed by a search over labels and keys. */
export function groupFields(fields: readonly MergeField[], search: string) {
  const needle = search.trim().toLowerCase();
  const matches = (field: MergeField) =>
    needle === '' || field.label.toLowerCase().includes(needle) || field.key.toLowerCase().includes(needle);
  return paletteGroups
    .map(({ group, label }) => ({
      group,
      label,
      fields: fields.filter((field) => field.group === group && matches(field)),
    }))
    .filter((entry) => entry.fields.length > 0);
}

interface MergeFieldPaletteProps {
  fields: readonly MergeField[];
  loading: boolean;
  error: boolean;
  onInsert: (field: MergeField) => void;
  disabled?: boolean;
}

/** Merge fields by group with a search; a click (or Enter) inserts the field as a chip at the caret. */
export function MergeFieldPalette({
  fields,
  loading,
  error,
  onInsert,
  disabled = false,
}: MergeFieldPaletteProps) {
  const [search, setSearch] = useState('');
  const searchId = useId();
  const groups = groupFields(fields, search);
  return (
    <section
      aria-labelledby={`${searchId}-title`}
      className="flex max-h-[inherit] min-h-0 flex-col rounded-xl border border-border bg-surface shadow-xs"
    >
      <div className="border-b border-border p-3">
        <h2 id={`${searchId}-title`} className="flex items-center gap-2 text-sm font-semibold">
          <Braces className="size-4 text-primary" aria-hidden="true" />
          Merge fields
        </h2>
        <p className="mt-1 text-xs leading-5 text-muted-foreground">
          Filled in from the client, deal and your organization when a document is made.
        </p>
        <div className="relative mt-2">
          <Search
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={searchId}
            type="search"
            aria-label="Search merge fields"
            placeholder="Search fields"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="h-9 pl-8"
          />
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-2">
        {loading ? (
          <div className="space-y-2 p-1" aria-label="Loading fields">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-7 w-full" />
            <Skeleton className="h-7 w-full" />
          </div>
        ) : error ? (
          <p className="p-2 text-sm text-destructive">The merge fields could not be loaded.</p>
        ) : groups.length === 0 ? (
          <p className="p-2 text-sm text-muted-foreground">No field matches “{search}”.</p>
        ) : (
          groups.map(({ group, label, fields: groupFieldsList }) => (
            <div key={group} className="mb-2" role="group" aria-label={label}>
              <p className="px-2 pt-1 pb-1 text-[11px] font-semibold tracking-wide text-muted-foreground uppercase">
                {label}
              </p>
              <ul className="space-y-0.5">
                {groupFieldsList.map((field) => (
                  <li key={field.key}>
                    <button
                      type="button"
                      disabled={disabled}
                      // Keep the editor's caret where it is: the chip goes there.
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => onInsert(field)}
                      title={`Insert {{${field.key}}}`}
                      className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-primary-soft hover:text-primary-soft-foreground focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-50"
                    >
                      <span className="min-w-0 flex-1 truncate">{field.label}</span>
                      {field.custom ? (
                        <span className="text-[11px] text-muted-foreground">custom</span>
                      ) : null}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ))
        )}
      </div>
    </section>
  );
}
