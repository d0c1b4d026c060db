// Keep first: it must run before any library module (see the module).
// oxlint-disable-next-line import/no-unassigned-import
import './app/install-csp-style-guard';
// oxlint-disable-next-line import/no-unassigned-import
import './app/run-effects-after-commit';
import { createRoot } from 'react-dom/client';
import { isPublicSitePath, isSigningLinkPath, isVerifyPath } from '../common/public-paths';
import { startPublicSite } from './app/public-site';
import { preloadBoard } from './features/deals/board-preload';
import { installBackGuard } from './lib/back-guard';
import { applyStoredColorScheme } from './lib/color-scheme';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');

// Spec §4: the scheme stored in the browser (or the default) before the first paint.
applyStoredColorScheme();
// Before the router subscribes to history: dialogs with unsaved changes can refuse Back.
installBackGuard();

const root = createRoot(container);
// Visitors get the lean public site, signers the lean signing pages, /verify its own page; everything else loads the full
// application (its own chunk).
const path = window.location.pathname;
if (isPublicSitePath(path)) startPublicSite(root);
else if (isSigningLinkPath(path))
  void import('./features/signing/start-signing-site').then(({ startSigningSite }) => startSigningSite(root));
else if (isVerifyPath(path))
  void import('./features/verification/start-verify-site').then(({ startVerifySite }) =>
    startVerifySite(root),
  );
else {
  // The board's data travels while the application's scripts load (issue 21 §3).
  preloadBoard();
  void import('./app/full-app').then(({ startFullApp }) => startFullApp(root));
}
