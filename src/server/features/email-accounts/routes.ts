import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createEmailAccountSchema,
  testEmailAccountSchema,
  updateEmailAccountSchema,
} from '../../../common/validation/email';
import type { FeatureOptions } from '../../app';
import { emailAccounts } from '../../db/schema/email';
import { AppError } from '../../lib/app-error';
import { updateWithVersion, withEtag } from '../../lib/record-version';
import { contextOf } from '../../lib/service-context';
import {
  completeOAuthSignIn,
  configuredProviders,
  OAuthFlowError,
  oauthCookieName,
  oauthCookiePath,
  oauthFlowMaxAgeMs,
  startOAuthSignIn,
} from './connect-oauth-account';
import { createEmailAccount, testEmailAccount } from './create-email-account';
import { getOwnAccount, listEmailAccounts } from './find-email-account';
import { isOAuthMailProvider } from './oauth-client';
import { deleteEmailAccount, listSyncJobs, requestSyncNow } from './sync-email-account';
import { applyEmailAccountUpdate, prepareEmailAccountUpdate } from './update-email-account';

const idParams = z.object({ id: z.string() });
const providerParams = z.object({ provider: z.string().max(40) });
const callbackQuery = z.record(z.string(), z.string().max(4096).optional());

/** Where the browser lands after a sign-in with Google or Microsoft. */
const settingsPage = '/settings/email';

/**
 * /api/email-accounts: the signed-in user's own mailboxes (personal: another user's id, like
 * another organization's, is "not found"), their connection check, sync requests and history,
 * and the OAuth2 sign-in with Google and Microsoft.
 */
export async function emailAccountRoutes(base: FastifyInstance, options: FeatureOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, secrets, appUrl } = options;
  const oauth = options.mailOAuth ?? {};
  const secureCookie = appUrl.startsWith('https://');

  app.get('/api/email-accounts', { config: { access: 'authenticated' } }, async (request) =>
    listEmailAccounts(contextOf(request, db)),
  );

  app.post(
    '/api/email-accounts',
    { config: { access: 'authenticated' }, schema: { body: createEmailAccountSchema } },
    async (request, reply) => {
      const account = await createEmailAccount(contextOf(request, db), secrets, request.body);
      return reply.status(201).send(withEtag(reply, account));
    },
  );

  app.post(
    '/api/email-accounts/test',
    { config: { access: 'authenticated' }, schema: { body: testEmailAccountSchema } },
    async (request) => {
      const settings = await testEmailAccount(request.body);
      return { ...settings, message: 'Connected: the IMAP and SMTP servers accepted the mailbox' };
    },
  );

  app.get('/api/email-accounts/oauth/providers', { config: { access: 'authenticated' } }, async () =>
    configuredProviders(oauth),
  );

  app.get(
    '/api/email-accounts/oauth/:provider/start',
    { config: { access: 'authenticated' }, schema: { params: providerParams } },
    async (request, reply) => {
      const { provider } = request.params;
      if (!isOAuthMailProvider(provider)) throw new AppError(404, 'Unknown mail provider');
      try {
        const { url, cookie } = await startOAuthSignIn(
          contextOf(request, db),
          { secrets, config: oauth, appUrl },
          provider,
        );
        reply.setCookie(oauthCookieName, cookie, {
          path: oauthCookiePath,
          httpOnly: true,
          // Lax: the provider's redirect back is a top-level GET, which carries it.
          sameSite: 'lax',
          secure: secureCookie,
          maxAge: Math.floor(oauthFlowMaxAgeMs / 1000),
        });
        return reply.redirect(url, 302);
      } catch (error) {
        return backToSettings(reply, error);
      }
    },
  );

  // A GET reached by the browser from the provider's page, with the session cookie (SameSite=Lax
  // sends it on a top-level navigation); the same-origin check guards unsafe methods only.
  app.get(
    '/api/email-accounts/oauth/:provider/callback',
    { config: { access: 'authenticated' }, schema: { params: providerParams, querystring: callbackQuery } },
    async (request, reply) => {
      const { provider } = request.params;
      if (!isOAuthMailProvider(provider)) throw new AppError(404, 'Unknown mail provider');
      // Single use, whatever the outcome.
      reply.clearCookie(oauthCookieName, { path: oauthCookiePath });
      try {
        await completeOAuthSignIn(contextOf(request, db), { secrets, config: oauth, appUrl }, provider, {
          cookie: request.cookies[oauthCookieName],
          query: request.query,
        });
        return reply.redirect(`${settingsPage}?connected=1`, 302);
      } catch (error) {
        return backToSettings(reply, error);
      }
    },
  );

  app.get(
    '/api/email-accounts/:id',
    { config: { access: 'authenticated' }, schema: { params: idParams } },
    async (request, reply) => withEtag(reply, await getOwnAccount(contextOf(request, db), request.params.id)),
  );

  app.patch(
    '/api/email-accounts/:id',
    { config: { access: 'authenticated' }, schema: { params: idParams, body: updateEmailAccountSchema } },
    async (request, reply) => {
      const { id } = request.params;
      const ctx = contextOf(request, db);
      // The servers are asked before the row is locked: they may take seconds to answer.
      const changes = await prepareEmailAccountUpdate(ctx, secrets, id, request.body);
      return updateWithVersion(request, reply, ctx, {
        table: emailAccounts,
        id,
        update: (inTx) => applyEmailAccountUpdate(inTx, id, changes),
        read: (inTx) => getOwnAccount(inTx, id),
      });
    },
  );

  app.delete(
    '/api/email-accounts/:id',
    { config: { access: 'authenticated' }, schema: { params: idParams } },
    async (request, reply) => {
      await deleteEmailAccount(contextOf(request, db), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/email-accounts/:id/sync',
    { config: { access: 'authenticated' }, schema: { params: idParams } },
    async (request, reply) =>
      reply.status(202).send(await requestSyncNow(contextOf(request, db), request.params.id)),
  );

  app.get(
    '/api/email-accounts/:id/sync-jobs',
    { config: { access: 'authenticated' }, schema: { params: idParams } },
    async (request) => listSyncJobs(contextOf(request, db), request.params.id),
  );
}

/** A sign-in that could not finish goes back to the mailboxes page with the reason in words. */
function backToSettings(reply: FastifyReply, error: unknown) {
  if (!(error instanceof OAuthFlowError)) reply.log.error({ err: error }, 'mailbox sign-in failed');
  const message =
    error instanceof OAuthFlowError ? error.message : 'The sign-in could not be completed; try again';
  return reply.redirect(`${settingsPage}?error=${encodeURIComponent(message)}`, 302);
}
