import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export const fieldControlClassName = cn(
  'block w-full rounded-lg border border-border bg-surface px-3 text-sm text-foreground shadow-xs',
  'placeholder:text-muted-foreground/70 transition-colors',
  'focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary/25',
  'disabled:cursor-not-allowed disabled:bg-muted disabled:text-muted-foreground',
  'aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive/25',
);

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(fieldControlClassName, 'h-10', className)} {...props} />;
}
