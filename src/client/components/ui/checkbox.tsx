import { Check, Minus } from 'lucide-react';
import { type ComponentProps, useEffect, useRef } from 'react';
import { cn } from '../../lib/cn';

interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type' | 'checked' | 'onChange'> {
  /** 'indeterminate' shows a dash (some of a group chosen); a click then checks it. */
  checked?: boolean | 'indeterminate';
  onCheckedChange?: (checked: boolean) => void;
}

/**
 * A native checkbox drawn in the app's style: labels, forms, the keyboard and screen readers treat
 * it as the platform's own, and it costs no script beyond this (it is on the dashboard's first load,
 * issue 21 §1). `className` places it (margins); the box itself is fixed.
 */
export function Checkbox({ checked, onCheckedChange, className, ...props }: CheckboxProps) {
  const input = useRef<HTMLInputElement>(null);
  const mixed = checked === 'indeterminate';
  // Only a property: HTML has no attribute for it.
  useEffect(() => {
    if (input.current) input.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <span className={cn('relative inline-flex size-4.5 shrink-0', className)}>
      <input
        ref={input}
        type="checkbox"
        // Left out when not given: the box then keeps its own state, like any native checkbox.
        checked={checked === undefined ? undefined : checked === true}
        data-state={mixed ? 'indeterminate' : checked ? 'checked' : 'unchecked'}
        onChange={(event) => onCheckedChange?.(event.currentTarget.checked)}
        className={cn(
          'peer size-full appearance-none rounded-[5px] border border-slate-300 bg-surface shadow-xs transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
          'checked:border-primary checked:bg-primary',
          'indeterminate:border-slate-300 indeterminate:bg-muted',
          'disabled:cursor-not-allowed disabled:opacity-50',
        )}
        {...props}
      />
      <Check
        className="pointer-events-none absolute inset-0 m-auto hidden size-3.5 text-primary-foreground peer-checked:block"
        strokeWidth={3}
        aria-hidden="true"
      />
      <Minus
        className="pointer-events-none absolute inset-0 m-auto hidden size-3.5 text-muted-foreground peer-indeterminate:block"
        strokeWidth={3}
        aria-hidden="true"
      />
    </span>
  );
}
