import { cn } from '../../../lib/cn';

const methodColors: Record<string, string> = {
  get: 'bg-sky-100 text-sky-800',
  post: 'bg-emerald-100 text-emerald-800',
  put: 'bg-amber-100 text-amber-800',
  patch: 'bg-amber-100 text-amber-800',
  delete: 'bg-red-100 text-red-800',
};

/** An HTTP method as a small colored label. */
export function MethodBadge({ method, className }: { method: string; className?: string }) {
  return (
    <span
      className={cn(
        'inline-block w-14 shrink-0 rounded px-1.5 py-0.5 text-center font-mono text-[11px] font-semibold uppercase',
        methodColors[method] ?? 'bg-muted text-muted-foreground',
        className,
      )}
    >
      {method}
    </span>
  );
}
