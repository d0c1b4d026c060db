import { clsx } from 'clsx';
import { CircleAlert, CircleCheck, Info, type LucideIcon, X } from 'lucide-react';
import { type PointerEvent, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { type ToastRecord, type ToastVariant, toast, toastStore } from '../lib/toast';

// clsx rather than cn: these classes never conflict, and the toaster is on every page, so it need not
// pull the class merger into the landing page's budget (issue 4).

/** Spec §9: a horizontal swipe this long dismisses the toast; a shorter one snaps back. */
const swipeThresholdPx = 50;

const variants: Record<ToastVariant, { card: string; icon: string; description: string; Icon: LucideIcon }> =
  {
    default: {
      card: 'border-border bg-surface text-foreground',
      icon: 'text-primary',
      description: 'text-muted-foreground',
      Icon: Info,
    },
    success: {
      card: 'border-emerald-200 bg-emerald-50 text-emerald-950',
      icon: 'text-emerald-600',
      description: 'text-emerald-900/80',
      Icon: CircleCheck,
    },
    error: {
      card: 'border-red-200 bg-red-50 text-red-950',
      icon: 'text-destructive',
      description: 'text-red-900/80',
      Icon: CircleAlert,
    },
  };

function subscribeVisibility(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/**
 * The toast on screen (spec §2, §9): at the top on small screens, bottom-right from 640 px (above
 * the cookie banner when it shows); F8 moves focus to it; its timer pauses while it is hovered,
 * focused or swiped, and while the tab is hidden, so a message is not missed.
 *
 * The store drops a dismissed toast at once; this keeps the last one on screen for its exit
 * animation. Errors are announced assertively, the rest politely.
 */
export function Toaster() {
  const current = useSyncExternalStore(toastStore.subscribe, toastStore.current, () => null);
  const [shown, setShown] = useState<ToastRecord | null>(current);
  if (current && current !== shown) setShown(current);
  const leaving = !current && shown !== null;

  // Held per toast id, so a toast removed under the pointer or focus leaves no stale pause behind.
  const [hoveredId, setHoveredId] = useState<number | null>(null);
  const [focusedId, setFocusedId] = useState<number | null>(null);
  const [swipingId, setSwipingId] = useState<number | null>(null);
  const hidden = useSyncExternalStore(
    subscribeVisibility,
    () => document.hidden,
    () => false,
  );
  const id = current?.id;
  const paused = id !== undefined && (hidden || hoveredId === id || focusedId === id || swipingId === id);
  useEffect(() => {
    if (id === undefined || !paused) return;
    toastStore.pause(id);
    return () => toastStore.resume(id);
  }, [id, paused]);

  const regionRef = useRef<HTMLElement>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  // Where focus was before F8, given back when the toast goes away.
  const returnFocusTo = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.code !== 'F8' || !cardRef.current) return;
      event.preventDefault();
      if (
        !regionRef.current?.contains(document.activeElement) &&
        document.activeElement instanceof HTMLElement
      ) {
        returnFocusTo.current = document.activeElement;
      }
      cardRef.current.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const finishExit = () => {
    if (regionRef.current?.contains(document.activeElement)) returnFocusTo.current?.focus();
    returnFocusTo.current = null;
    setShown(null);
  };

  const swipe = useRef<{ pointerId: number; startX: number; offset: number } | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    // The close button keeps its click; a right click is not a swipe.
    if (!shown || leaving || event.button !== 0 || (event.target as Element).closest('button')) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.style.transition = 'none';
    swipe.current = { pointerId: event.pointerId, startX: event.clientX, offset: 0 };
    setSwipingId(shown.id);
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const active = swipe.current;
    if (!active || active.pointerId !== event.pointerId) return;
    active.offset = event.clientX - active.startX;
    // The card follows the finger and fades as it travels (CSSOM, which the CSP allows).
    const card = event.currentTarget;
    card.style.transform = `translateX(${active.offset}px)`;
    card.style.opacity = String(Math.max(0.4, 1 - Math.abs(active.offset) / (swipeThresholdPx * 4)));
  };

  const endSwipe = (event: PointerEvent<HTMLDivElement>, cancelled: boolean) => {
    const active = swipe.current;
    if (!active || active.pointerId !== event.pointerId) return;
    swipe.current = null;
    setSwipingId(null);
    const card = event.currentTarget;
    card.style.transition = '';
    if (!cancelled && Math.abs(active.offset) >= swipeThresholdPx && shown) {
      card.style.transform = `translateX(${Math.sign(active.offset) * 110}%)`;
      toast.dismiss(shown.id);
    } else {
      card.style.transform = '';
      card.style.opacity = '';
    }
  };

  const variant = shown ? variants[shown.variant] : null;

  return (
    <section
      ref={regionRef}
      aria-label="Notifications"
      // Always in the page, so screen readers already watch it when a toast is added.
      aria-live="polite"
      aria-relevant="additions text"
      className={clsx(
        'pointer-events-none fixed inset-x-0 top-0 z-[100] flex justify-center p-3',
        'sm:inset-x-auto sm:top-auto sm:right-0 sm:bottom-[var(--locus-bottom-inset,0px)] sm:p-6',
      )}
      onFocus={() => setFocusedId(shown?.id ?? null)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocusedId(null);
      }}
    >
      {shown && variant ? (
        <div
          key={shown.id}
          ref={cardRef}
          tabIndex={-1}
          role="status"
          aria-live={shown.variant === 'error' ? 'assertive' : 'polite'}
          aria-atomic="true"
          data-variant={shown.variant}
          className={clsx(
            'pointer-events-auto relative flex w-full touch-pan-y items-start gap-3 rounded-xl border py-3.5 pr-10 pl-4',
            'text-sm shadow-lg shadow-slate-900/10 select-none sm:w-[22.25rem] transition-[transform,opacity] duration-200 ease-out',
            leaving ? 'animate-fade-out [animation-fill-mode:forwards]' : 'animate-pop-in',
            variant.card,
          )}
          onAnimationEnd={(event) => {
            if (leaving && event.target === event.currentTarget) finishExit();
          }}
          onPointerEnter={() => setHoveredId(shown.id)}
          onPointerLeave={() => setHoveredId(null)}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={(event) => endSwipe(event, false)}
          onPointerCancel={(event) => endSwipe(event, true)}
        >
          <variant.Icon
            className={clsx('mt-0.5 size-[1.125rem] shrink-0', variant.icon)}
            aria-hidden="true"
          />
          <div className="min-w-0 flex-1">
            <p className="leading-5 font-semibold">{shown.title}</p>
            {shown.description ? (
              <div className={clsx('mt-0.5 leading-5', variant.description)}>{shown.description}</div>
            ) : null}
          </div>
          <button
            type="button"
            aria-label="Close toast"
            className="absolute top-2.5 right-2.5 rounded-md p-1 opacity-60 transition hover:bg-black/5 hover:opacity-100 focus-visible:opacity-100"
            onClick={() => toast.dismiss(shown.id)}
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
      ) : null}
    </section>
  );
}
