// Keep first: later modules compute class names as they load (see the module).
// oxlint-disable-next-line import/no-unassigned-import
import './install-class-merger';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { type CurrentUser, currentUserQueryKey } from '../features/auth/api';
import { createQueryClient } from '../lib/query-client';
import { App } from './app';
import { ErrorBoundary } from './error-boundary';

/**
 * Renders the whole application into `root`. `user` is the sign-in answer the public site has
 * already fetched, so the app starts from it instead of asking again.
 */
export function startFullApp(root: Root, user?: CurrentUser | null) {
  const queryClient = createQueryClient();
  if (user !== undefined) queryClient.setQueryData(currentUserQueryKey, user);
  root.render(
    <StrictMode>
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <App />
        </QueryClientProvider>
      </ErrorBoundary>
    </StrictMode>,
  );
}
