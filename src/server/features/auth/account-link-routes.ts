import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acceptInvitationSchema,
  forgotPasswordMessage,
  forgotPasswordSchema,
  resetPasswordSchema,
  tokenQuerySchema,
} from '../../../common/validation/auth';
import { inviteUserSchema } from '../../../common/validation/users';
import type { FeatureOptions } from '../../app';
import { reserveAttemptsOrRefuse } from '../../lib/attempt-limit';
import { contextOf, requestClientOf } from '../../lib/service-context';
import { recordSessionEvent } from '../audit/record-sign-in';
import { inviteUser, resendInvitation } from '../users/invite-user';
import { acceptInvitation } from './accept-invitation';
import { presentCurrentUser } from './current-user';
import { requestPasswordReset, resetPassword } from './password-reset';
import { destroySession } from './session-store';
import { findTokenHolder } from './user-tokens';
import { z } from 'zod';

/** Reset e-mails allowed per address and per IP in an hour: enough for a lost e-mail, too few to spam. */
export const resetRequestLimits = { perEmail: 5, perIp: 30, windowMs: 60 * 60 * 1000 };
/** Wrong tokens allowed per IP in the window (the tokens are unguessable; this keeps the log quiet). */
const tokenAttemptLimit = { perIp: 60, windowMs: 15 * 60 * 1000 };

const tooMany = (seconds: number) =>
  `Too many attempts. Please try again in ${Math.ceil(seconds / 60)} minute(s).`;

/** Password reset and invitations: links sent by e-mail that let a user choose a password. */
export async function accountLinkRoutes(base: FastifyInstance, { db, secrets, appUrl }: FeatureOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const links = { secrets, appUrl };

  app.post(
    '/api/auth/forgot-password',
    { config: { access: 'public' }, schema: { body: forgotPasswordSchema } },
    async (request, reply) => {
      const email = request.body.email.trim().toLowerCase();
      await reserveAttemptsOrRefuse(
        db,
        reply,
        resetRequestLimits.windowMs,
        [
          { scope: 'reset:ip', subject: request.ip, limit: resetRequestLimits.perIp },
          { scope: 'reset:email', subject: email, limit: resetRequestLimits.perEmail },
        ],
        tooMany,
      );
      await requestPasswordReset(db, email, links);
      return { message: forgotPasswordMessage };
    },
  );

  app.post(
    '/api/auth/reset-password',
    { config: { access: 'public' }, schema: { body: resetPasswordSchema } },
    async (request, reply) => {
      await reserveAttemptsOrRefuse(
        db,
        reply,
        tokenAttemptLimit.windowMs,
        [{ scope: 'token:ip', subject: request.ip, limit: tokenAttemptLimit.perIp }],
        tooMany,
      );
      await resetPassword(db, request.body, requestClientOf(request));
      return { success: true };
    },
  );

  app.get(
    '/api/auth/token',
    { config: { access: 'public' }, schema: { querystring: tokenQuerySchema } },
    async (request) => {
      const holder = await findTokenHolder(db, request.query.token, request.query.purpose);
      // Nothing about an invalid link: not whose it was, nor why it fails.
      if (!holder) return { valid: false, email: null, firstName: null, organizationName: null };
      return {
        valid: true,
        email: holder.email,
        firstName: holder.firstName,
        organizationName: request.query.purpose === 'invitation' ? holder.organizationName : null,
      };
    },
  );

  app.post(
    '/api/auth/accept-invitation',
    { config: { access: 'public' }, schema: { body: acceptInvitationSchema } },
    async (request, reply) => {
      await reserveAttemptsOrRefuse(
        db,
        reply,
        tokenAttemptLimit.windowMs,
        [{ scope: 'token:ip', subject: request.ip, limit: tokenAttemptLimit.perIp }],
        tooMany,
      );
      const user = await acceptInvitation(db, request.body, requestClientOf(request));
      // Signed in as the invited user from now on, whoever was signed in on this browser before.
      if (request.auth) await destroySession(db, request.auth.sessionId);
      const signedIn = recordSessionEvent('auth.sign_in', user, requestClientOf(request));
      return reply.send(presentCurrentUser(await app.sessions.start(reply, user, signedIn)));
    },
  );

  app.post(
    '/api/users/invitations',
    { config: { access: { permission: ['users', 'create'] } }, schema: { body: inviteUserSchema } },
    async (request, reply) =>
      reply.status(201).send(await inviteUser(contextOf(request, db), request.body, links)),
  );

  app.post(
    '/api/users/:id/invitations',
    {
      config: { access: { permission: ['users', 'create'] } },
      schema: { params: z.object({ id: z.string() }) },
    },
    async (request) => {
      await resendInvitation(contextOf(request, db), request.params.id, links);
      return { success: true };
    },
  );
}
