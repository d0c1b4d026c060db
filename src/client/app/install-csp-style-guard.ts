import { installCspStyleGuard } from '../lib/csp-style-guard';

// A module of its own, imported first by main.tsx: it must run before any library module does,
// since sonner inserts its <style> element as soon as it is evaluated.
if (import.meta.env.PROD) installCspStyleGuard(document.head);
