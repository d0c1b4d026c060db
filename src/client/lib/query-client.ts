import { QueryClient } from '@tanstack/react-query';
import { getQueryFn, retryDelay, shouldRetryMutation, shouldRetryQuery } from './api';

/**
 * The data layer's defaults (spec §7): every read goes through the request layer's query function.
 * Kept apart from api.ts so pages that only send requests (the public site) don't load the library.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: 300_000,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: shouldRetryQuery,
        retryDelay,
      },
      mutations: {
        retry: shouldRetryMutation,
        retryDelay,
      },
    },
  });
}
