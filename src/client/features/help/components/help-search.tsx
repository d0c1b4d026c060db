import { Search, X } from 'lucide-react';
import { Input } from '../../../components/ui/input';

interface HelpSearchProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** The search box above each help tab's list. */
export function HelpSearch({ label, value, onChange }: HelpSearchProps) {
  return (
    <div className="relative">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={`${label}...`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden"
      />
      {value ? (
        <button
          type="button"
          onClick={() => onChange('')}
          className="absolute top-1/2 right-2 -translate-y-1/2 rounded-md p-1 text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <X className="size-4" aria-hidden="true" />
          <span className="sr-only">Clear search</span>
        </button>
      ) : null}
    </div>
  );
}

/** Shown when a search matches nothing. */
export function NoMatches({ what, query }: { what: string; query: string }) {
  return (
    <div className="rounded-xl border border-dashed border-border px-6 py-10 text-center">
      <p className="text-sm font-medium text-foreground">
        No {what} match "{query.trim()}"
      </p>
      <p className="mt-1 text-sm text-muted-foreground">Try another word, or ask us in the Support tab.</p>
    </div>
  );
}
