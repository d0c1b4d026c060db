import { lazy, type ReactNode } from 'react';
import { LoadOnOpen } from '../../components/load-on-open';
import { useSignedInUser } from '../auth/signed-in-user';
import { TourProvider, useTours } from './tour-context';

// The overlay's code loads when a tour is first started or resumed.
const TourOverlay = lazy(() => import('./components/tour-overlay').then((m) => ({ default: m.TourOverlay })));

interface ToursRootProps {
  /** Whether the signed-in app has a screen for a path (tours open pages by path). */
  hasRoute: (path: string) => boolean;
  children: ReactNode;
}

/**
 * The guided tours of the signed-in app: state for every screen (the help panel starts and resumes
 * tours, the layout opens the welcome dialog) and the overlay of the running tour. Mounted above the
 * route switch, so a tour keeps running while it moves between pages.
 */
export function ToursRoot({ hasRoute, children }: ToursRootProps) {
  const user = useSignedInUser();
  return (
    <TourProvider industrySector={user.industrySector}>
      {children}
      <RunningTour hasRoute={hasRoute} />
    </TourProvider>
  );
}

function RunningTour({ hasRoute }: { hasRoute: (path: string) => boolean }) {
  const { currentTour } = useTours();
  return (
    <LoadOnOpen open={currentTour !== null}>
      <TourOverlay hasRoute={hasRoute} />
    </LoadOnOpen>
  );
}
