import type { ComponentProps, ReactNode } from 'react';
import { readApiError } from '../lib/api';
import { cn } from '../lib/cn';
import { Button } from './ui/button';
import { EmptyState } from './ui/empty-state';
import { FormError } from './ui/form-field';
import { Skeleton } from './ui/skeleton';
import { Spinner } from './ui/spinner';

/** What the body needs from a list query (an infinite query or a `KeysetList`). */
export interface PagedListQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/** What the footer needs from an infinite query (or a `KeysetList`). */
export interface PagedListMore {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

interface PagedListBodyProps {
  query: PagedListQuery;
  /** No row loaded (under the current filters). */
  empty: boolean;
  /** What could not load, e.g. "the releases": "Could not load the releases: <message>". */
  what: string;
  /** The loading shape, e.g. a `ListSkeleton`. */
  loading: ReactNode;
  /** The empty state: its icon, title and description (which usually differ when filters are set). */
  emptyState: ComponentProps<typeof EmptyState>;
  /** Inside a padded card content the error needs no padding of its own. */
  bareError?: boolean;
  /** The rows. */
  children: ReactNode;
}

/** A list's body in a card: loading, the error, the empty state, or the rows. */
export function PagedListBody({
  query,
  empty,
  what,
  loading,
  emptyState,
  bareError = false,
  children,
}: PagedListBodyProps) {
  if (query.isPending) return <>{loading}</>;
  if (query.isError) {
    const error = <FormError message={`Could not load ${what}: ${readApiError(query.error).message}`} />;
    return bareError ? error : <div className="p-5">{error}</div>;
  }
  if (empty) return <EmptyState {...emptyState} />;
  return <>{children}</>;
}

/** The loading shape of a list: a few grey bars, announced as busy. */
export function ListSkeleton({
  label,
  rows = 2,
  rowClassName,
  className = 'gap-3 p-5',
}: {
  /** e.g. "Loading releases". */
  label: string;
  rows?: number;
  /** A row's height, e.g. "h-14 w-full". */
  rowClassName: string;
  /** Gap and padding. */
  className?: string;
}) {
  return (
    <div role="status" className={cn('flex flex-col', className)} aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, row) => (
        <Skeleton key={row} className={rowClassName} />
      ))}
    </div>
  );
}

/** "Showing N of total" and "Load more" under a list, while there is a next page. */
export function LoadMoreFooter({
  query,
  shown,
  total,
}: {
  query: PagedListMore;
  shown: number;
  total: number;
}) {
  if (!query.hasNextPage) return null;
  return (
    <div className="flex flex-col items-center gap-2 border-t border-border px-4 py-4">
      <p className="text-xs text-muted-foreground">
        Showing {shown} of {total}
      </p>
      <Button
        variant="secondary"
        onClick={() => void query.fetchNextPage()}
        disabled={query.isFetchingNextPage}
      >
        {query.isFetchingNextPage ? <Spinner /> : null}
        {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
      </Button>
    </div>
  );
}
