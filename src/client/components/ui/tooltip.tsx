import {
  Children,
  cloneElement,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { cn } from '../../lib/cn';
import { placeTooltip, type TooltipPlacement, type TooltipSide, tooltipDelayMs } from './tooltip-placement';

/** Moving from one tooltip to the next within this time opens the next at once (spec §9). */
const skipDelayMs = 300;
/** The pointer may cross the gap from the trigger to the tooltip without closing it. */
const graceMs = 100;
let openTooltips = 0;
let lastClosedAt = Number.NEGATIVE_INFINITY;

/** Another tooltip is open, or closed a moment ago: the next opens without the delay. */
function justClosed(): boolean {
  return openTooltips > 0 || Date.now() - lastClosedAt <= skipDelayMs;
}

/** A tooltip's one pending open or close. */
function createTimer() {
  let handle: ReturnType<typeof setTimeout> | undefined;
  return {
    clear: () => clearTimeout(handle),
    after: (ms: number, run: () => void) => {
      clearTimeout(handle);
      handle = setTimeout(run, ms);
    },
  };
}

interface TriggerProps {
  'aria-describedby'?: string;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
}

interface TooltipProps {
  content: ReactNode;
  /** One focusable element: it becomes the trigger (its own handlers still run). */
  children: ReactElement<TriggerProps>;
  side?: TooltipSide;
}

/**
 * A label shown beside one focusable element (spec §9: after 700 ms; moving between tooltips
 * within 300 ms opens the next at once; keyboard focus opens it at once, Escape closes it). Our
 * own, not a positioning library's: it is on every screen's top bar, so it is part of every
 * first load (issue 21 §1), and a label placed below, above or beside its trigger is a few lines
 * of arithmetic (`tooltip-placement.ts`).
 */
export function Tooltip({ content, children, side = 'bottom' }: TooltipProps) {
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [delayed, setDelayed] = useState(false);
  const [timer] = useState(createTimer);
  const trigger = Children.only(children);
  const own = trigger.props;

  const show = (element: HTMLElement, wait: boolean) => {
    timer.clear();
    if (!wait) {
      setDelayed(false);
      setAnchor(element);
      return;
    }
    timer.after(tooltipDelayMs, () => {
      setDelayed(true);
      setAnchor(element);
    });
  };
  const hide = (after = 0) => {
    timer.clear();
    if (after > 0) timer.after(after, () => setAnchor(null));
    else setAnchor(null);
  };

  useEffect(() => timer.clear, [timer]);
  // Scrolling moves the trigger away from its label; Escape anywhere closes it.
  useEffect(() => {
    if (!anchor) return;
    const close = () => hide();
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    window.addEventListener('scroll', close, true);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('scroll', close, true);
      window.removeEventListener('keydown', onKey);
    };
  });

  const triggerProps: TriggerProps = {
    'aria-describedby': anchor ? id : own['aria-describedby'],
    onPointerEnter: (event) => {
      own.onPointerEnter?.(event);
      // Touch has no hover: a tap is a press, not a request for the label.
      if (event.pointerType === 'touch') return;
      show(event.currentTarget, !justClosed());
    },
    onPointerLeave: (event) => {
      own.onPointerLeave?.(event);
      hide(graceMs);
    },
    onPointerDown: (event) => {
      own.onPointerDown?.(event);
      hide();
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      if (event.currentTarget.matches(':focus-visible')) show(event.currentTarget, false);
    },
    onBlur: (event) => {
      own.onBlur?.(event);
      hide();
    },
  };

  return (
    <>
      {cloneElement(trigger, triggerProps)}
      {anchor
        ? createPortal(
            <TooltipBubble
              id={id}
              anchor={anchor}
              side={side}
              animated={delayed}
              onPointerEnter={timer.clear}
              onPointerLeave={() => hide(graceMs)}
            >
              {content}
            </TooltipBubble>,
            document.body,
          )
        : null}
    </>
  );
}

interface TooltipBubbleProps {
  id: string;
  anchor: HTMLElement;
  side: TooltipSide;
  animated: boolean;
  children: ReactNode;
  onPointerEnter: () => void;
  onPointerLeave: () => void;
}

function TooltipBubble({ id, anchor, side, animated, children, ...hover }: TooltipBubbleProps) {
  const bubble = useRef<HTMLDivElement>(null);
  const [placement, setPlacement] = useState<TooltipPlacement | null>(null);
  useEffect(() => {
    openTooltips += 1;
    return () => {
      openTooltips -= 1;
      lastClosedAt = Date.now();
    };
  }, []);
  // Measured before paint: the label never shows at a wrong place first.
  useLayoutEffect(() => {
    const element = bubble.current;
    if (!element) return;
    setPlacement(
      placeTooltip(anchor.getBoundingClientRect(), element.getBoundingClientRect(), side, {
        width: document.documentElement.clientWidth,
        height: document.documentElement.clientHeight,
      }),
    );
  }, [anchor, side]);

  return (
    <div
      ref={bubble}
      id={id}
      role="tooltip"
      className={cn(
        'fixed top-0 left-0 z-50 max-w-64 rounded-md bg-slate-900 px-2.5 py-1.5 text-xs leading-5 text-white shadow-lg',
        !placement && 'invisible',
        animated && 'animate-fade-in',
      )}
      style={placement ? { transform: `translate(${placement.left}px, ${placement.top}px)` } : undefined}
      {...hover}
    >
      {children}
      {placement ? (
        <span
          aria-hidden="true"
          className="absolute size-2 rotate-45 bg-slate-900"
          style={{ left: placement.arrow.left, top: placement.arrow.top }}
        />
      ) : null}
    </div>
  );
}
