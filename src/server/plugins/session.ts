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

export interface SessionManager {
  /** Starts a fresh session (a new id on every sign-in), sets its cookie, returns who it is. */
  start(reply: FastifyReply, user: { id: string; organizationId: string }): Promise<AuthContext>;
  end(reply: FastifyReply, sessionId: string | undefined): Promise<void>;
}

export interface SessionOptions {
  db: Database;
  superAdminEmails: readonly string[];
  secureCookies: boolean;
}

export async function registerSessions(app: FastifyInstance, options: SessionOptions) {
  const authLookup = prepareAuthLookup(options.db);
  await app.register(cookie);
  app.decorateRequest('auth', null);
  app.decorate('sessions', {
    async start(reply, user) {
      const token = await createSession(options.db, user);
      reply.setCookie(sessionCookieName, token, cookieOptions(options.secureCookies));
      const auth = await loadAuthContext(options, authLookup, sessionKey(token));
      if (!auth) throw new Error('a session just started could not be loaded');
      return auth;
    },
    async end(reply, sessionId) {
      if (sessionId) await destroySession(options.db, sessionId);
      reply.clearCookie(sessionCookieName, { ...cookieOptions(options.secureCookies), maxAge: undefined });
    },
  } satisfies SessionManager);

  app.addHook('onRequest', async (request) => {
    const token = request.cookies[sessionCookieName];
    if (!token) return;
    request.auth = await loadAuthContext(options, authLookup, sessionKey(token));
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

async function loadAuthContext(
  options: SessionOptions,
  lookup: AuthLookup,
  sid: string,
): Promise<AuthContext | null> {
  const [row] = await lookup.execute({ sid });
  if (!row) return null;
  const alive = await touchSession(options.db, sid, row.session.sess as SessionData, row.session.expire);
  if (!alive || row.user.status !== 'active' || row.organization.status !== 'active') return null;
  const isSuperAdmin = row.user.isSuperAdmin || isSuperAdminEmail(row.user.email, options.superAdminEmails);
  return {
    sessionId: sid,
    user: row.user,
    organization: row.organization,
    permissions: resolvePermissions(row.user.role, row.teamPermissions, row.user.permissions),
    isSuperAdmin,
  };
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
