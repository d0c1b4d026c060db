import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PermissionAction, PermissionCategory } from '../../common/permissions';

/**
 * Every route declares who may call it (Twenty-style declared guards). A route registered
 * without `config.access` makes start-up fail, so an unguarded endpoint can never ship.
 */
export type RouteAccess =
  | 'public'
  | 'authenticated'
  | 'superAdmin'
  | { permission: [PermissionCategory, PermissionAction] }
  | { anyOf: [PermissionCategory, PermissionAction][] };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * Open to a signed-in user who must still replace a temporary password (reading who they
     * are, changing the password, signing out); every other signed-in route refuses them.
     */
    beforePasswordChange?: true;
    /**
     * Refuses calls made with an API key (403 with this message): managing keys and changing the
     * password need the person, signed in (docs/decisions/034).
     */
    sessionOnly?: string;
    /** The one state-changing route a read-only support-access visit may call: ending it (issue 20). */
    duringSupportAccess?: true;
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: RouteAccess;
}

export type AccessCheck = (
  request: FastifyRequest,
  reply: FastifyReply,
  access: RouteAccess,
) => Promise<void>;

/** Collects every route with its declaration; rejects routes that declare nothing. */
export function declareRouteAccess(app: FastifyInstance, routes: RegisteredRoute[]) {
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!access) {
      throw new Error(`Route ${methods.join(',')} ${route.url} declares no access (config.access)`);
    }
    for (const method of methods) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, access });
    }
  });
}

export function describeAccess(access: RouteAccess): string {
  if (typeof access === 'string') return access;
  if ('permission' in access) return access.permission.join(':');
  return `any of ${access.anyOf.map((p) => p.join(':')).join(', ')}`;
}
