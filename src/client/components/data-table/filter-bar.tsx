import { ListFilter, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import { Select } from '../ui/select';
import { type FilterDef, filterChipLabel } from './list-params';

interface FiltersButtonProps {
  activeCount: number;
  /** e.g. `data-tour` for a guided tour. */
  attributes?: { [key: `data-${string}`]: string };
  open: boolean;
  onToggle: () => void;
  controls: string;
  className?: string;
}

/** Shows or hides the filter panel; the badge counts the filters in use. */
export function FiltersButton({
  activeCount,
  attributes,
  open,
  onToggle,
  controls,
  className,
}: FiltersButtonProps) {
  return (
    <Button
      variant="secondary"
      size="sm"
      className={cn('h-9', open && 'bg-muted', className)}
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      {...attributes}
    >
      <ListFilter aria-hidden="true" />
      Filters
      {activeCount > 0 ? (
        <span className="ml-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground">
          {activeCount}
        </span>
      ) : null}
    </Button>
  );
}

interface FilterPanelProps {
  id: string;
  open: boolean;
  defs: readonly FilterDef[];
  values: Record<string, string>;
  onChange: (key: string, value: string) => void;
  onClear: () => void;
}

/** The filter controls (when open) and a chip per active filter (always), under the list's toolbar. */
export function FilterPanel({ id, open, defs, values, onChange, onClear }: FilterPanelProps) {
  const active = defs.filter((def) => values[def.key]);
  if (!open && active.length === 0) return null;
  return (
    <div id={id} className="border-b border-border bg-muted/30">
      {open ? (
        <div className="grid grid-cols-2 gap-3 px-3 pt-3 sm:grid-cols-3 sm:px-4 lg:grid-cols-4 xl:grid-cols-7">
          {defs.map((def) => (
            <FilterControl
              key={def.key}
              id={`${id}-${def.key}`}
              def={def}
              value={values[def.key] ?? ''}
              onChange={(value) => onChange(def.key, value)}
            />
          ))}
        </div>
      ) : null}
      {active.length > 0 ? (
        <div className="flex flex-wrap items-center gap-1.5 px-3 py-2.5 sm:px-4">
          {active.map((def) => {
            const text = filterChipLabel(def, values[def.key]);
            return (
              <span
                key={def.key}
                className="inline-flex h-7 max-w-full items-center gap-1 rounded-full border border-primary/25 bg-primary-soft pr-1 pl-2.5 text-xs font-medium text-primary-soft-foreground"
              >
                <span className="truncate">{text}</span>
                <button
                  type="button"
                  onClick={() => onChange(def.key, '')}
                  className="flex size-5 items-center justify-center rounded-full hover:bg-primary/15"
                >
                  <X className="size-3" aria-hidden="true" />
                  <span className="sr-only">Remove filter {text}</span>
                </button>
              </span>
            );
          })}
          <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" onClick={onClear}>
            Clear all
          </Button>
        </div>
      ) : (
        <div className="h-3" />
      )}
    </div>
  );
}

function FilterControl({
  id,
  def,
  value,
  onChange,
}: {
  id: string;
  def: FilterDef;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {def.label}
      </label>
      {def.kind === 'select' ? (
        <Select id={id} value={value} onChange={(event) => onChange(event.target.value)} className="h-9">
          <option value="">Any</option>
          {value && !def.options?.some((option) => option.value === value) ? (
            <option value={value}>{value}</option>
          ) : null}
          {def.options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      ) : def.kind === 'date' ? (
        <Input
          id={id}
          type="date"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className="h-9"
        />
      ) : (
        <TextFilter id={id} value={value} onChange={onChange} placeholder={def.placeholder} />
      )}
    </div>
  );
}

function TextFilter({
  id,
  value,
  onChange,
  placeholder,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}) {
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text.trim(), 400);
  const applied = useRef(value);
  useEffect(() => {
    if (debounced === applied.current) return;
    applied.current = debounced;
    onChange(debounced);
  }, [debounced, onChange]);
  // Cleared from outside (a chip, "Clear all"): show it.
  useEffect(() => {
    if (value === applied.current) return;
    applied.current = value;
    setText(value);
  }, [value]);
  return (
    <Input
      id={id}
      value={text}
      placeholder={placeholder}
      onChange={(event) => setText(event.target.value)}
      className="h-9"
    />
  );
}
