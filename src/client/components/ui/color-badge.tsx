import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { ColorDot } from './color-input';

/** A badge marked by a configurable colour (a status's): a dot of it beside the text. */
export function ColorBadge({
  color,
  children,
  className,
}: {
  color: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-md bg-surface px-2 py-0.5 text-xs font-medium whitespace-nowrap text-foreground ring-1 ring-border ring-inset',
        className,
      )}
      data-color={color}
    >
      <ColorDot color={color} className="size-2" />
      {children}
    </span>
  );
}
