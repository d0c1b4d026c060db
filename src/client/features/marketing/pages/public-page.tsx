import { lazy } from 'react';

// Each public page is its own chunk, like the other screens.
const pages = {
  '/about': lazy(() => import('./about-page').then((m) => ({ default: m.AboutPage }))),
  '/blog': lazy(() => import('./blog-page').then((m) => ({ default: m.BlogPage }))),
  '/careers': lazy(() => import('./careers-page').then((m) => ({ default: m.CareersPage }))),
  '/contact': lazy(() => import('./contact-page').then((m) => ({ default: m.ContactPage }))),
  '/privacy': lazy(() => import('./legal-page').then((m) => ({ default: m.PrivacyPage }))),
  '/terms': lazy(() => import('./legal-page').then((m) => ({ default: m.TermsPage }))),
} as const;

export type PublicPagePath = keyof typeof pages;

export function isPublicPagePath(path: string): path is PublicPagePath {
  return Object.hasOwn(pages, path);
}

/** The marketing page of `path` (spec §2 public routes other than / and /auth); nothing for others. */
export function PublicPage({ path }: { path: string }) {
  if (!isPublicPagePath(path)) return null;
  const Page = pages[path];
  return <Page />;
}
