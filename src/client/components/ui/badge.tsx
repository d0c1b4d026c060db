import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const variants = {
  neutral: 'bg-muted text-muted-foreground ring-slate-200',
  primary: 'bg-primary-soft text-primary-soft-foreground ring-primary/20',
  success: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  warning: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  danger: 'bg-red-50 text-red-700 ring-red-600/20',
} as const;

export type BadgeVariant = keyof typeof variants;

export function Badge({
  className,
  variant = 'neutral',
  ...props
}: ComponentProps<'span'> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-md px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
