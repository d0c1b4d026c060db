// Keep first: it must run before any library module (see the module).
// oxlint-disable-next-line import/no-unassigned-import
import './app/install-csp-style-guard';
// oxlint-disable-next-line import/no-unassigned-import
import './app/run-effects-after-commit';
import { createRoot } from 'react-dom/client';
import { ApiReferencePage } from './features/api-docs/pages/api-reference-page';

/**
 * The entry of /api/docs (its own HTML page in the build, docs/decisions/035): the API reference
 * loads only here, and the app's code never loads with it.
 */
const container = document.getElementById('root');
if (!container) throw new Error('api-docs.html lacks the #root element');
createRoot(container).render(<ApiReferencePage />);
