import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureOptions } from '../../app';
import { contextOf } from '../../lib/service-context';
import {
  getWebhookLog,
  listWebhookLogsQuerySchema,
  listWebhookLogs,
  presentWebhookLog,
  redeliverWebhookLog,
  sendTestWebhook,
} from './webhook-logs';

const idParams = z.object({ id: z.string().max(64) });

/** Webhook deliveries: their log (settings:view), Redeliver and Send test (settings:update). */
export const webhooksRoutes: FastifyPluginAsync<FeatureOptions> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/webhook-logs',
    {
      config: { access: { permission: ['settings', 'view'] } },
      schema: { querystring: listWebhookLogsQuerySchema },
    },
    async (request) => listWebhookLogs(contextOf(request, db), request.query),
  );

  app.get(
    '/api/webhook-logs/:id',
    { config: { access: { permission: ['settings', 'view'] } }, schema: { params: idParams } },
    async (request) => presentWebhookLog(await getWebhookLog(contextOf(request, db), request.params.id)),
  );

  app.post(
    '/api/webhook-logs/:id/redeliver',
    { config: { access: { permission: ['settings', 'update'] } }, schema: { params: idParams } },
    async (request, reply) =>
      reply.status(202).send(await redeliverWebhookLog(contextOf(request, db), request.params.id)),
  );

  app.post(
    '/api/integrations/:id/test',
    { config: { access: { permission: ['settings', 'update'] } }, schema: { params: idParams } },
    async (request, reply) =>
      reply.status(202).send(await sendTestWebhook(contextOf(request, db), request.params.id)),
  );
};
