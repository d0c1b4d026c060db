import { StrictMode, Suspense, useEffect, useState } from 'react';
import type { Root } from 'react-dom/client';
import { useLocation } from 'wouter';
import { PageLoader } from '../components/page-loader';
import type { CurrentUser } from '../features/auth/api';
import { rememberSignedIn, wasSignedIn } from '../features/auth/signed-in-hint';
import { ConnectivityMonitor } from '../features/connectivity/components/connectivity-monitor';
import { CookieConsentBanner } from '../features/consent/components/cookie-banner';
import { LandingPage } from '../features/marketing/pages/landing-page';
import { PublicPage } from '../features/marketing/pages/public-page';
import { MaintenanceBanner } from '../features/system-status/components/maintenance-banner';
import { useSystemStatus } from '../features/system-status/use-system-status';
import { ErrorBoundary } from './error-boundary';
import { isPublicSitePath } from '../../common/public-paths';
import { Toaster } from './toaster';

/**
 * The lean entry for visitors (spec §2 public routes): the landing and marketing pages without the
 * signed-in application's code, its data layer or its shell. The full app takes over the same root
 * as soon as the visitor turns out to be signed in or follows a link beyond the public site.
 */
export function startPublicSite(root: Root) {
  let handedOver = false;
  const handOver = (user?: CurrentUser | null) => {
    if (handedOver) return;
    handedOver = true;
    void import('./full-app').then(({ startFullApp }) => startFullApp(root, user));
  };
  const signedIn = fetchSignedInUser();
  void signedIn.then((user) => {
    if (user) handOver(user);
    else rememberSignedIn(false);
  });
  root.render(
    <StrictMode>
      <ErrorBoundary>
        <PublicSite signedIn={signedIn} onLeave={() => handOver()} />
      </ErrorBoundary>
    </StrictMode>,
  );
}

/** GET /api/session as the request layer reads it for the sign-in state: a user, or null. */
async function fetchSignedInUser(): Promise<CurrentUser | null> {
  try {
    const res = await fetch('/api/session', { credentials: 'include' });
    return res.ok ? ((await res.json()) as { user: CurrentUser | null }).user : null;
  } catch {
    return null;
  }
}

function PublicSite({ signedIn, onLeave }: { signedIn: Promise<CurrentUser | null>; onLeave: () => void }) {
  const [path] = useLocation();
  const ownPath = isPublicSitePath(path);
  const visitor = useIsVisitor(signedIn);
  const status = useSystemStatus();
  // A returning user is about to be handed to the app: no landing page in between.
  const [returning] = useState(wasSignedIn);
  useEffect(() => {
    if (!ownPath) onLeave();
  }, [ownPath, onLeave]);
  return (
    <>
      <ConnectivityMonitor />
      {status?.maintenanceMode && ownPath ? <MaintenanceBanner /> : null}
      {!ownPath || (path === '/' && returning && !visitor) ? (
        <PageLoader fullScreen />
      ) : path === '/' ? (
        <LandingPage />
      ) : (
        <Suspense fallback={<PageLoader fullScreen />}>
          <PublicPage path={path} />
        </Suspense>
      )}
      <CookieConsentBanner audience={visitor ? 'visitor' : null} />
      <Toaster />
    </>
  );
}

/** True once the sign-in check has answered "signed out" (the cookie banner waits for it). */
function useIsVisitor(signedIn: Promise<CurrentUser | null>): boolean {
  const [visitor, setVisitor] = useState(false);
  useEffect(() => {
    let current = true;
    void signedIn.then((user) => {
      if (current && !user) setVisitor(true);
    });
    return () => {
      current = false;
    };
  }, [signedIn]);
  return visitor;
}
