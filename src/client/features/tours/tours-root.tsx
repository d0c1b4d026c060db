import type { ReactNode } from 'react';
import { useSignedInUser } from '../auth/signed-in-user';
import { TourOverlay } from './components/tour-overlay';
import { TourProvider } from './tour-context';

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
      <TourOverlay hasRoute={hasRoute} />
    </TourProvider>
  );
}
