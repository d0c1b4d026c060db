import { useEffect, useRef } from 'react';
import type { TourActionName } from '../../../common/help/types';

/**
 * Before-show actions of tour steps (spec §3 "optional action run before showing"). The tour
 * dispatches a `locus:tour-action` CustomEvent on window with `{ name }`; a screen that owns the
 * step's target listens with `useTourAction` (e.g. the deals screen opens its form on
 * 'open-deal-form'). A screen that mounts just after the dispatch (a lazily loaded page the step
 * navigated to) still receives it: the last action stays pending for a few seconds.
 */
export const tourActionEvent = 'locus:tour-action';

export interface TourActionDetail {
  name: TourActionName;
}

const pendingWindowMs = 3000;
let pending: { name: TourActionName; at: number } | null = null;

/** Runs a step's named action: every listening screen is told, now or when it mounts shortly. */
export function runTourAction(name: TourActionName): void {
  pending = { name, at: Date.now() };
  window.dispatchEvent(new CustomEvent<TourActionDetail>(tourActionEvent, { detail: { name } }));
}

/** Takes the pending action if it is `name` and recent; a taken action is not delivered twice. */
export function takePendingTourAction(name: TourActionName, now = Date.now()): boolean {
  if (!pending || pending.name !== name || now - pending.at > pendingWindowMs) return false;
  pending = null;
  return true;
}

/** For screens: call `handler` whenever a tour step asks for action `name`. */
export function useTourAction(name: TourActionName, handler: () => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (takePendingTourAction(name)) latest.current();
    const listener = (event: Event) => {
      const detail = (event as CustomEvent<TourActionDetail>).detail;
      if (detail?.name !== name) return;
      pending = null;
      latest.current();
    };
    window.addEventListener(tourActionEvent, listener);
    return () => window.removeEventListener(tourActionEvent, listener);
  }, [name]);
}

/** Marks the tour's own elements: the dimmed backdrop and the step card. */
export const tourUiAttribute = 'data-tour-ui';

/**
 * For a dialog a tour step opens (e.g. the deal form on 'open-deal-form'): true when an "outside"
 * pointer or focus event happened on the tour's own backdrop or card. Call `event.preventDefault()`
 * in the dialog's `onInteractOutside` then, so pressing Next on the card keeps the dialog open.
 */
export function isTourUiEvent(event: { target: EventTarget | null }): boolean {
  const target = event.target;
  return (
    typeof Element !== 'undefined' &&
    target instanceof Element &&
    target.closest(`[${tourUiAttribute}]`) !== null
  );
}
