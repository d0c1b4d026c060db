import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Button } from './ui/button';
import { Label } from './ui/label';

/** One labelled control of a list's filter bar: the label above a search box, select or date. */
export function FilterField({
  id,
  label,
  className,
  children,
}: {
  /** The control's id, which the label points at. */
  id: string;
  label: string;
  /** Grid placement, e.g. "col-span-2 sm:col-span-1". */
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

/** The line under a filter bar: how many rows match (announced), and "Clear filters" while any is set. */
export function ListCountBar({
  count,
  onClear,
  className,
}: {
  /** e.g. "Loading releases…" or "3 releases". */
  count: string;
  /** Omitted while no filter is set. */
  onClear?: () => void;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex items-center justify-between gap-3 border-b border-border px-4 py-3 sm:px-5',
        className,
      )}
    >
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {count}
      </p>
      {onClear ? (
        <Button variant="ghost" size="sm" onClick={onClear}>
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}
