import type { RouteAccess } from '../../plugins/route-access';

/** The routes that serve the API document and its reference page: not part of the API itself. */
export const openApiDocumentPath = '/api/openapi.json';
export const openApiReferencePath = '/api/docs';

/**
 * Whether a route belongs in the public API document: every route an API key can reach.
 * Left out: `public` routes (sign-in and sign-up, the marketing site and its forms, signing
 * sessions, seal verification, tracking pixels, health, the client app: they are not called with
 * a key) and `superAdmin` routes (a key is never a super admin).
 */
export function isDocumentedRoute(access: RouteAccess | undefined): boolean {
  return access !== undefined && access !== 'public' && access !== 'superAdmin';
}
