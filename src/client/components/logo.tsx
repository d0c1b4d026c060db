import { cn } from '../lib/cn';

/** The product's default logo: a map pin (the "locus" of a claim) and the wordmark. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 text-foreground', className)}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-primary" />
        <path d="M16 25.5s7-6.1 7-11.7a7 7 0 1 0-14 0c0 5.6 7 11.7 7 11.7Z" fill="#fff" />
        <circle cx="16" cy="13.8" r="2.7" className="fill-primary" />
      </svg>
      <span className="text-lg font-semibold tracking-tight">Locus</span>
    </span>
  );
}
