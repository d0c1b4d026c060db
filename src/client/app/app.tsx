import { lazy, Suspense, useEffect } from 'react';
import { Redirect, useLocation } from 'wouter';
import { PageLoader } from '../components/page-loader';
import { ConflictDialogHost } from '../components/conflict-dialog-host';
import { type CurrentUser, useCurrentUser } from '../features/auth/api';
import { ConnectivityMonitor } from '../features/connectivity/components/connectivity-monitor';
import { CookieConsentBanner } from '../features/consent/components/cookie-banner';
import { PublicPage } from '../features/marketing/pages/public-page';
import { SignedInUserProvider } from '../features/auth/signed-in-user';
import { applyColorScheme, userColorSchemeDelayMs } from '../lib/color-scheme';
import { lazyWithPreload, usePreloaded } from '../lib/lazy-with-preload';
import { findRoute, matchPath } from '../../common/match-path';
import { publicPagePaths, signingPaths } from '../../common/public-paths';
import { appRoutes } from './route-table';
import { Toaster } from './toaster';

// Each page is its own chunk, so a visitor downloads only the screens they open.
const LandingPage = lazy(() =>
  import('../features/marketing/pages/landing-page').then((m) => ({ default: m.LandingPage })),
);
const NotFoundPage = lazy(() =>
  import('../features/marketing/pages/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);
const SigningRoutes = lazy(() =>
  import('../features/signing/signing-routes').then((m) => ({ default: m.SigningRoutes })),
);
const AuthPage = lazy(() =>
  import('../features/auth/pages/auth-page').then((m) => ({ default: m.AuthPage })),
);
const ChangePasswordPage = lazy(() =>
  import('../features/auth/pages/change-password-page').then((m) => ({ default: m.ChangePasswordPage })),
);
// Reached only from e-mailed links; its form (react-hook-form, zod) stays off everyone's first load.
const AccountLinkPage = lazy(() =>
  import('../features/auth/pages/account-link-page').then((m) => ({ default: m.AccountLinkPage })),
);
// Counted as loaded once the screen of the start address is in too (screens.tsx), so that both
// render at once, without suspending (lib/lazy-with-preload.ts).
const SignedInApp = lazyWithPreload(() =>
  import('./signed-in-app').then(async (m) => {
    await m.startScreenLoaded;
    return m.SignedInApp;
  }),
);
// An app address: the signed-in application loads while the session is asked for.
if (findRoute(appRoutes, window.location.pathname)) void SignedInApp.preload();

const isSigningPath = (path: string) => signingPaths.some((pattern) => matchPath(pattern, path));

export function App() {
  const { user, isLoading } = useCurrentUser();
  const [path] = useLocation();
  useUserColorScheme(user);
  return (
    <>
      <ConnectivityMonitor />
      <Suspense fallback={<PageLoader fullScreen />}>
        <Routes user={user} isLoading={isLoading} />
      </Suspense>
      {/* Signing pages set no cookie beyond the strictly necessary one, and their bar sits where the banner would. */}
      {isSigningPath(path) ? null : (
        <CookieConsentBanner audience={isLoading ? null : user ? 'member' : 'visitor'} />
      )}
      <Toaster />
      <ConflictDialogHost />
    </>
  );
}

/** The three routing states of spec §4, plus the signing links open to everyone. */
function Routes({ user, isLoading }: { user: CurrentUser | null; isLoading: boolean }) {
  const [path] = useLocation();
  if (isSigningPath(path)) {
    return <SigningRoutes organizationName={user?.organizationName ?? null} isLoading={isLoading} />;
  }
  // E-mailed links work whoever is signed in on this browser (accepting signs the invitee in).
  if (path === '/auth/reset-password') return <AccountLinkPage purpose="password_reset" />;
  if (path === '/auth/accept-invitation') return <AccountLinkPage purpose="invitation" />;
  if (user) {
    return (
      <SignedInUserProvider user={user}>
        {user.mustChangePassword ? <ChangePasswordPage /> : <SignedInAppWhenLoaded />}
      </SignedInUserProvider>
    );
  }
  return <PublicRoutes path={path} isLoading={isLoading} />;
}

/** The signed-in application, with the loader the session wait showed until its code is in. */
function SignedInAppWhenLoaded() {
  return usePreloaded(SignedInApp) ? <SignedInApp /> : <PageLoader fullScreen />;
}

function PublicRoutes({ path, isLoading }: { path: string; isLoading: boolean }) {
  if (path === '/') return <LandingPage />;
  if (path === '/auth') return <AuthPage />;
  if ((publicPagePaths as readonly string[]).includes(path)) return <PublicPage path={path} />;
  if (findRoute(appRoutes, path)) {
    // A signed-in screen: wait for the sign-in state, then ask a signed-out visitor to sign in.
    return isLoading ? <PageLoader fullScreen /> : <Redirect to="/auth" replace />;
  }
  return <NotFoundPage />;
}

/**
 * Colour scheme (spec §4): main.tsx applies the stored one at start-up; once the user has loaded,
 * their own scheme replaces it after 100 ms and is remembered.
 */
function useUserColorScheme(user: CurrentUser | null) {
  const scheme = user?.colorScheme;
  const signedIn = user !== null;
  useEffect(() => {
    if (!signedIn) return;
    const timer = setTimeout(() => applyColorScheme(scheme, { store: true }), userColorSchemeDelayMs);
    return () => clearTimeout(timer);
  }, [signedIn, scheme]);
}
