import { LockKeyhole } from 'lucide-react';
import type { ReactNode } from 'react';
import { Logo } from '../../../components/logo';

interface SigningShellProps {
  /** The sender's organization; null for a link that opens nothing (it must not tell whose it was). */
  organizationName: string | null;
  children: ReactNode;
  /** A bar kept at the bottom of the screen (the signing page's Next field / Finish). */
  bottomBar?: ReactNode;
}

/**
 * The frame of every signer page: the organization's name and nothing to navigate to. Signers
 * have no account here; the only ways out are the document's own actions.
 */
export function SigningShell({ organizationName, children, bottomBar }: SigningShellProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-background text-foreground">
      <header className="sticky top-0 z-30 border-b border-border bg-surface/95 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-5xl items-center justify-between gap-3 px-4">
          {organizationName === null ? (
            <Logo />
          ) : (
            <p className="truncate text-base font-semibold tracking-tight">{organizationName}</p>
          )}
          <p className="flex shrink-0 items-center gap-1.5 text-xs text-muted-foreground">
            <LockKeyhole className="size-3.5" aria-hidden="true" />
            Secure signing
          </p>
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-5xl flex-1 flex-col">{children}</main>
      {bottomBar}
    </div>
  );
}
