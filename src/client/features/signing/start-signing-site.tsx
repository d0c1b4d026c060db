import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { ErrorBoundary } from '../../app/error-boundary';
import { createQueryClient } from '../../lib/query-client';
import { SigningRoutes } from './signing-routes';

/**
 * The lean entry for e-mailed links (/sign/:token, /share/:token): the signer pages and their data
 * layer without the signed-in application, so a phone downloads only what signing needs (issue 17:
 * ≤ 150 KB gzip JS before pdf.js). Signers have no account here, so nobody's session is asked for.
 */
export function startSigningSite(root: Root) {
  const queryClient = createQueryClient();
  root.render(
    <StrictMode>
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <SigningRoutes organizationName={null} isLoading={false} />
        </QueryClientProvider>
      </ErrorBoundary>
    </StrictMode>,
  );
}
