import { type ReactNode, Suspense, useState } from 'react';
import { Spinner } from './ui/spinner';

/**
 * Mounts `children` (a part of the screen whose code is loaded with React.lazy) from the first
 * time `open` is true, and keeps it mounted after, so it can animate closed and reopen at once.
 * Until then its code is not downloaded: panels and dialogs cost nothing on first load
 * (docs/decisions/042).
 */
export function LoadOnOpen({
  open,
  children,
  loading = <OverlayLoading />,
}: {
  open: boolean;
  children: ReactNode;
  /** What shows while the code arrives: a veil over the page, made for dialogs and panels. */
  loading?: ReactNode;
}) {
  const [opened, setOpened] = useState(open);
  // Derived from the props during render (not in an effect), so the first open renders at once.
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return <Suspense fallback={open ? loading : null}>{children}</Suspense>;
}

/** What an overlay shows while its code arrives (a moment on a slow connection). */
function OverlayLoading() {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-foreground/10">
      <span className="rounded-full bg-surface p-3 shadow-lg">
        <Spinner className="text-primary" label="Loading" />
      </span>
    </div>
  );
}
