import { House, RotateCcw, TriangleAlert } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../components/ui/button';

interface ErrorBoundaryState {
  error: Error | null;
}

/** Catches display errors anywhere below it and shows the spec's full-screen fallback. */
export class ErrorBoundary extends Component<{ children: ReactNode }, ErrorBoundaryState> {
  state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): ErrorBoundaryState {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Uncaught display error', error, info.componentStack);
  }

  private readonly reset = () => this.setState({ error: null });

  render() {
    return this.state.error ? <ErrorFallback onRetry={this.reset} /> : this.props.children;
  }
}

function ErrorFallback({ onRetry }: { onRetry: () => void }) {
  return (
    <main role="alert" className="flex min-h-dvh items-center justify-center bg-background px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border border-border bg-surface p-8 text-center shadow-sm">
        <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-red-50 text-destructive">
          <TriangleAlert className="size-6" aria-hidden="true" />
        </div>
        <h1 className="mt-5 text-xl font-semibold tracking-tight">Something went wrong</h1>
        <p className="mt-2 text-sm leading-6 text-muted-foreground">
          An unexpected error occurred. Don't worry, your data is safe. Try again, or go back to the home
          page.
        </p>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-center">
          {/* A full page load: the app state that failed to render is discarded. */}
          <Button variant="secondary" onClick={() => window.location.assign('/')}>
            <House aria-hidden="true" />
            Go Home
          </Button>
          <Button onClick={onRetry}>
            <RotateCcw aria-hidden="true" />
            Try Again
          </Button>
        </div>
      </div>
    </main>
  );
}
