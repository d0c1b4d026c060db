import { Spinner } from './ui/spinner';

/** Shown while a page's code or the sign-in state loads. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <div
      className={
        fullScreen ? 'flex min-h-dvh items-center justify-center' : 'flex items-center justify-center py-24'
      }
      aria-busy="true"
    >
      <Spinner size="lg" className="text-primary" label="Loading" />
    </div>
  );
}
