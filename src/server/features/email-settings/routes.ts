import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendTestEmailSchema, updateOrganizationEmailSettingsSchema } from '../../../common/validation/email';
import type { FeatureOptions } from '../../app';
import { contextOf } from '../../lib/service-context';
import type { RouteAccess } from '../../plugins/route-access';
import { getOrganizationEmailSettings, updateOrganizationEmailSettings } from './organization-email-settings';
import { listOutgoingMail, outgoingMailQuerySchema, retryOutgoingMail } from './outgoing-mail';
import { sendTestEmail } from './send-test-email';

const idParams = z.object({ id: z.string() });
const view: RouteAccess = { permission: ['settings', 'view'] };
const change: RouteAccess = { permission: ['settings', 'update'] };

/**
 * Settings › Email Configuration: the organization's outgoing server and e-mail switches, a test
 * message, and the outgoing-mail list with retry of dead-lettered messages.
 */
export async function emailSettingsRoutes(base: FastifyInstance, options: FeatureOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, secrets, smtpUrl } = options;

  app.get('/api/organization-email-settings', { config: { access: view } }, async (request) =>
    getOrganizationEmailSettings(contextOf(request, db), smtpUrl),
  );

  app.put(
    '/api/organization-email-settings',
    { config: { access: change }, schema: { body: updateOrganizationEmailSettingsSchema } },
    async (request) =>
      updateOrganizationEmailSettings(contextOf(request, db), secrets, smtpUrl, request.body),
  );

  app.post(
    '/api/organization-email-settings/test',
    { config: { access: change }, schema: { body: sendTestEmailSchema.optional() } },
    async (request) =>
      sendTestEmail(
        contextOf(request, db),
        { secrets, smtpUrl, smtpFrom: options.smtpFrom, appUrl: options.appUrl },
        request.body?.to,
      ),
  );

  app.get(
    '/api/outbox',
    { config: { access: view }, schema: { querystring: outgoingMailQuerySchema } },
    async (request) => listOutgoingMail(contextOf(request, db), request.query),
  );

  app.post(
    '/api/outbox/:id/retry',
    { config: { access: change }, schema: { params: idParams } },
    async (request) => retryOutgoingMail(contextOf(request, db), request.params.id),
  );
}
