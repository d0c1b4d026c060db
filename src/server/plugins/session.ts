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
  type SessionData,
  sessionAbsoluteMs,
  sessionKey,
  touchSession,
} from '../features/auth/session-store';
import { isStateChanging } from '../lib/http-methods';
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
  ): Promise<AuthContext>;
  end(reply: FastifyReply, sessionId: string | undefined, within?: SessionWork): Promise<void>;
}

export interface SessionOptions {
  db: Database;
  superAdminEmails: readonly string[];
  secureCookies: boolean;
  /** How long a loaded auth context may serve further requests (SESSION_CACHE_MS; 0: never). */
  cacheMs: number;
}

export async function registerSessions(app: FastifyInstance, options: SessionOptions) {
  const authLookup = prepareAuthLookup(options.db);
  const cache = createAuthContextCache<AuthContext>({ ttlMs: options.cacheMs });
  await app.register(cookie);
  app.decorateRequest('auth', null);
  app.decorate('sessions', {
    async start(reply, user, within) {
      cache.invalidate();
      const token = await options.db.transaction(async (tx) => {
        const created = await createSession(tx, user);
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
  } satisfies SessionManager);

  app.addHook('onRequest', async (request) => {
    if (isStateChanging(request.method)) cache.invalidate();
    const token = request.cookies[sessionCookieName];
    if (!token) return;
    request.auth = await cachedAuthContext(cache, options, authLookup, sessionKey(token));
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

async function cachedAuthContext(
  cache: AuthContextCache<AuthContext>,
  options: SessionOptions,
  lookup: AuthLookup,
  sid: string,
): Promise<AuthContext | null> {
  const cached = cache.get(sid);
  if (cached) return cached;
  const generation = cache.generation();
  const { auth, expiresAt } = await loadAuthContext(options, lookup, sid);
  if (auth) cache.set(sid, auth, generation, expiresAt);
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
  const alive = await touchSession(options.db, sid, sess, row.session.expire);
  if (!alive || row.user.status !== 'active' || row.organization.status !== 'active') return none;
  const isSuperAdmin = row.user.isSuperAdmin || isSuperAdminEmail(row.user.email, options.superAdminEmails);
  const auth = {
    sessionId: sid,
    user: row.user,
    organization: row.organization,
    permissions: resolvePermissions(row.user.role, row.teamPermissions, row.user.permissions),
    isSuperAdmin,
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
