import type { FastifyRequest } from 'fastify';
import type { ResolvedPermissions, Role } from '../../common/permissions';
import { can } from '../../common/permissions';
import type { Database } from '../db';

/** Who performs a service call: enough to apply the rules, nothing of HTTP. */
export interface Actor {
  id: string;
  role: Role;
  isOwner: boolean;
  isSuperAdmin: boolean;
  permissions: ResolvedPermissions;
  /** The session the call came through, so "end this user's sessions" can spare the caller's own. */
  sessionId: string;
}

/**
 * What every tenant service function takes. `orgId` is the caller's organization, taken from
 * the session, never from the request: a service cannot read a tenant table without it.
 */
export interface ServiceContext {
  db: Database;
  orgId: string;
  actor: Actor;
  /** Where the call came from, for the audit log (absent for calls made by the server itself). */
  client?: RequestClient;
}

/** The caller's address and browser as the audit log records them. */
export interface RequestClient {
  ip: string | null;
  userAgent: string | null;
}

/** A browser's user agent is rarely over 300 characters; a longer header is cut, not stored whole. */
const maxUserAgentLength = 512;

/** The IP (X-Forwarded-For only behind TRUST_PROXY) and user agent of a request. */
export function requestClientOf(request: FastifyRequest): RequestClient {
  const userAgent = request.headers['user-agent'];
  return {
    ip: request.ip || null,
    userAgent: typeof userAgent === 'string' && userAgent ? userAgent.slice(0, maxUserAgentLength) : null,
  };
}

/** The context of a signed-in request (the access guard has already refused anonymous calls). */
export function contextOf(request: FastifyRequest, db: Database): ServiceContext {
  const auth = request.auth;
  if (!auth) throw new Error(`contextOf: ${request.method} ${request.url} has no signed-in user`);
  return {
    db,
    orgId: auth.organization.id,
    actor: {
      id: auth.user.id,
      role: auth.user.role,
      isOwner: auth.user.isOwner,
      isSuperAdmin: auth.isSuperAdmin,
      permissions: auth.permissions,
      sessionId: auth.sessionId,
    },
    client: requestClientOf(request),
  };
}

/** Whether the actor holds a permission (a super admin holds all). */
export function actorCan(actor: Actor, category: string, action: string): boolean {
  return can({ isSuperAdmin: actor.isSuperAdmin, permissions: actor.permissions }, category, action);
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids come from URLs; anything that is not a uuid cannot name a row, so it is simply "not found". */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}
