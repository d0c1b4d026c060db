import { Progress as ProgressPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

interface ProgressProps extends ComponentProps<typeof ProgressPrimitive.Root> {
  /** 0 to `max` (default 100). */
  value: number;
}

/** A determinate progress bar (Radix Progress: role="progressbar" with aria-valuenow/max). */
export function Progress({ value, max = 100, className, ...props }: ProgressProps) {
  const percent = max > 0 ? Math.min(Math.max(value / max, 0), 1) * 100 : 0;
  return (
    <ProgressPrimitive.Root
      value={value}
      max={max}
      className={cn('relative h-1.5 w-full overflow-hidden rounded-full bg-muted', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        className="h-full w-full rounded-full bg-primary transition-transform duration-300 ease-out"
        style={{ transform: `translateX(-${100 - percent}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}
