import { Redirect, useLocation } from 'wouter';
import { PermissionGuard } from '../components/permission-guard';
import { ToursRoot } from '../features/tours/tours-root';
import { AppLayout } from './layout/app-layout';
import { findRoute } from '../../common/match-path';
import { appRoutes } from './route-table';
import { AppNotFoundPage } from './app-not-found-page';
import { LoadedScreen, preloadScreenAt } from './screens';

const hasAppRoute = (path: string) => findRoute(appRoutes, path) !== null;

/** The screen the app starts on, loading beside this module rather than after its first render. */
export const startScreenLoaded = preloadScreenAt(window.location.pathname).catch(() => undefined);

/** Signed in (spec §2): the layout around the screen of the current path, behind its guard. */
export function SignedInApp() {
  const [path] = useLocation();
  if (path === '/auth') return <Redirect to="/dashboard" replace />;
  // Tours (and the welcome dialog) sit above the screens, so a running tour survives page changes.
  return (
    <ToursRoot hasRoute={hasAppRoute}>
      <SignedInScreen path={path} />
    </ToursRoot>
  );
}

function SignedInScreen({ path }: { path: string }) {
  const match = findRoute(appRoutes, path);
  if (!match) {
    return (
      <AppLayout>
        <AppNotFoundPage />
      </AppLayout>
    );
  }
  const { route, params } = match;
  return (
    <AppLayout>
      {/*
       * Keyed by screen: moving to another screen starts it fresh, while the addresses of one
       * screen (the dashboard's sections) keep it, and the focus in it.
       */}
      <PermissionGuard key={route.screen} {...route.access}>
        <LoadedScreen route={route} params={params} />
      </PermissionGuard>
    </AppLayout>
  );
}
