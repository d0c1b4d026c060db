import { matchPath } from './match-path';
import { accountLinkPaths, isPublicSitePath, isVerifyPath, signingPaths } from './public-paths';

/**
 * The signed-in screens of spec §2. The client's route table gives each its screen and guard; the
 * server answers 404 for any path outside these lists, so both sides share this one list.
 */
export const signedInPathPatterns = [
  '/',
  '/dashboard',
  '/dashboard/:section',
  '/leads',
  '/leads/:id',
  '/clients',
  '/clients/:id',
  '/clients/:clientId/documents/create',
  '/clients/:clientId/documents/:documentId/edit',
  '/companies',
  '/deals',
  '/deals/:id',
  '/objects/:entityType',
  '/objects/:entityType/:id',
  '/settings',
  '/settings/:section',
  '/users',
  '/integrations',
  '/integrations/import',
  '/documents/visual-editor',
  '/documents/:documentId/edit',
  '/documents/templates/new',
  '/documents/templates/:templateId',
  '/documents/instances/:id',
  '/documents/instances/:id/edit',
  '/documents/management',
  '/entity-mockups',
  '/entity-test',
  '/super-admin',
  '/super-admin/:section',
] as const;

export type SignedInPathPattern = (typeof signedInPathPatterns)[number];

/** Whether the app has a page at this path (signed in or not); anything else is "not found". */
export function isAppPath(path: string): boolean {
  // /change-password: where spec §2 sends a user who must change their password (every path does).
  if (isPublicSitePath(path) || isVerifyPath(path) || path === '/auth' || path === '/change-password')
    return true;
  if ((accountLinkPaths as readonly string[]).includes(path)) return true;
  return [...signingPaths, ...signedInPathPatterns].some((pattern) => matchPath(pattern, path) !== null);
}
