import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import {
  type ComponentProps,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { addBackGuard } from '../../lib/back-guard';
import { cn } from '../../lib/cn';
import { ConfirmDialog } from './alert-dialog';
import { useFocusReturn } from './focus-return';
import { overlayClassName } from './overlay';

export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

interface CloseGuard {
  /** Whether the form inside holds unsaved changes (reported with `useUnsavedChanges`). */
  setDirty: (dirty: boolean) => void;
  /** Escape, × or a click outside: closes at once, or asks first when there are unsaved changes. */
  requestClose: () => void;
  confirming: boolean;
  keepEditing: () => void;
  discard: () => void;
  /** Remembers the dialog's focused field, which gets focus back on "Keep editing". */
  noteFocus: (element: HTMLElement) => void;
  restoreFocus: () => void;
}

const CloseGuardContext = createContext<CloseGuard | null>(null);

/**
 * A modal's root. Closing it the casual ways (Escape, ×, a click outside) asks "Discard changes?"
 * while a form inside reports unsaved changes; a form's own Cancel and a successful save close
 * through the owner's state, so they never ask.
 */
export function Dialog({
  open,
  onOpenChange,
  children,
  ...props
}: ComponentProps<typeof DialogPrimitive.Root>) {
  const dirty = useRef(false);
  // Tracked as focus moves: a click outside has already taken focus away when the question opens.
  const lastFocused = useRef<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  // Set when the question was asked because the browser's Back was pressed: Discard then goes back.
  const backPending = useRef(false);
  const askOnBack = useCallback(() => {
    backPending.current = true;
    setConfirming(true);
  }, []);
  useLeaveGuard(open === true, dirty, askOnBack);
  const setDirty = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);
  const noteFocus = useCallback((element: HTMLElement) => {
    lastFocused.current = element;
  }, []);
  const restoreFocus = useCallback(() => {
    if (lastFocused.current?.isConnected) lastFocused.current.focus();
  }, []);
  const guard = useMemo<CloseGuard>(
    () => ({
      setDirty,
      confirming,
      noteFocus,
      restoreFocus,
      requestClose: () => (dirty.current ? setConfirming(true) : onOpenChange?.(false)),
      keepEditing: () => {
        backPending.current = false;
        setConfirming(false);
      },
      discard: () => {
        setConfirming(false);
        dirty.current = false;
        onOpenChange?.(false);
        if (backPending.current) {
          backPending.current = false;
          window.history.back();
        }
      },
    }),
    [confirming, onOpenChange, setDirty, noteFocus, restoreFocus],
  );
  return (
    <DialogPrimitive.Root
      open={open}
      onOpenChange={(next) => (next ? onOpenChange?.(true) : guard.requestClose())}
      {...props}
    >
      <CloseGuardContext.Provider value={guard}>{children}</CloseGuardContext.Provider>
    </DialogPrimitive.Root>
  );
}

/**
 * Unsaved changes survive the browser too, as they do Escape: reloading or closing the tab asks
 * the browser's own question, and Back (a popstate the router would follow) is undone and asks
 * "Discard changes?" instead.
 */
function useLeaveGuard(open: boolean, dirty: { current: boolean }, askOnBack: () => void) {
  useEffect(() => {
    if (!open) return;
    const href = window.location.href;
    const state: unknown = window.history.state;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (dirty.current) event.preventDefault();
    };
    const removeBackGuard = addBackGuard(() => {
      if (!dirty.current) return false;
      window.history.pushState(state, '', href);
      askOnBack();
      return true;
    });
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      removeBackGuard();
    };
  }, [open, dirty, askOnBack]);
}

/** Tells the surrounding dialog whether this form has unsaved changes (e.g. react-hook-form's `isDirty`). */
export function useUnsavedChanges(isDirty: boolean) {
  const setDirty = useContext(CloseGuardContext)?.setDirty;
  useEffect(() => {
    if (!setDirty) return;
    setDirty(isDirty);
    return () => setDirty(false);
  }, [setDirty, isDirty]);
}

const sizes = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' } as const;

interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  size?: keyof typeof sizes;
  hideClose?: boolean;
}

/** A centred modal; on phones it fills the width and scrolls inside. */
export function DialogContent({
  className,
  children,
  size = 'md',
  hideClose,
  onEscapeKeyDown,
  onFocus,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: DialogContentProps) {
  const guard = useContext(CloseGuardContext);
  const focusReturn = useFocusReturn({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClassName} />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-1.5rem)] -translate-x-1/2 -translate-y-1/2 flex-col',
          'rounded-2xl border border-border bg-surface shadow-2xl outline-none data-[state=open]:animate-pop-in',
          sizes[size],
          className,
        )}
        onEscapeKeyDown={(event) => {
          onEscapeKeyDown?.(event);
          if (event.defaultPrevented || !guard) return;
          // Radix hears Escape in the capture phase, before the focused control. The control goes
          // first (an open suggestion list closes itself and stops the key); the dialog closes only
          // if the key comes back up to the document unhandled.
          event.preventDefault();
          const unhandled = (later: KeyboardEvent) => {
            if (later === event) guard.requestClose();
          };
          document.addEventListener('keydown', unhandled, { once: true });
          setTimeout(() => document.removeEventListener('keydown', unhandled));
        }}
        onFocus={(event) => {
          onFocus?.(event);
          // Only the dialog's own fields (the question's buttons are in its React tree, not its DOM).
          if (event.currentTarget.contains(event.target)) guard?.noteFocus(event.target);
        }}
        {...focusReturn}
        {...props}
      >
        {children}
        {hideClose ? null : (
          <DialogPrimitive.Close className="absolute top-4 right-4 rounded-md p-1 text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-primary">
            <X className="size-4" aria-hidden="true" />
            <span className="sr-only">Close</span>
          </DialogPrimitive.Close>
        )}
        {guard ? (
          <ConfirmDialog
            open={guard.confirming}
            onOpenChange={(open) => {
              if (!open) guard.keepEditing();
            }}
            title="Discard changes?"
            description="What you entered in this form has not been saved and will be lost."
            confirmLabel="Discard"
            cancelLabel="Keep editing"
            onConfirm={guard.discard}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              guard.restoreFocus();
            }}
          />
        ) : null}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1 px-6 pt-6 pr-12', className)} {...props} />;
}

/** The scrolling middle of a dialog, between a fixed header and footer. */
export function DialogBody({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('min-h-0 flex-1 overflow-y-auto px-6 py-5', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        'flex flex-col-reverse gap-2 border-t border-border px-6 py-4 sm:flex-row sm:justify-end',
        className,
      )}
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      className={cn('text-lg leading-7 font-semibold tracking-tight', className)}
      {...props}
    />
  );
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      className={cn('text-sm leading-6 text-muted-foreground', className)}
      {...props}
    />
  );
}
