import { type QueryFunctionContext, useInfiniteQuery } from '@tanstack/react-query';
import { searchTotalLimit } from '../../../common/constants';
import { getQueryFn } from '../../lib/api';

/** A list answer (DESIGN §3). */
export interface KeysetPage<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

/** What the data table needs from a list query: the loaded rows and how to get more. */
export interface KeysetList<T> {
  rows: T[];
  /** The server's count under the same filters (may be an estimate above 10,000). */
  total: number;
  /** A searched list counts at most `searchTotalLimit` + 1 matches: past it, `total` means "more than". */
  totalIsLowerBound: boolean;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  /** Refetching after a change, with rows already shown. */
  isFetching: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  refetch: () => void;
}

export const defaultListPageSize = 50;

/**
 * A keyset-paged list (`{items, nextCursor, total}`) as an infinite query keyed
 * `[path, params]`: invalidating `[path]` refreshes every filtered variant of the list.
 */
export function useKeysetList<T>(
  path: string,
  params: Record<string, string>,
  { pageSize = defaultListPageSize, enabled = true }: { pageSize?: number; enabled?: boolean } = {},
): KeysetList<T> {
  const queryParams = { ...params, limit: String(pageSize) };
  const readPage = getQueryFn<KeysetPage<T>>({ on401: 'throw' });
  const query = useInfiniteQuery({
    queryKey: [path, queryParams],
    initialPageParam: null as string | null,
    enabled,
    queryFn: (context) =>
      readPage({
        ...context,
        queryKey: [path, { ...queryParams, cursor: context.pageParam ?? undefined }],
      } as unknown as QueryFunctionContext),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const pages = query.data?.pages ?? [];
  const total = pages[0]?.total ?? 0;
  return {
    rows: pages.flatMap((page) => page.items),
    total,
    totalIsLowerBound: Boolean(params.search?.trim()) && total > searchTotalLimit,
    isPending: query.isPending,
    isError: query.isError,
    error: query.error,
    isFetching: query.isFetching,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    fetchNextPage: () => {
      if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
    },
    refetch: () => void query.refetch(),
  };
}
