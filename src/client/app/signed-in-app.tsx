import { lazy } from 'react';
import { Redirect, useLocation } from 'wouter';
import { PermissionGuard } from '../components/permission-guard';
import { AppLayout } from './layout/app-layout';
import { findRoute } from './match-path';
import { type AppRoute, appRoutes } from './route-table';

const DashboardPage = lazy(() =>
  import('../features/dashboard/pages/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const SettingsPage = lazy(() =>
  import('../features/settings/pages/settings-page').then((m) => ({ default: m.SettingsPage })),
);
const UsersPage = lazy(() =>
  import('../features/users/pages/users-page').then((m) => ({ default: m.UsersPage })),
);
const FeaturePlaceholderPage = lazy(() =>
  import('./feature-placeholder-page').then((m) => ({ default: m.FeaturePlaceholderPage })),
);
const NotFoundPage = lazy(() =>
  import('../features/marketing/pages/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);

function Screen({ route, params }: { route: AppRoute; params: Record<string, string> }) {
  switch (route.screen) {
    case 'dashboard':
      return <DashboardPage />;
    case 'settings':
      return <SettingsPage section={params.section} />;
    case 'users':
      return <UsersPage />;
    case 'placeholder':
      return route.placeholder ? <FeaturePlaceholderPage {...route.placeholder} /> : null;
  }
}

/** Signed in (spec §2): the layout around the screen of the current path, behind its guard. */
export function SignedInApp() {
  const [path] = useLocation();
  if (path === '/auth') return <Redirect to="/dashboard" replace />;
  const match = findRoute(appRoutes, path);
  if (!match) return <NotFoundPage />;
  const { route, params } = match;
  return (
    <AppLayout>
      {/* Keyed by pattern: moving between screens starts the next one fresh. */}
      <PermissionGuard key={route.path} {...route.access}>
        <Screen route={route} params={params} />
      </PermissionGuard>
    </AppLayout>
  );
}
