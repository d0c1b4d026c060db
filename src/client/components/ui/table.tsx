import { type ComponentProps, useRef } from 'react';
import { cn } from '../../lib/cn';
import { useScrollEdges } from '../../lib/use-scroll-edges';

/**
 * A table that scrolls sideways inside its card on narrow screens. While it overflows, the scroller
 * takes keyboard focus, so arrow keys can reach the hidden columns (WCAG 2.1.1; axe's
 * scrollable-region-focusable); a table that fits adds no tab stop.
 */
export function Table({ className, ...props }: ComponentProps<'table'>) {
  const scroller = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(scroller, true);
  const overflows = edges.left || edges.right;
  return (
    // Relative: visually hidden (absolutely positioned) text inside stays inside the scroller instead
    // of widening the page.
    <div
      ref={scroller}
      tabIndex={overflows ? 0 : undefined}
      className="relative w-full overflow-x-auto focus-visible:outline-2 focus-visible:outline-primary"
    >
      <table className={cn('w-full caption-bottom border-collapse text-sm', className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('bg-muted/60 [&_tr]:border-b [&_tr]:border-border', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr className={cn('border-b border-border transition-colors hover:bg-muted/40', className)} {...props} />
  );
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={cn(
        'h-10 px-4 text-left align-middle text-xs font-semibold tracking-wide whitespace-nowrap text-muted-foreground uppercase',
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-4 py-3 align-middle', className)} {...props} />;
}
