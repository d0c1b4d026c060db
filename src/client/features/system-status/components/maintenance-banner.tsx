import { Wrench } from 'lucide-react';
import { cn } from '../../../lib/cn';

/** The strip the public site and the sign-in page show while Locus is in maintenance. */
export function MaintenanceBanner({ className, detail }: { className?: string; detail?: string }) {
  return (
    <div
      role="status"
      data-testid="maintenance-banner"
      className={cn(
        'flex items-start justify-center gap-2.5 border-b border-amber-200 bg-amber-50 px-4 py-2.5 text-sm leading-6 text-amber-900',
        className,
      )}
    >
      <Wrench className="mt-1 size-4 shrink-0 text-amber-600" aria-hidden="true" />
      <p>
        <span className="font-semibold">Locus is down for maintenance.</span>{' '}
        {detail ?? 'The app will be back shortly; your data is safe.'}
      </p>
    </div>
  );
}
