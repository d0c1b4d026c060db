import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { can, canAny } from '../../common/permissions';
import { isStateChanging } from '../lib/http-methods';
import type { RouteAccess } from './route-access';

export const notSignedInMessage = 'Unauthorized: please sign in';
export const deniedMessage = "You don't have permission to access this feature.";
export const mustChangePasswordMessage = 'You must change your password before continuing';
export const apiKeyLevelMessage = "This API key's permission level does not allow this action";
export const supportAccessReadOnlyMessage = 'Support access is read-only';

/**
 * Enforces each route's declared access, after the session is loaded and before the body is
 * validated: 401 when not signed in, 403 when signed in without the permission, and 403 while
 * the user still holds a temporary password (docs/decisions/018) on every route not marked
 * `beforePasswordChange`.
 */
export function registerAccessGuard(app: FastifyInstance) {
  app.addHook('preValidation', enforceRouteAccess);
}

/**
 * The same check for a route taking a large body, as its `preParsing` hook: a caller who may not
 * send it is answered before it is read.
 */
export async function guardBeforeBody(request: FastifyRequest, reply: FastifyReply, payload: Readable) {
  await enforceRouteAccess(request, reply);
  return payload;
}

async function enforceRouteAccess(request: FastifyRequest, reply: FastifyReply) {
  // A support-access visit reads only, whatever the route's access (public sign-in and sign-up too).
  if (
    request.auth?.supportAccess &&
    isStateChanging(request.method) &&
    !request.routeOptions.config?.duringSupportAccess
  ) {
    return reply.status(403).send({ message: supportAccessReadOnlyMessage });
  }
  const access: RouteAccess | undefined = request.routeOptions.config?.access;
  if (!access || access === 'public') return;
  const auth = request.auth;
  if (!auth) return reply.status(401).send({ message: notSignedInMessage });
  if (auth.user.mustChangePassword && !request.routeOptions.config.beforePasswordChange) {
    return reply.status(403).send({ message: mustChangePasswordMessage });
  }
  if (auth.apiKeyId) {
    const sessionOnly = request.routeOptions.config.sessionOnly;
    if (sessionOnly) return reply.status(403).send({ message: sessionOnly });
    // Routes open to any signed-in user change the caller's own account (profile, mailboxes,
    // preferences): through a key that takes an admin key, whatever the method's name says.
    if (
      access === 'authenticated' &&
      isStateChanging(request.method) &&
      !auth.apiKeyLevels?.includes('admin')
    ) {
      return reply.status(403).send({ message: apiKeyLevelMessage });
    }
  }
  if (access === 'authenticated') return;
  if (access === 'superAdmin') {
    if (!auth.isSuperAdmin) return reply.status(403).send({ message: deniedMessage });
    return;
  }
  const subject = { isSuperAdmin: auth.isSuperAdmin, permissions: auth.permissions };
  const allowed = 'permission' in access ? can(subject, ...access.permission) : canAny(subject, access.anyOf);
  if (!allowed) return reply.status(403).send({ message: deniedMessage });
}
