// Keep first: it must run before any library module (see the module).
// oxlint-disable-next-line import/no-unassigned-import
import './app/install-csp-style-guard';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { ErrorBoundary } from './app/error-boundary';
import { createQueryClient } from './lib/api';
import { applyStoredColorScheme } from './lib/color-scheme';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');

// Spec §4: the scheme stored in the browser (or the default) before the first paint.
applyStoredColorScheme();

const queryClient = createQueryClient();

createRoot(container).render(
  <StrictMode>
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </ErrorBoundary>
  </StrictMode>,
);
