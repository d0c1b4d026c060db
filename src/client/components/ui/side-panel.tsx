import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { useFocusReturn } from './focus-return';
import { overlayClassName } from './overlay';

export const SidePanel = DialogPrimitive.Root;

interface SidePanelContentProps extends Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title'> {
  title: ReactNode;
  description?: ReactNode;
  /** Beside the close button (e.g. a delete action). */
  actions?: ReactNode;
  /** Under the header, above the scrolling body (e.g. badges). */
  footer?: ReactNode;
}

/**
 * A record opened beside its list: a drawer from the right, full width on phones, with a fixed
 * header and a scrolling body.
 */
export function SidePanelContent({
  title,
  description,
  actions,
  footer,
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: SidePanelContentProps) {
  const focusReturn = useFocusReturn({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClassName} />
      <DialogPrimitive.Content
        className={cn(
          'fixed inset-y-0 right-0 z-50 flex w-full flex-col border-l border-border bg-surface shadow-2xl outline-none sm:max-w-xl',
          'data-[state=open]:animate-slide-in-right',
          className,
        )}
        {...focusReturn}
        {...props}
      >
        <div className="flex items-start gap-3 border-b border-border px-5 py-4 sm:px-6">
          <div className="min-w-0 flex-1">
            <DialogPrimitive.Title className="truncate text-lg leading-7 font-semibold tracking-tight">
              {title}
            </DialogPrimitive.Title>
            {description ? (
              <DialogPrimitive.Description className="mt-0.5 text-sm text-muted-foreground">
                {description}
              </DialogPrimitive.Description>
            ) : (
              <DialogPrimitive.Description className="sr-only">Details</DialogPrimitive.Description>
            )}
          </div>
          <div className="flex shrink-0 items-center gap-1">
            {actions}
            <DialogPrimitive.Close className="rounded-md p-2 text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-primary">
              <X className="size-5" aria-hidden="true" />
              <span className="sr-only">Close panel</span>
            </DialogPrimitive.Close>
          </div>
        </div>
        {footer}
        <div className="min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-6">{children}</div>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
