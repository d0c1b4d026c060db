import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

// A plain <label>: `select-none` already covers what a primitive would add (no text selection on
// double click), and the public pages stay free of the component library.
export function Label({ className, ...props }: ComponentProps<'label'>) {
  return (
    <label
      className={cn('text-sm leading-5 font-medium text-foreground select-none', className)}
      {...props}
    />
  );
}
