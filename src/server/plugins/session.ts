import cookie from '@fastify/cookie';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isSuperAdminEmail, type ResolvedPermissions, resolvePermissions } from '../../common/permissions';
import type { Database } from '../db';
import { organizations, teams, users } from '../db/schema/identity';
import { sessions } from '../db/schema/platform';
import {
  createSession,
  destroySession,
  purgeExpiredSessions,
  renewSessionToken,
  type SessionData,
  type SessionExtras,
  sessionAbsoluteMs,
  sessionKey,
  touchSession,
} from '../features/auth/session-store';
import {
  authenticateApiKey,
  bearerTokenOf,
  prepareApiKeyLookup,
} from '../features/api-keys/authenticate-api-key';
import {
  resolveSupportAccess,
  type SupportAccessInfo,
} from '../features/support-access/resolve-support-access';
import { isStateChanging } from '../lib/http-methods';
import { noteOrganizationActivity } from '../features/platform-organizations/organization-usage';
import { type AuthContextCache, createAuthContextCache } from './auth-context-cache';

export const sessionCookieName = 'locus_sid';

export type UserRow = typeof users.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;

/** Who is calling: resolved once per request from the session cookie. */
export interface AuthContext {
  sessionId: string;
  user: UserRow;
  organization: OrganizationRow;
  permissions: ResolvedPermissions;
  isSuperAdmin: boolean;
  /**
   * Set when the call authenticated with an API key (`Authorization: Bearer`, no session cookie):
   * the key's id and levels; `permissions` are then the creator's cut down to those levels.
   */
  apiKeyId?: string;
  apiKeyLevels?: readonly string[];
  /**
   * Set during a super admin's read-only support-access visit as this user (issue 20): who is
   * really looking, and until when. `isSuperAdmin` is then false.
   */
  supportAccess?: SupportAccessInfo;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    sessions: SessionManager;
  }
}

/** Work done in the same transaction as starting or ending a session (the audit log's entry). */
export type SessionWork = (tx: Database) => Promise<unknown>;

export interface SessionManager {
  /** Starts a fresh session (a new id on every sign-in), sets its cookie, returns who it is. */
  start(
    reply: FastifyReply,
    user: { id: string; organizationId: string },
    within?: SessionWork,
    extras?: SessionExtras,
  ): Promise<AuthContext>;
  end(reply: FastifyReply, sessionId: string | undefined, within?: SessionWork): Promise<void>;
  /**
   * Hands an existing session back to the browser under a new token (a super admin's own session
   * when support access ends). False, and the cookie cleared, when that session is gone.
   */
  resume(reply: FastifyReply, sessionId: string, within?: SessionWork): Promise<boolean>;
}

export interface SessionOptions {
  db: Database;
  superAdminEmails: readonly string[];
  secureCookies: boolean;
  /** How long a loaded auth context may serve further requests (SESSION_CACHE_MS; 0: never). */
  cacheMs: number;
  /** Calls per API key per minute (API_KEY_RATE_LIMIT). */
  apiKeyRateLimit: number;
}

export async function registerSessions(app: FastifyInstance, options: SessionOptions) {
  const authLookup = prepareAuthLookup(options.db);
  const apiKeyLookup = prepareApiKeyLookup(options.db);
  const cache = createAuthContextCache<AuthContext>({ ttlMs: options.cacheMs });
  await app.register(cookie);
  app.decorateRequest('auth', null);
  app.decorate('sessions', {
    async start(reply, user, within, extras) {
      cache.invalidate();
      const token = await options.db.transaction(async (tx) => {
        const created = await createSession(tx, user, extras);
        await within?.(tx);
        return created;
      });
      reply.setCookie(sessionCookieName, token, cookieOptions(options.secureCookies));
      const { auth } = await loadAuthContext(options, authLookup, sessionKey(token));
      if (!auth) throw new Error('a session just started could not be loaded');
      return auth;
    },
    async end(reply, sessionId, within) {
      if (sessionId) {
        await options.db.transaction(async (tx) => {
          await destroySession(tx, sessionId);
          await within?.(tx);
        });
      }
      // Sign-out may come as GET /api/logout, which the state-changing hooks let through.
      cache.invalidate();
      reply.clearCookie(sessionCookieName, { ...cookieOptions(options.secureCookies), maxAge: undefined });
    },
    async resume(reply, sessionId, within) {
      const token = await options.db.transaction(async (tx) => {
        await within?.(tx);
        return renewSessionToken(tx, sessionId);
      });
      cache.invalidate();
      if (token) reply.setCookie(sessionCookieName, token, cookieOptions(options.secureCookies));
      else
        reply.clearCookie(sessionCookieName, { ...cookieOptions(options.secureCookies), maxAge: undefined });
      return token !== null;
    },
  } satisfies SessionManager);

  // organizations.lastActivity for the super admin's list: one write per organization a minute.
  const noteActivity = (orgId: string) =>
    noteOrganizationActivity(options.db, orgId).catch((err) =>
      app.log.warn({ err }, 'organization activity not recorded'),
    );
  app.addHook('onRequest', async (request, reply) => {
    if (isStateChanging(request.method)) cache.invalidate();
    const token = request.cookies[sessionCookieName];
    if (token) {
      request.auth = await cachedAuthContext(cache, options, authLookup, token);
      if (request.auth) await noteActivity(request.auth.organization.id);
      return;
    }
    // No cookie: an API client may present a key instead (a browser's cookie always wins).
    const key = bearerTokenOf(request.headers.authorization);
    if (key === undefined) return;
    const result = await authenticateApiKey(options.db, apiKeyLookup, key, options.apiKeyRateLimit);
    if (result.ok) {
      request.auth = result.auth;
      await noteActivity(result.auth.organization.id);
      return;
    }
    if (result.status === 429) reply.header('Retry-After', String(result.retryAfterSeconds));
    else reply.header('WWW-Authenticate', 'Bearer');
    return reply.status(result.status).send({ message: result.message });
  });
  // Again once answered: a read that ran alongside may have cached what this request changed.
  app.addHook('onResponse', async (request) => {
    if (isStateChanging(request.method)) cache.invalidate();
  });

  const purge = setInterval(
    () => {
      purgeExpiredSessions(options.db).catch((err) => app.log.warn({ err }, 'session purge failed'));
    },
    15 * 60 * 1000,
  );
  purge.unref();
  app.addHook('onReady', () => purgeExpiredSessions(options.db));
  app.addHook('onClose', () => clearInterval(purge));
}

/**
 * The session, its user, organization and active team in one round trip. Every signed-in request
 * runs it, so it is a prepared statement: built and planned once per connection, not per request.
 */
function prepareAuthLookup(db: Database) {
  return (
    db
      .select({
        session: sessions,
        user: users,
        organization: organizations,
        teamPermissions: teams.permissions,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(organizations, eq(organizations.id, users.organizationId))
      // An inactive team's permissions no longer apply to its members.
      .leftJoin(teams, and(eq(teams.id, users.teamId), eq(teams.status, 'active')))
      .where(eq(sessions.sid, sql.placeholder('sid')))
      .limit(1)
      .prepare('locus_load_auth_context')
  );
}

type AuthLookup = ReturnType<typeof prepareAuthLookup>;

/**
 * The context of the session behind the cookie `token`, from the cache when fresh. The cache is
 * keyed by the token itself, so a cached request does not hash it (SHA-256 of the token is the
 * session's key in the database, computed only to load it).
 */
async function cachedAuthContext(
  cache: AuthContextCache<AuthContext>,
  options: SessionOptions,
  lookup: AuthLookup,
  token: string,
): Promise<AuthContext | null> {
  const cached = cache.get(token);
  if (cached) return cached;
  const generation = cache.generation();
  const { auth, expiresAt } = await loadAuthContext(options, lookup, sessionKey(token));
  if (auth) cache.set(token, auth, generation, expiresAt);
  return auth;
}

async function loadAuthContext(
  options: SessionOptions,
  lookup: AuthLookup,
  sid: string,
): Promise<{ auth: AuthContext | null; expiresAt: number }> {
  const none = { auth: null, expiresAt: 0 };
  const [row] = await lookup.execute({ sid });
  if (!row) return none;
  const sess = row.session.sess as SessionData;
  // A support-access visit ends with its own expiry, or when its super admin is no longer one.
  const supportAccess = sess.supportAccessId
    ? await resolveSupportAccess(options.db, sid, sess, options.superAdminEmails)
    : undefined;
  if (supportAccess === null) return none;
  const alive = await touchSession(options.db, sid, sess, row.session.expire);
  if (!alive || row.user.status !== 'active' || row.organization.status !== 'active') return none;
  const isSuperAdmin =
    !supportAccess && (row.user.isSuperAdmin || isSuperAdminEmail(row.user.email, options.superAdminEmails));
  const auth: AuthContext = {
    sessionId: sid,
    user: row.user,
    organization: row.organization,
    permissions: resolvePermissions(row.user.role, row.teamPermissions, row.user.permissions),
    isSuperAdmin,
    ...(supportAccess && { supportAccess }),
  };
  return { auth, expiresAt: Math.min(row.session.expire.getTime(), sess.absoluteExpiry) };
}

function cookieOptions(secure: boolean) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure,
    maxAge: Math.floor(sessionAbsoluteMs / 1000),
  };
}
