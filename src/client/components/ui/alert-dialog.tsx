import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from './button';
import { useFocusReturn } from './focus-return';
import { overlayClassName } from './overlay';
import { Spinner } from './spinner';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  pendingLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
  /** Confirm stays disabled (e.g. until the user has typed the name of what is deleted). */
  confirmDisabled?: boolean;
  /** Shown under the description: a field that confirms the action. */
  children?: ReactNode;
  /** Where focus goes when it closes (by default the element that opened it, menu-opened too). */
  onCloseAutoFocus?: (event: Event) => void;
}

/** A destructive confirmation (Radix AlertDialog): focus starts on Cancel, Escape cancels. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  pendingLabel,
  pending = false,
  onConfirm,
  confirmDisabled = false,
  children,
  onCloseAutoFocus,
}: ConfirmDialogProps) {
  const focusReturn = useFocusReturn({ onCloseAutoFocus });
  return (
    <AlertDialogPrimitive.Root open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className={overlayClassName} />
        <AlertDialogPrimitive.Content
          {...focusReturn}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-border bg-surface p-6 shadow-2xl outline-none data-[state=open]:animate-pop-in"
        >
          <AlertDialogPrimitive.Title className="text-lg font-semibold tracking-tight">
            {title}
          </AlertDialogPrimitive.Title>
          <AlertDialogPrimitive.Description className="mt-2 text-sm leading-6 text-muted-foreground">
            {description}
          </AlertDialogPrimitive.Description>
          {children ? <div className="mt-4">{children}</div> : null}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogPrimitive.Cancel asChild>
              <Button variant="secondary" disabled={pending}>
                {cancelLabel}
              </Button>
            </AlertDialogPrimitive.Cancel>
            {/* Not an AlertDialog.Action: the dialog stays open until the request has succeeded. */}
            <Button variant="destructive" disabled={pending || confirmDisabled} onClick={onConfirm}>
              {pending ? <Spinner /> : null}
              {pending ? (pendingLabel ?? confirmLabel) : confirmLabel}
            </Button>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
