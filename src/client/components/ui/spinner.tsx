import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn';

const sizeClasses = { sm: 'size-3.5', md: 'size-4', lg: 'size-6' } as const;

export function Spinner({
  className,
  label,
  size = 'md',
}: {
  className?: string;
  label?: string;
  size?: keyof typeof sizeClasses;
}) {
  return (
    <LoaderCircle
      className={cn(sizeClasses[size], 'animate-spin', className)}
      aria-hidden={label ? undefined : true}
      aria-label={label}
      role={label ? 'status' : undefined}
    />
  );
}
