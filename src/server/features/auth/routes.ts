import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changePasswordSchema, loginSchema, registerSchema } from '../../../common/validation/auth';
import type { Database } from '../../db';
import { AppError } from '../../lib/app-error';
import { RateLimiter } from '../../lib/rate-limiter';
import { changePassword } from './change-password';
import { presentCurrentUser } from './current-user';
import { registerOrganization } from './register-organization';
import { destroySession } from './session-store';
import { verifyCredentials } from './sign-in';

export interface AuthRateLimits {
  /** Failed sign-ins allowed per e-mail and per IP address in the window. */
  signInFailuresPerEmail: number;
  signInFailuresPerIp: number;
  signInWindowMs: number;
  /** Registrations allowed per IP address and attempts per e-mail in the window. */
  registrationsPerIp: number;
  registrationsPerEmail: number;
  registrationWindowMs: number;
}

export const defaultAuthRateLimits: AuthRateLimits = {
  signInFailuresPerEmail: 5,
  signInFailuresPerIp: 50,
  signInWindowMs: 15 * 60 * 1000,
  registrationsPerIp: 100,
  registrationsPerEmail: 5,
  registrationWindowMs: 60 * 60 * 1000,
};

export interface AuthRouteOptions {
  db: Database;
  rateLimits: AuthRateLimits;
}

export async function authRoutes(base: FastifyInstance, { db, rateLimits: limits }: AuthRouteOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const signInByEmail = new RateLimiter(limits.signInFailuresPerEmail, limits.signInWindowMs);
  const signInByIp = new RateLimiter(limits.signInFailuresPerIp, limits.signInWindowMs);
  const registerByEmail = new RateLimiter(limits.registrationsPerEmail, limits.registrationWindowMs);
  const registerByIp = new RateLimiter(limits.registrationsPerIp, limits.registrationWindowMs);

  app.post(
    '/api/auth/register',
    { config: { access: 'public' }, schema: { body: registerSchema } },
    async (request, reply) => {
      const emailKey = request.body.email.trim().toLowerCase();
      refuseWhenLimited(reply, registerByIp.retryAfter(request.ip), registerByEmail.retryAfter(emailKey));
      registerByIp.record(request.ip);
      registerByEmail.record(emailKey);
      const owner = await registerOrganization(db, request.body);
      const auth = await app.sessions.start(reply, owner);
      return reply.status(201).send(presentCurrentUser(auth));
    },
  );

  app.post(
    '/api/auth/login',
    { config: { access: 'public' }, schema: { body: loginSchema } },
    async (request, reply) => {
      const emailKey = request.body.email.trim().toLowerCase();
      refuseWhenLimited(reply, signInByIp.retryAfter(request.ip), signInByEmail.retryAfter(emailKey));
      let user: { id: string; organizationId: string };
      try {
        user = await verifyCredentials(db, request.body.email, request.body.password);
      } catch (error) {
        signInByIp.record(request.ip);
        signInByEmail.record(emailKey);
        throw error;
      }
      signInByEmail.reset(emailKey);
      // A new session id on every sign-in; the one presented before (if any) is ended.
      if (request.auth) await destroySession(db, request.auth.sessionId);
      return reply.send(presentCurrentUser(await app.sessions.start(reply, user)));
    },
  );

  app.get('/api/logout', { config: { access: 'public' } }, async (request, reply) => {
    await app.sessions.end(reply, request.auth?.sessionId);
    return reply.redirect('/', 302);
  });

  app.get('/api/login', { config: { access: 'public' } }, async (_request, reply) =>
    reply.redirect('/auth', 302),
  );

  app.get('/api/user', { config: { access: 'authenticated' } }, async (request) =>
    presentCurrentUser(request.auth!),
  );

  // The browser's sign-in check: signed out is an answer here, not a 401 that every visitor's
  // console would report as an error (GET /api/user keeps its 401 for API clients).
  app.get('/api/session', { config: { access: 'public' } }, async (request) => ({
    user: request.auth ? presentCurrentUser(request.auth) : null,
  }));

  app.post(
    '/api/auth/change-password',
    { config: { access: 'authenticated' }, schema: { body: changePasswordSchema } },
    async (request) => {
      const auth = request.auth!;
      await changePassword(db, auth.user, auth.sessionId, request.body);
      return { success: true };
    },
  );
}

function refuseWhenLimited(reply: FastifyReply, ...retryAfterSeconds: number[]) {
  const wait = Math.max(...retryAfterSeconds);
  if (wait > 0) {
    reply.header('Retry-After', String(wait));
    throw new AppError(429, `Too many attempts. Please try again in ${Math.ceil(wait / 60)} minute(s).`);
  }
}
