import { ChevronLeft, ChevronRight, Pause, X } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import {
  currentTourStep,
  isLastStep,
  progressPercent,
  type TourTargetRect,
  tourCardMargin,
  tourCardWidth,
} from '../../../../common/help/tour-state';
import { findTour, tourPageTarget } from '../../../../common/help/tours';
import { Button } from '../../../components/ui/button';
import { Progress } from '../../../components/ui/progress';
import { chooseCardPlacement } from '../card-placement';
import { runTourAction } from '../tour-actions';
import { useTours } from '../tour-context';
import { needsNavigation, resolveTourPage } from '../tour-pages';

/** How long a step waits for its target to appear (a page loading) before showing centred. */
const targetWaitMs = 1500;
/** Room between the target and the highlight ring. */
const highlightPadding = 6;

interface Resolved {
  key: string;
  element: Element | null;
}

function hasBox(element: Element): boolean {
  const rect = element.getBoundingClientRect();
  return rect.width > 0 || rect.height > 0;
}

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

function useViewport() {
  const [viewport, setViewport] = useState(() => ({ width: window.innerWidth, height: window.innerHeight }));
  useEffect(() => {
    const update = () => setViewport({ width: window.innerWidth, height: window.innerHeight });
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return viewport;
}

/** The element's box in viewport coordinates, following scrolling, resizing and layout changes. */
function useElementRect(element: Element | null): TourTargetRect | null {
  const [measured, setMeasured] = useState<{ element: Element; rect: TourTargetRect | null } | null>(null);
  useEffect(() => {
    if (!element) return;
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (!element.isConnected || !hasBox(element)) return setMeasured({ element, rect: null });
        const { top, left, width, height } = element.getBoundingClientRect();
        setMeasured((prev) => {
          const rect = prev?.element === element ? prev.rect : null;
          if (
            rect &&
            rect.top === top &&
            rect.left === left &&
            rect.width === width &&
            rect.height === height
          ) {
            return prev;
          }
          return { element, rect: { top, left, width, height } };
        });
      });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    observer.observe(document.body);
    window.addEventListener('scroll', measure, { capture: true, passive: true });
    window.addEventListener('resize', measure);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('scroll', measure, { capture: true });
      window.removeEventListener('resize', measure);
    };
  }, [element]);
  return element && measured?.element === element ? measured.rect : null;
}

/**
 * The running tour (spec §2, §4): the page dimmed around the highlighted target and the step card
 * beside it. Each step first opens its page and runs its before-show action; a target that does not
 * turn up shows the card centred. Clicking the dimmed area or Esc pauses; arrow keys step.
 */
export function TourOverlay({ hasRoute }: { hasRoute: (path: string) => boolean }) {
  const { state, currentTour: running, next, back, pause, end } = useTours();
  // The steps come with this (lazily loaded) overlay; the app's first load knows only the catalog.
  const currentTour = running ? (findTour(running.id) ?? null) : null;
  const step = currentTour ? currentTourStep(state, currentTour) : undefined;
  const stepKey = step && currentTour ? `${currentTour.id}:${state.currentStepIndex}` : null;
  const [location, navigate] = useLocation();
  const locationRef = useRef(location);
  locationRef.current = location;
  const hasRouteRef = useRef(hasRoute);
  hasRouteRef.current = hasRoute;
  const [resolved, setResolved] = useState<Resolved | null>(null);

  // Open the step's page, run its action, then find its target.
  useEffect(() => {
    if (!step || !stepKey) {
      setResolved(null);
      return;
    }
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const page = step.page ? resolveTourPage(step.page, hasRouteRef.current) : null;
    const navigated = page !== null && needsNavigation(locationRef.current, page);
    if (page !== null && navigated) navigate(page);
    if (step.action) runTourAction(step.action);
    if (step.position === 'center' || step.target === tourPageTarget) {
      setResolved({ key: stepKey, element: null });
      return;
    }
    const startedAt = Date.now();
    const find = () => {
      if (cancelled) return;
      const element = document.querySelector(step.target);
      if (element && hasBox(element)) {
        element.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
        setResolved({ key: stepKey, element });
      } else if (Date.now() - startedAt >= targetWaitMs) {
        setResolved({ key: stepKey, element: null });
      } else {
        timer = setTimeout(find, 100);
      }
    };
    // After a navigation the old page is still on screen for a moment: look once the new one renders.
    timer = setTimeout(find, navigated ? 50 : 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // The step (by key) decides; `step` and `navigate` are stable for a given key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stepKey]);

  const ready = resolved !== null && resolved.key === stepKey;
  const rect = useElementRect(ready ? resolved.element : null);
  const viewport = useViewport();

  // Keyboard: Esc pauses, arrows move (not while typing in a field).
  const active = step !== undefined;
  useEffect(() => {
    if (!active) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        pause();
      } else if (!isEditable(event.target) && event.key === 'ArrowRight') {
        event.preventDefault();
        next();
      } else if (!isEditable(event.target) && event.key === 'ArrowLeft') {
        event.preventDefault();
        back();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [active, next, back, pause]);

  const cardRef = useRef<HTMLDivElement>(null);
  const [cardHeight, setCardHeight] = useState(0);
  useLayoutEffect(() => {
    if (!ready || !cardRef.current) return;
    setCardHeight(cardRef.current.offsetHeight);
    cardRef.current.focus({ preventScroll: true });
  }, [ready, stepKey]);

  if (!step || !currentTour) return null;

  const index = state.currentStepIndex;
  const total = currentTour.steps.length;
  const last = isLastStep(state, currentTour);
  const placement = chooseCardPlacement(rect, rect ? step.position : 'center', viewport);
  // The card is placed for its assumed 200 px; a taller one is moved up to stay on screen.
  const top = Math.max(
    tourCardMargin,
    Math.min(placement.top, viewport.height - tourCardMargin - Math.max(cardHeight, 0)),
  );
  const hole = rect ? expand(rect, highlightPadding, viewport) : null;
  const titleId = `tour-step-title-${stepKey}`;
  const contentId = `tour-step-content-${stepKey}`;

  return (
    <>
      <div className="pointer-events-none fixed inset-0 z-[60]" data-testid="tour-overlay">
        {hole ? (
          <>
            <Dim onClick={pause} box={{ top: 0, left: 0, width: viewport.width, height: hole.top }} />
            <Dim
              onClick={pause}
              box={{
                top: hole.top + hole.height,
                left: 0,
                width: viewport.width,
                height: Math.max(viewport.height - hole.top - hole.height, 0),
              }}
            />
            <Dim onClick={pause} box={{ top: hole.top, left: 0, width: hole.left, height: hole.height }} />
            <Dim
              onClick={pause}
              box={{
                top: hole.top,
                left: hole.left + hole.width,
                width: Math.max(viewport.width - hole.left - hole.width, 0),
                height: hole.height,
              }}
            />
            <div
              aria-hidden="true"
              className="absolute rounded-lg ring-4 ring-primary/80 transition-all duration-200"
              style={{ top: hole.top, left: hole.left, width: hole.width, height: hole.height }}
            />
          </>
        ) : (
          <Dim onClick={pause} box={{ top: 0, left: 0, width: viewport.width, height: viewport.height }} />
        )}
      </div>
      {ready ? (
        <div
          ref={cardRef}
          role="dialog"
          aria-modal="false"
          data-tour-ui="card"
          aria-labelledby={titleId}
          aria-describedby={contentId}
          tabIndex={-1}
          className="pointer-events-auto fixed z-[61] flex max-h-[calc(100dvh-32px)] flex-col overflow-y-auto rounded-xl border border-border bg-surface shadow-2xl outline-none animate-pop-in"
          style={{ top, left: placement.left, width: tourCardWidth }}
        >
          <div className="flex items-start gap-3 px-4 pt-4">
            <span
              className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
              aria-hidden="true"
            >
              {index + 1}
            </span>
            <h2
              id={titleId}
              className="min-w-0 flex-1 pt-0.5 text-sm leading-6 font-semibold text-foreground"
            >
              {step.title}
            </h2>
            <button
              type="button"
              onClick={end}
              className="-mt-1 -mr-1 rounded-md p-1 text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-primary"
            >
              <X className="size-4" aria-hidden="true" />
              <span className="sr-only">Close tour</span>
            </button>
          </div>
          <p id={contentId} className="px-4 pt-2 text-sm leading-6 text-muted-foreground">
            {step.content}
          </p>
          <div className="flex items-center gap-3 px-4 pt-4">
            <Progress
              value={progressPercent(state, currentTour)}
              aria-label="Tour progress"
              className="flex-1"
            />
            <span className="shrink-0 text-xs font-medium text-muted-foreground tabular-nums">
              Step {index + 1} of {total}
            </span>
          </div>
          <div className="mt-4 flex items-center gap-1 border-t border-border px-3 py-2.5">
            <Button variant="ghost" size="sm" onClick={back} disabled={index === 0}>
              <ChevronLeft aria-hidden="true" />
              Back
            </Button>
            <Button variant="ghost" size="sm" onClick={pause}>
              <Pause aria-hidden="true" />
              Pause
            </Button>
            <Button size="sm" className="ml-auto" onClick={next}>
              {last ? 'Complete' : 'Next'}
              {last ? null : <ChevronRight aria-hidden="true" />}
            </Button>
          </div>
        </div>
      ) : null}
    </>
  );
}

function expand(
  rect: TourTargetRect,
  by: number,
  viewport: { width: number; height: number },
): TourTargetRect {
  const top = Math.max(rect.top - by, 0);
  const left = Math.max(rect.left - by, 0);
  const bottom = Math.min(rect.top + rect.height + by, viewport.height);
  const right = Math.min(rect.left + rect.width + by, viewport.width);
  return { top, left, width: Math.max(right - left, 0), height: Math.max(bottom - top, 0) };
}

function Dim({ box, onClick }: { box: TourTargetRect; onClick: () => void }) {
  return (
    // A presentational backdrop: the card's Pause button and Esc do the same for keyboard users.
    // oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div
      data-tour-ui="backdrop"
      onClick={onClick}
      className="pointer-events-auto absolute bg-slate-950/55"
      style={{ top: box.top, left: box.left, width: box.width, height: box.height }}
    />
  );
}
