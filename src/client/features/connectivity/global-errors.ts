/**
 * The global handler of spec §8: some script and promise errors are suppressed (logged with
 * console.warn instead of surfacing as uncaught errors). Deliberately narrow: only errors that are
 * noise for the user and carry no information the app could act on.
 *
 * - validation errors (a zod or similar validation failure nobody awaited),
 * - type errors raised by a failed network request (fetch's "Failed to fetch" / "Load failed"),
 * - benign runtime notices (ResizeObserver loop warnings, cross-origin "Script error."),
 * - errors thrown by development tools and browser extensions.
 * Everything else is left to the browser (and to the error boundary for render errors).
 */

export interface ErrorLike {
  name?: string;
  message?: string;
  stack?: string;
}

const networkTypeErrors = /^(Failed to fetch|Load failed|NetworkError when attempting to fetch resource\.?)$/;
const benignRuntime =
  /^(ResizeObserver loop (limit exceeded|completed with undelivered notifications)\.?|Script error\.?)$/;
const devToolSource =
  /(chrome|moz|safari(-web)?)-extension:\/\/|__REACT_DEVTOOLS|react-devtools|\/@vite\/client|\[vite\]/;

export type SuppressReason = 'validation' | 'type' | 'runtime' | 'dev-tool';

function asErrorLike(value: unknown): ErrorLike | null {
  if (value instanceof Error) return value;
  if (typeof value === 'object' && value !== null) return value as ErrorLike;
  if (typeof value === 'string') return { message: value };
  return null;
}

/** Why an uncaught error may be suppressed, or null when it must surface normally. */
export function suppressReason(error: unknown, source?: string): SuppressReason | null {
  const details = asErrorLike(error);
  const message = details?.message ?? '';
  const name = details?.name ?? '';
  if (devToolSource.test(source ?? '') || devToolSource.test(details?.stack ?? '')) return 'dev-tool';
  if (name === 'ZodError' || name === 'ValidationError') return 'validation';
  if (name === 'TypeError' && networkTypeErrors.test(message)) return 'type';
  if (benignRuntime.test(message)) return 'runtime';
  return null;
}

/** Installs the handler on `target` (window); returns the uninstaller. */
export function installGlobalErrorHandler(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  warn: (...args: unknown[]) => void = console.warn,
): () => void {
  const onError = (event: ErrorEvent) => {
    const reason = suppressReason(event.error ?? event.message, event.filename);
    if (!reason) return;
    event.preventDefault();
    warn(`[locus] suppressed ${reason} error:`, event.error ?? event.message);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const reason = suppressReason(event.reason);
    if (!reason) return;
    event.preventDefault();
    warn(`[locus] suppressed ${reason} error:`, event.reason);
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
