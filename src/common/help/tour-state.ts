/**
 * The guided-tour state machine (product spec §4 "Tour") and the pure helpers the help panel and the
 * tour overlay share: search, description cut, browser-storage keys and the step-card placement math.
 * Every function returns a new state and never mutates its input; no Node or DOM APIs.
 */
import type { Tour, TourStep, TourStepPosition, TourSummary } from './types';

export interface TourState {
  isActive: boolean;
  currentTourId: string | null;
  currentStepIndex: number;
  /** Tour id -> current step index, or the step count once the tour is complete (or skipped). */
  progress: Record<string, number>;
  welcomeSeen: boolean;
}

export const initialTourState: TourState = {
  isActive: false,
  currentTourId: null,
  currentStepIndex: 0,
  progress: {},
  welcomeSeen: false,
};

/** A fresh state, optionally restored from browser storage (see `parseTourProgress`). */
export function createTourState(
  restored: Partial<Pick<TourState, 'progress' | 'welcomeSeen'>> = {},
): TourState {
  return {
    ...initialTourState,
    progress: { ...restored.progress },
    welcomeSeen: restored.welcomeSeen ?? false,
  };
}

function isCurrent(state: TourState, tour: TourSummary): boolean {
  return state.currentTourId === tour.id;
}

function withProgress(state: TourState, tourId: string, value: number): Record<string, number> {
  return { ...state.progress, [tourId]: value };
}

/** Ends the tour: marks it complete (progress = step count) and clears the current tour. */
function complete(state: TourState, tour: TourSummary): TourState {
  return {
    ...state,
    isActive: false,
    currentTourId: null,
    currentStepIndex: 0,
    progress: withProgress(state, tour.id, tour.stepCount),
  };
}

/** Starts `tour` at step 0 and marks the welcome as seen. A tour without steps does not start. */
export function startTour(state: TourState, tour: TourSummary): TourState {
  if (tour.stepCount === 0) return { ...state, welcomeSeen: true };
  return { ...state, isActive: true, currentTourId: tour.id, currentStepIndex: 0, welcomeSeen: true };
}

/**
 * Advances one step and saves the new index as progress. On the last step it completes the tour
 * (progress = step count, inactive). Ignored when `tour` is not the current, active tour.
 */
export function nextStep(state: TourState, tour: TourSummary): TourState {
  if (!state.isActive || !isCurrent(state, tour)) return state;
  const next = state.currentStepIndex + 1;
  if (next >= tour.stepCount) return complete(state, tour);
  return { ...state, currentStepIndex: next, progress: withProgress(state, tour.id, next) };
}

/** Goes back one step, never below 0, and saves the index. Ignored when `tour` is not the current, active tour. */
export function previousStep(state: TourState, tour: TourSummary): TourState {
  if (!state.isActive || !isCurrent(state, tour) || state.currentStepIndex <= 0) return state;
  const previous = state.currentStepIndex - 1;
  return { ...state, currentStepIndex: previous, progress: withProgress(state, tour.id, previous) };
}

/** Marks `tour` complete (progress = step count) and ends whatever tour is running. */
export function skipTour(state: TourState, tour: TourSummary): TourState {
  return complete(state, tour);
}

/** Saves the current step index as progress and deactivates; the tour stays current so it can resume. */
export function pauseTour(state: TourState): TourState {
  if (!state.isActive || state.currentTourId === null) return state;
  return {
    ...state,
    isActive: false,
    progress: withProgress(state, state.currentTourId, state.currentStepIndex),
  };
}

/**
 * Reactivates a tour at its saved index. Without `tour` it resumes the paused current tour; with `tour`
 * it resumes that one (e.g. after a reload, when only the progress map was restored). A saved index
 * outside the tour's steps (a completed tour) restarts it at step 0. Nothing to resume: unchanged.
 */
export function resumeTour(state: TourState, tour?: TourSummary): TourState {
  const tourId = tour?.id ?? state.currentTourId;
  if (tourId === null) return state;
  if (tour && tour.stepCount === 0) return state;
  const fallback = tourId === state.currentTourId ? state.currentStepIndex : 0;
  let index = state.progress[tourId] ?? fallback;
  if (!Number.isInteger(index) || index < 0 || (tour && index >= tour.stepCount)) index = 0;
  return { ...state, isActive: true, currentTourId: tourId, currentStepIndex: index, welcomeSeen: true };
}

/** Jumps to `index` and saves it; ignores an index outside the step range or a tour that is not current. */
export function goToStep(state: TourState, tour: TourSummary, index: number): TourState {
  if (!state.isActive || !isCurrent(state, tour)) return state;
  if (!Number.isInteger(index) || index < 0 || index >= tour.stepCount) return state;
  return { ...state, currentStepIndex: index, progress: withProgress(state, tour.id, index) };
}

/** (index + 1) / step count * 100 for the current tour; 0 when `tour` is not current or has no steps. */
export function progressPercent(state: TourState, tour: TourSummary): number {
  if (!isCurrent(state, tour) || tour.stepCount === 0) return 0;
  return ((state.currentStepIndex + 1) / tour.stepCount) * 100;
}

/** The step on screen, or undefined when `tour` is not the current, active tour. */
export function currentTourStep(state: TourState, tour: Tour): TourStep | undefined {
  if (!state.isActive || !isCurrent(state, tour)) return undefined;
  return tour.steps[state.currentStepIndex];
}

export function isLastStep(state: TourState, tour: TourSummary): boolean {
  return isCurrent(state, tour) && state.currentStepIndex === tour.stepCount - 1;
}

export function isTourCompleted(state: TourState, tour: TourSummary): boolean {
  return tour.stepCount > 0 && (state.progress[tour.id] ?? 0) >= tour.stepCount;
}

// Browser storage (the client reads and writes; these are only the parsing and serialising)

/** Reads the stored progress map; anything malformed is dropped rather than trusted. */
export function parseTourProgress(raw: string | null | undefined): Record<string, number> {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const progress: Record<string, number> = {};
  for (const [tourId, value] of Object.entries(parsed)) {
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0) progress[tourId] = value;
  }
  return progress;
}

export function serializeTourProgress(progress: Record<string, number>): string {
  return JSON.stringify(progress);
}

// ---------------------------------------------------------------------------------------------------------
// Help panel helpers

/**
 * Case-insensitive substring search over the named string fields. A blank query returns every item.
 * Fields that are not strings (or numbers) are skipped.
 */
export function searchHelp<T>(items: readonly T[], query: string, fields: readonly (keyof T)[]): T[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [...items];
  return items.filter((item) =>
    fields.some((field) => {
      const value = item[field];
      if (typeof value !== 'string' && typeof value !== 'number') return false;
      return String(value).toLowerCase().includes(needle);
    }),
  );
}

export const guideDescriptionMaxLength = 150;
export const ellipsis = '...';

/** Cuts `text` at `max` characters and appends "..." — only when it is longer than `max`. */
export function truncateDescription(text: string, max: number = guideDescriptionMaxLength): string {
  return text.length > max ? `${text.slice(0, max)}${ellipsis}` : text;
}

// ---------------------------------------------------------------------------------------------------------
// Step-card placement

export const tourCardWidth = 320;
export const tourCardHeight = 200;
export const tourCardMargin = 16;

/** The highlighted element's box in viewport coordinates (what getBoundingClientRect gives). */
export interface TourTargetRect {
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface TourViewport {
  width: number;
  height: number;
}

export interface TourCardPlacement {
  top: number;
  left: number;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), Math.max(min, max));
}

/**
 * Where the 320 x 200 step card goes (viewport coordinates, for position: fixed): beside the target on
 * the requested side, 16 px away, then kept at least 16 px inside the viewport. Centred in the viewport
 * when there is no target or the position is 'center'. A viewport smaller than the card pins it at 16 px.
 */
export function placeTourCard(
  target: TourTargetRect | null,
  position: TourStepPosition,
  viewport: TourViewport,
): TourCardPlacement {
  const w = tourCardWidth;
  const h = tourCardHeight;
  const m = tourCardMargin;
  let top: number;
  let left: number;
  if (target === null || position === 'center') {
    top = (viewport.height - h) / 2;
    left = (viewport.width - w) / 2;
  } else {
    const centreX = target.left + target.width / 2 - w / 2;
    const centreY = target.top + target.height / 2 - h / 2;
    switch (position) {
      case 'top':
        top = target.top - h - m;
        left = centreX;
        break;
      case 'bottom':
        top = target.top + target.height + m;
        left = centreX;
        break;
      case 'left':
        top = centreY;
        left = target.left - w - m;
        break;
      case 'right':
        top = centreY;
        left = target.left + target.width + m;
        break;
    }
  }
  return {
    top: clamp(top, m, viewport.height - h - m),
    left: clamp(left, m, viewport.width - w - m),
  };
}
