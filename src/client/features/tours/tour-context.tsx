import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import {
  goToStep,
  isLastStep,
  nextStep,
  pauseTour,
  previousStep,
  resumeTour,
  skipTour,
  startTour,
  type TourState,
} from '../../../common/help/tour-state';
import { findTourSummary, toursForIndustry } from '../../../common/help/tour-catalog';
import type { TourSummary } from '../../../common/help/types';
import { toast } from '../../lib/toast';
import { browserStorage, loadTourState, saveTourState } from './tour-storage';

/** Spec §9: the welcome dialog opens one second after sign-in. */
export const welcomeDelayMs = 1000;

export interface TourControls {
  state: TourState;
  /** The tours offered to the user's industry (spec §2). */
  tours: TourSummary[];
  /** The current tour (running or paused), if any. */
  currentTour: TourSummary | null;
  /**
   * The welcome's delay after sign-in has passed. Whether it opens also depends on the other
   * onboarding modals (app/layout/onboarding-sequence.ts).
   */
  welcomeDue: boolean;
  start: (tourId: string) => void;
  next: () => void;
  back: () => void;
  pause: () => void;
  /** Resumes the paused current tour, or `tourId` at its saved step. */
  resume: (tourId?: string) => void;
  /** Ends the current tour, marking it complete. */
  end: () => void;
  goTo: (index: number) => void;
  /** Closes the welcome dialog and remembers that it was seen. */
  dismissWelcome: () => void;
}

const TourContext = createContext<TourControls | null>(null);

interface TourProviderProps {
  industrySector: string | null | undefined;
  children: ReactNode;
}

/**
 * The guided-tour state of spec §4 for the signed-in app, kept in browser storage (progress map and
 * the welcome-seen flag). The pure transitions live in common/help/tour-state.ts.
 */
export function TourProvider({ industrySector, children }: TourProviderProps) {
  const [state, setState] = useState<TourState>(() => loadTourState(browserStorage()));
  const [welcomeDue, setWelcomeDue] = useState(false);
  const tours = useMemo(() => toursForIndustry(industrySector), [industrySector]);

  const { progress, welcomeSeen } = state;
  useEffect(() => {
    saveTourState(browserStorage(), { progress, welcomeSeen });
  }, [progress, welcomeSeen]);

  // The welcome dialog, once per sign-in, unless it was seen before.
  const seenAtSignIn = state.welcomeSeen;
  useEffect(() => {
    if (seenAtSignIn) return;
    const timer = setTimeout(() => setWelcomeDue(true), welcomeDelayMs);
    return () => clearTimeout(timer);
    // Only the state at sign-in decides; later changes close the dialog through `welcomeSeen`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const currentTour = state.currentTourId ? (findTourSummary(state.currentTourId) ?? null) : null;

  const withCurrent = useCallback(
    (transition: (state: TourState, tour: TourSummary) => TourState) =>
      setState((prev) => {
        const tour = prev.currentTourId ? findTourSummary(prev.currentTourId) : undefined;
        return tour ? transition(prev, tour) : prev;
      }),
    [],
  );

  const value = useMemo<TourControls>(
    () => ({
      state,
      tours,
      currentTour,
      welcomeDue,
      start: (tourId) => {
        const tour = findTourSummary(tourId);
        if (tour) setState((prev) => startTour(prev, tour));
      },
      next: () => {
        if (currentTour && state.isActive && isLastStep(state, currentTour)) {
          toast.success('Tour complete', {
            description: `You finished "${currentTour.name}". You can take it again from Help.`,
          });
        }
        withCurrent(nextStep);
      },
      back: () => withCurrent(previousStep),
      pause: () => {
        if (state.isActive) toast('Tour paused', { description: 'Resume it any time from Help > Tours.' });
        setState(pauseTour);
      },
      resume: (tourId) => {
        const tour = tourId ? findTourSummary(tourId) : undefined;
        setState((prev) => resumeTour(prev, tour));
      },
      end: () => withCurrent(skipTour),
      goTo: (index) => withCurrent((prev, tour) => goToStep(prev, tour, index)),
      dismissWelcome: () => setState((prev) => ({ ...prev, welcomeSeen: true })),
    }),
    [state, tours, currentTour, welcomeDue, withCurrent],
  );

  return <TourContext.Provider value={value}>{children}</TourContext.Provider>;
}

export function useTours(): TourControls {
  const controls = useContext(TourContext);
  if (!controls) throw new Error('useTours must be used inside <TourProvider>');
  return controls;
}

/** A tour that was left part-way (paused, or interrupted by a reload) and can be resumed. */
export function isTourResumable(state: TourState, tour: TourSummary): boolean {
  if (state.isActive && state.currentTourId === tour.id) return false;
  const saved = state.progress[tour.id];
  if (state.currentTourId === tour.id) return true;
  return saved !== undefined && saved < tour.stepCount;
}
