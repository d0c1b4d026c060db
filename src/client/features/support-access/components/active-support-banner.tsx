import { Eye } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useEndSupportAccess } from '../api';

/** "mm:ss" left until `until`, never below zero. */
export function formatTimeLeft(until: number, now: number): string {
  const seconds = Math.max(0, Math.ceil((until - now) / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The banner of a visit under way (see `SupportAccessBanner`). */
export function ActiveBanner({
  organizationName,
  userName,
  superAdminName,
  expiresAt,
}: {
  organizationName: string;
  userName: string;
  superAdminName: string;
  expiresAt: number;
}) {
  const [now, setNow] = useState(() => Date.now());
  const end = useEndSupportAccess();
  const endedByTimer = useRef(false);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = expiresAt - now;
  // A second before the server would end it, end it from here: that way the super admin gets
  // their own session back instead of a signed-out page.
  useEffect(() => {
    if (left > 1000 || endedByTimer.current) return;
    endedByTimer.current = true;
    end.mutate(undefined, { onError: () => window.location.assign('/auth') });
  }, [left, end]);

  const onEnd = () =>
    end.mutate(undefined, {
      onError: (error) =>
        toast.error('Could not end support access', { description: readApiError(error).message }),
    });

  return (
    <section
      aria-label="Support access visit"
      data-testid="support-access-banner"
      className="border-b border-amber-300 bg-amber-100 text-amber-950"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm sm:px-6 lg:px-8">
        <Eye aria-hidden="true" className="size-4 shrink-0" />
        <p className="min-w-0 flex-1">
          <span className="font-semibold">
            Viewing {organizationName} as {userName}
          </span>{' '}
          — read-only, ends in{' '}
          <span className="font-mono tabular-nums" aria-live="off">
            {formatTimeLeft(expiresAt, now)}
          </span>
          <span className="hidden md:inline"> · opened by {superAdminName}</span>
        </p>
        <Button size="sm" variant="secondary" onClick={onEnd} disabled={end.isPending}>
          End support access
        </Button>
      </div>
    </section>
  );
}
