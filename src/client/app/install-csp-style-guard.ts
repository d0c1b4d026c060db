import { installCspStyleGuard } from '../lib/csp-style-guard';

// A module of its own, imported first by main.tsx, so it is in place before any library can insert
// a <style> element (today only react-remove-scroll-bar, when the first modal opens).
if (import.meta.env.PROD) installCspStyleGuard(document.head);
