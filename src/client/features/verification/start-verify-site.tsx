import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { ErrorBoundary } from '../../app/error-boundary';
import { VerifyPage } from './verify-page';

/**
 * The lean entry of /verify (issue 18): anyone checking a sealed PDF gets this page alone, without
 * the signed-in application or anybody's session.
 */
export function startVerifySite(root: Root) {
  root.render(
    <StrictMode>
      <ErrorBoundary>
        <VerifyPage />
      </ErrorBoundary>
    </StrictMode>,
  );
}
