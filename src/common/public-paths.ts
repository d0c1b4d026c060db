/*
 * The public paths, apart from the full path list (app-paths.ts), so the lean public entry
 * (main.tsx, public-site.tsx) loads only these few names.
 */

/** Marketing pages (spec §2): shown only when signed out or while the sign-in state loads. */
export const publicPagePaths = ['/about', '/blog', '/careers', '/contact', '/privacy', '/terms'] as const;

/** Document links for signers (spec §2): open to everyone, signed in or not. */
export const signingPaths = ['/sign/:token', '/share/:token', '/documents/instances/:id/sign'] as const;

/** E-mailed signing links (a token, no account): main.tsx serves them from their own lean entry. */
export function isSigningLinkPath(path: string): boolean {
  return /^\/(sign|share)\/[^/]+\/?$/.test(path);
}

/** The public verification page of sealed documents (issue 18), its own lean entry. */
export const verifyPath = '/verify';

export function isVerifyPath(path: string): boolean {
  return path === verifyPath || path === `${verifyPath}/`;
}

/** Paths the lean public-site entry serves by itself: the landing page and the marketing pages. */
export function isPublicSitePath(path: string): boolean {
  return path === '/' || (publicPagePaths as readonly string[]).includes(path);
}

/** Pages e-mailed links open (password reset, invitation): served signed in or not. */
export const accountLinkPaths = ['/auth/reset-password', '/auth/accept-invitation'] as const;
