import { describe, expect, it } from 'vitest';
import {
  createTourState,
  currentTourStep,
  goToStep,
  initialTourState,
  isLastStep,
  isTourCompleted,
  nextStep,
  parseTourProgress,
  pauseTour,
  placeTourCard,
  previousStep,
  progressPercent,
  resumeTour,
  searchHelp,
  serializeTourProgress,
  skipTour,
  startTour,
  type TourState,
} from './tour-state';
import { helpStorageKeys, welcomeSeenValue } from './storage-keys';
import type { Tour } from './types';

const makeTour = (id: string, count: number): Tour => ({
  id,
  name: id,
  description: `${id} tour`,
  stepCount: count,
  steps: Array.from({ length: count }, (_, i) => ({
    id: `step-${i}`,
    title: `Step ${i}`,
    content: `Content ${i}`,
    target: 'body',
    position: 'center' as const,
  })),
});
const tour = makeTour('demo', 3);
const other = makeTour('other', 4);
const started = () => startTour(initialTourState, tour);
const at = (index: number) => goToStep(started(), tour, index);

describe('startTour', () => {
  it('activates the tour at step 0 and marks the welcome as seen', () => {
    expect(started()).toEqual({
      isActive: true,
      currentTourId: 'demo',
      currentStepIndex: 0,
      progress: {},
      welcomeSeen: true,
    });
  });

  it('restarts from step 0 when the tour was already running, keeping saved progress', () => {
    const state = startTour(at(2), tour);
    expect(state.currentStepIndex).toBe(0);
    expect(state.progress.demo).toBe(2);
  });

  it('switches from another running tour', () => {
    const state = startTour(startTour(initialTourState, other), tour);
    expect(state.currentTourId).toBe('demo');
  });

  it('does not start a tour without steps, but still marks the welcome as seen', () => {
    const state = startTour(initialTourState, makeTour('empty', 0));
    expect(state.isActive).toBe(false);
    expect(state.welcomeSeen).toBe(true);
  });

  it('does not mutate its input', () => {
    const before = structuredClone(initialTourState);
    startTour(initialTourState, tour);
    expect(initialTourState).toEqual(before);
  });
});

describe('nextStep', () => {
  it('advances and saves progress', () => {
    const state = nextStep(started(), tour);
    expect(state.currentStepIndex).toBe(1);
    expect(state.progress).toEqual({ demo: 1 });
    expect(state.isActive).toBe(true);
  });

  it('completes the tour after the last step: progress = step count, inactive', () => {
    const state = nextStep(at(2), tour);
    expect(state).toMatchObject({ isActive: false, currentTourId: null, currentStepIndex: 0 });
    expect(state.progress.demo).toBe(3);
    expect(isTourCompleted(state, tour)).toBe(true);
  });

  it('walks a whole tour with Next', () => {
    let state = started();
    for (let i = 0; i < tour.steps.length; i++) state = nextStep(state, tour);
    expect(state.isActive).toBe(false);
    expect(state.progress.demo).toBe(3);
  });

  it('ignores a tour that is not the current one, or an inactive state', () => {
    const state = started();
    expect(nextStep(state, other)).toBe(state);
    expect(nextStep(initialTourState, tour)).toBe(initialTourState);
  });

  it('keeps the progress of other tours', () => {
    const state = nextStep({ ...started(), progress: { other: 4 } }, tour);
    expect(state.progress).toEqual({ other: 4, demo: 1 });
  });
});

describe('previousStep', () => {
  it('goes back one step and saves the index', () => {
    const state = previousStep(at(2), tour);
    expect(state.currentStepIndex).toBe(1);
    expect(state.progress.demo).toBe(1);
  });

  it('does not go below step 0', () => {
    const state = started();
    expect(previousStep(state, tour)).toBe(state);
    expect(previousStep(state, tour).currentStepIndex).toBe(0);
  });

  it('ignores a tour that is not current', () => {
    const state = at(2);
    expect(previousStep(state, other)).toBe(state);
  });
});

describe('skipTour', () => {
  it('marks the tour complete and ends it from any step', () => {
    const state = skipTour(at(1), tour);
    expect(state).toMatchObject({ isActive: false, currentTourId: null, currentStepIndex: 0 });
    expect(state.progress.demo).toBe(3);
  });

  it('marks a tour complete even when it never started (welcome dialog)', () => {
    expect(skipTour(initialTourState, other).progress.other).toBe(4);
  });
});

describe('pauseTour and resumeTour', () => {
  it('pause saves the current index and deactivates, keeping the current tour', () => {
    const state = pauseTour(at(1));
    expect(state).toMatchObject({ isActive: false, currentTourId: 'demo', currentStepIndex: 1 });
    expect(state.progress.demo).toBe(1);
  });

  it('pause does nothing without an active tour', () => {
    expect(pauseTour(initialTourState)).toBe(initialTourState);
    const paused = pauseTour(at(1));
    expect(pauseTour(paused)).toBe(paused);
  });

  it('resume reactivates at the saved index', () => {
    const state = resumeTour(pauseTour(at(2)));
    expect(state).toMatchObject({ isActive: true, currentTourId: 'demo', currentStepIndex: 2 });
  });

  it('resume of a given tour after a reload uses the stored progress', () => {
    const restored = createTourState({ progress: { demo: 1 }, welcomeSeen: true });
    expect(resumeTour(restored, tour)).toMatchObject({
      isActive: true,
      currentTourId: 'demo',
      currentStepIndex: 1,
    });
  });

  it('resume of a completed tour restarts it at step 0', () => {
    const done = skipTour(started(), tour);
    expect(resumeTour(done, tour)).toMatchObject({ isActive: true, currentStepIndex: 0 });
  });

  it('resume with nothing to resume changes nothing', () => {
    expect(resumeTour(initialTourState)).toBe(initialTourState);
    const done = nextStep(at(2), tour);
    expect(resumeTour(done)).toBe(done);
  });
});

describe('goToStep', () => {
  it('jumps to a valid index and saves it', () => {
    const state = goToStep(started(), tour, 2);
    expect(state.currentStepIndex).toBe(2);
    expect(state.progress.demo).toBe(2);
  });

  it.each([-1, 3, 99, 1.5, Number.NaN])('ignores the index %s', (index) => {
    const state = at(1);
    expect(goToStep(state, tour, index)).toBe(state);
  });

  it('ignores a tour that is not current or an inactive state', () => {
    const state = started();
    expect(goToStep(state, other, 1)).toBe(state);
    expect(goToStep(initialTourState, tour, 1)).toBe(initialTourState);
  });
});

describe('progress and current step', () => {
  it('progressPercent is (index + 1) / steps * 100', () => {
    expect(progressPercent(started(), tour)).toBeCloseTo(100 / 3);
    expect(progressPercent(at(1), tour)).toBeCloseTo(200 / 3);
    expect(progressPercent(at(2), tour)).toBe(100);
    const four = startTour(initialTourState, other);
    expect(progressPercent(four, other)).toBe(25);
    expect(progressPercent(goToStep(four, other, 1), other)).toBe(50);
  });

  it('progressPercent is 0 for a tour that is not current', () => {
    expect(progressPercent(started(), other)).toBe(0);
    expect(progressPercent(initialTourState, tour)).toBe(0);
  });

  it('currentTourStep and isLastStep follow the index', () => {
    expect(currentTourStep(started(), tour)?.id).toBe('step-0');
    expect(currentTourStep(initialTourState, tour)).toBeUndefined();
    expect(currentTourStep(pauseTour(started()), tour)).toBeUndefined();
    expect(isLastStep(at(1), tour)).toBe(false);
    expect(isLastStep(at(2), tour)).toBe(true);
  });

  it('isTourCompleted needs progress of at least the step count', () => {
    expect(isTourCompleted(createTourState({ progress: { demo: 2 } }), tour)).toBe(false);
    expect(isTourCompleted(createTourState({ progress: { demo: 3 } }), tour)).toBe(true);
    expect(isTourCompleted(initialTourState, tour)).toBe(false);
  });
});

describe('storage', () => {
  it('names the browser storage keys', () => {
    expect(helpStorageKeys).toEqual({
      cookieConsent: 'locus-cookie-consent',
      welcomeSeen: 'locus-welcome-seen',
      tourProgress: 'locus-tour-progress',
      colorScheme: 'locus-color-scheme',
    });
    expect(welcomeSeenValue).toBe('true');
  });

  it('round-trips the progress map and drops malformed values', () => {
    expect(parseTourProgress(serializeTourProgress({ demo: 2, other: 4 }))).toEqual({ demo: 2, other: 4 });
    expect(parseTourProgress(null)).toEqual({});
    expect(parseTourProgress('not json')).toEqual({});
    expect(parseTourProgress('[1,2]')).toEqual({});
    expect(parseTourProgress('"x"')).toEqual({});
    expect(parseTourProgress('{"a":1,"b":-1,"c":"2","d":1.5,"e":null}')).toEqual({ a: 1 });
  });

  it('createTourState restores progress without sharing the object', () => {
    const progress = { demo: 1 };
    const state: TourState = createTourState({ progress, welcomeSeen: true });
    expect(state).toEqual({ ...initialTourState, progress: { demo: 1 }, welcomeSeen: true });
    expect(state.progress).not.toBe(progress);
    expect(createTourState()).toEqual(initialTourState);
  });
});

describe('searchHelp', () => {
  const items = [
    { question: 'How do I set up E-mail?', answer: 'Use SPF and DKIM.' },
    { question: 'What are surplus funds?', answer: 'Leftover sale money.' },
  ];

  it('matches a case-insensitive substring in any of the fields', () => {
    expect(searchHelp(items, 'e-MAIL', ['question', 'answer'])).toEqual([items[0]]);
    expect(searchHelp(items, 'dkim', ['question', 'answer'])).toEqual([items[0]]);
    expect(searchHelp(items, 'SALE', ['question', 'answer'])).toEqual([items[1]]);
  });

  it('searches only the given fields', () => {
    expect(searchHelp(items, 'dkim', ['question'])).toEqual([]);
  });

  it('returns every item for a blank query, and nothing for no match', () => {
    expect(searchHelp(items, '', ['question'])).toEqual(items);
    expect(searchHelp(items, '   ', ['question'])).toEqual(items);
    expect(searchHelp(items, 'zzz', ['question', 'answer'])).toEqual([]);
  });

  it('matches numbers and skips non-text fields', () => {
    const guides = [{ title: 'A', readTimeMinutes: 12, tags: ['x'] }];
    expect(searchHelp(guides, '12', ['readTimeMinutes'])).toEqual(guides);
    expect(searchHelp(guides, 'x', ['tags'])).toEqual([]);
  });
});

describe('placeTourCard', () => {
  const viewport = { width: 1200, height: 800 };
  const rect = { top: 300, left: 500, width: 200, height: 40 };

  it('centres the card without a target or for position center', () => {
    expect(placeTourCard(null, 'bottom', viewport)).toEqual({ top: 300, left: 440 });
    expect(placeTourCard(rect, 'center', viewport)).toEqual({ top: 300, left: 440 });
  });

  it('places the card on each side of the target, 16 px away', () => {
    expect(placeTourCard(rect, 'bottom', viewport)).toEqual({ top: 356, left: 440 });
    expect(placeTourCard(rect, 'top', viewport)).toEqual({ top: 84, left: 440 });
    expect(placeTourCard(rect, 'left', viewport)).toEqual({ top: 220, left: 164 });
    expect(placeTourCard(rect, 'right', viewport)).toEqual({ top: 220, left: 716 });
  });

  it('keeps the card 16 px inside the top edge', () => {
    expect(placeTourCard({ top: 10, left: 500, width: 200, height: 40 }, 'top', viewport).top).toBe(16);
  });

  it('keeps the card 16 px inside the bottom edge', () => {
    // 700 + 40 + 16 = 756 would overflow; max top is 800 - 200 - 16 = 584.
    expect(placeTourCard({ top: 700, left: 500, width: 200, height: 40 }, 'bottom', viewport).top).toBe(584);
  });

  it('keeps the card 16 px inside the left edge', () => {
    expect(placeTourCard({ top: 300, left: 0, width: 100, height: 40 }, 'bottom', viewport).left).toBe(16);
    expect(placeTourCard({ top: 300, left: 100, width: 100, height: 40 }, 'left', viewport).left).toBe(16);
  });

  it('keeps the card 16 px inside the right edge', () => {
    // max left is 1200 - 320 - 16 = 864.
    expect(placeTourCard({ top: 300, left: 1150, width: 50, height: 40 }, 'bottom', viewport).left).toBe(864);
    expect(placeTourCard({ top: 300, left: 1000, width: 100, height: 40 }, 'right', viewport).left).toBe(864);
  });

  it('pins the card at 16 px when the viewport is smaller than the card', () => {
    expect(placeTourCard(null, 'center', { width: 300, height: 150 })).toEqual({ top: 16, left: 16 });
    expect(placeTourCard(rect, 'right', { width: 300, height: 150 })).toEqual({ top: 16, left: 16 });
  });
});
