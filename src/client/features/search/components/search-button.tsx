import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../../lib/cn';
import { openCommandPalette } from '../palette-store';

/** "⌘K" on Apple devices, "Ctrl K" elsewhere. */
const shortcut =
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/i.test(navigator.platform || navigator.userAgent)
    ? '⌘K'
    : 'Ctrl K';

/**
 * The nav bar's Search button: opens the command palette (also a tooltip trigger). Its name is
 * its text, so what a voice user reads on it ("Search", "Ctrl K") is what they can say (WCAG 2.5.3).
 */
export function SearchButton({ className, onClick, ...props }: ComponentProps<'button'>) {
  return (
    <button
      type="button"
      aria-keyshortcuts="Control+K Meta+K"
      {...props}
      onClick={(event) => {
        onClick?.(event);
        openCommandPalette();
      }}
      className={cn(
        'inline-flex h-9 items-center gap-2 rounded-lg border border-border bg-muted/50 px-2.5 text-sm text-muted-foreground transition-colors',
        'hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
        className,
      )}
    >
      <Search className="size-4" aria-hidden="true" />
      <span className="max-xl:sr-only">Search</span>
      <kbd className="hidden rounded border border-border bg-surface px-1.5 py-px font-sans text-[11px] leading-4 font-medium md:inline">
        {shortcut}
      </kbd>
    </button>
  );
}
