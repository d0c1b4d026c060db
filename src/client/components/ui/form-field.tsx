import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Label } from './label';

/** The accessibility attributes tying a control to its label, hint and error text. */
export function fieldA11y(id: string, error?: string, hint?: string) {
  // The hint is hidden while an error is shown, so only one of them describes the control.
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy } as const;
}

interface FormFieldProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Shown after the label, e.g. "Optional". */
  labelAside?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** Label, control, hint and error text; the control takes its ids from `fieldA11y(id, error, hint)`. */
export function FormField({ id, label, error, hint, labelAside, className, children }: FormFieldProps) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside ? <span className="text-xs text-muted-foreground">{labelAside}</span> : null}
      </div>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs leading-5 text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-xs leading-5 font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A form-level error (e.g. the server's message that belongs to no single field). */
export function FormError({ message, className }: { message?: string | null; className?: string }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className={cn(
        'rounded-lg border border-red-200 bg-red-50 px-3.5 py-2.5 text-sm text-red-800',
        className,
      )}
    >
      {message}
    </div>
  );
}
