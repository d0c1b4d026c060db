import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';

// Each page is its own chunk, so a visitor downloads only the screens they open.
const LandingPage = lazy(() =>
  import('../features/marketing/pages/landing-page').then((m) => ({ default: m.LandingPage })),
);
const NotFoundPage = lazy(() =>
  import('../features/marketing/pages/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);

export function App() {
  return (
    <Suspense fallback={<div className="min-h-dvh" aria-busy="true" />}>
      <Switch>
        <Route path="/" component={LandingPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
