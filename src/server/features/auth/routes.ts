import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changePasswordSchema, loginSchema, registerSchema } from '../../../common/validation/auth';
import type { Database } from '../../db';
import {
  type AttemptKey,
  attemptKey,
  clearAttempts,
  releaseAttempts,
  reserveAttemptsOrRefuse,
} from '../../lib/attempt-limit';
import { AppError } from '../../lib/app-error';
import { requestClientOf } from '../../lib/service-context';
import { recordSessionEvent, recordSignInFailure } from '../audit/record-sign-in';
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

  // Attempts are reserved in the database before the work is done, so parallel requests and
  // other app instances count too.
  const reserveOrRefuse = (reply: FastifyReply, windowMs: number, keys: AttemptKey[]) =>
    reserveAttemptsOrRefuse(db, reply, windowMs, keys, tooManyAttemptsMessage);

  app.post(
    '/api/auth/register',
    { config: { access: 'public' }, schema: { body: registerSchema } },
    async (request, reply) => {
      // Every registration attempt counts, successful or not.
      await reserveOrRefuse(reply, limits.registrationWindowMs, [
        { scope: 'register:ip', subject: request.ip, limit: limits.registrationsPerIp },
        {
          scope: 'register:email',
          subject: emailKey(request.body.email),
          limit: limits.registrationsPerEmail,
        },
      ]);
      const owner = await registerOrganization(db, request.body);
      // Registering signs the owner in: the organization's log starts with that sign-in.
      const signedIn = recordSessionEvent('auth.sign_in', owner, requestClientOf(request));
      const auth = await app.sessions.start(reply, owner, signedIn);
      return reply.status(201).send(presentCurrentUser(auth));
    },
  );

  app.post(
    '/api/auth/login',
    { config: { access: 'public' }, schema: { body: loginSchema } },
    async (request, reply) => {
      const email = emailKey(request.body.email);
      // Failures count: the attempt is reserved before the password is checked and kept if it
      // fails. Success clears the e-mail's counter and gives the address its attempt back.
      await reserveOrRefuse(reply, limits.signInWindowMs, [
        { scope: 'sign-in:ip', subject: request.ip, limit: limits.signInFailuresPerIp },
        { scope: 'sign-in:email', subject: email, limit: limits.signInFailuresPerEmail },
      ]);
      let user: Awaited<ReturnType<typeof verifyCredentials>>;
      try {
        user = await verifyCredentials(db, request.body.email, request.body.password);
      } catch (error) {
        if (isSignInRefusal(error)) await recordSignInFailure(db, requestClientOf(request), email);
        throw error;
      }
      await clearAttempts(db, [attemptKey('sign-in:email', email)]);
      await releaseAttempts(db, [attemptKey('sign-in:ip', request.ip)]);
      // A new session id on every sign-in; the one presented before (if any) is ended.
      if (request.auth) await destroySession(db, request.auth.sessionId);
      const signedIn = recordSessionEvent('auth.sign_in', user, requestClientOf(request));
      return reply.send(presentCurrentUser(await app.sessions.start(reply, user, signedIn)));
    },
  );

  /** Ends the session (if any) and goes to the landing page. */
  async function signOut(request: FastifyRequest, reply: FastifyReply, status: 302 | 303) {
    // An API key is no session: there is nothing to sign out of.
    const auth = request.auth?.apiKeyId ? null : request.auth;
    const signedOut = auth
      ? recordSessionEvent('auth.sign_out', auth.user, requestClientOf(request))
      : undefined;
    await app.sessions.end(reply, auth?.sessionId, signedOut);
    return reply.redirect('/', status);
  }

  app.get('/api/logout', { config: { access: 'public' } }, async (request, reply) => {
    // A link or redirect on another site must not sign the user out: it asks first, and the
    // button signs out with a same-origin POST.
    if (request.auth && request.headers['sec-fetch-site'] === 'cross-site') {
      return (
        reply
          .type('text/html; charset=utf-8')
          // The POST must carry our Origin for the same-origin check; under no-referrer browsers
          // send `Origin: null` with form posts.
          .header('Referrer-Policy', 'same-origin')
          .send(signOutConfirmationPage)
      );
    }
    return signOut(request, reply, 302);
  });

  await app.register(async (scope) => {
    // The confirmation page's form posts an empty urlencoded body; nothing in it is read.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, {}),
    );
    scope.post('/api/logout', { config: { access: 'public' } }, async (request, reply) =>
      signOut(request, reply, 303),
    );
  });

  app.get('/api/login', { config: { access: 'public' } }, async (_request, reply) =>
    reply.redirect('/auth', 302),
  );

  app.get('/api/user', { config: { access: 'authenticated', beforePasswordChange: true } }, async (request) =>
    presentCurrentUser(request.auth!),
  );

  // The browser's sign-in check: signed out is an answer here, not a 401 that every visitor's
  // console would report as an error (GET /api/user keeps its 401 for API clients).
  app.get('/api/session', { config: { access: 'public' } }, async (request) => ({
    user: request.auth ? presentCurrentUser(request.auth) : null,
  }));

  app.post(
    '/api/auth/change-password',
    {
      config: {
        access: 'authenticated',
        beforePasswordChange: true,
        sessionOnly: apiKeyCannotChangePasswordMessage,
      },
      schema: { body: changePasswordSchema },
    },
    async (request) => {
      const auth = request.auth!;
      await changePassword(db, auth.user, auth.sessionId, request.body, requestClientOf(request));
      return { success: true };
    },
  );
}

export const apiKeyCannotChangePasswordMessage = 'API keys cannot change passwords';

const emailKey = (email: string) => email.trim().toLowerCase();

const tooManyAttemptsMessage = (seconds: number) =>
  `Too many attempts. Please try again in ${Math.ceil(seconds / 60)} minute(s).`;

/** Shown instead of signing out when GET /api/logout comes from another site's page. */
const signOutConfirmationPage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign out? · Locus</title>
</head>
<body>
<main>
<h1>Sign out?</h1>
<p>Another website sent you here to sign out of Locus. Do you want to sign out?</p>
<form method="post" action="/api/logout"><button type="submit">Sign out</button></form>
<p><a href="/">Stay signed in</a></p>
</main>
</body>
</html>
`;

/** Wrong credentials (401), as opposed to a failure of the server while checking them. */
function isSignInRefusal(error: unknown): boolean {
  return error instanceof AppError && error.statusCode === 401;
}
