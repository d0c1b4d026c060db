import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { integrationInputSchema, integrationPatchSchema } from '../../../common/validation/integrations';
import type { FeatureOptions } from '../../app';
import { contextOf } from '../../lib/service-context';
import { createIntegration } from './create-integration';
import { deleteIntegration } from './delete-integration';
import { getIntegration, listIntegrations, listIntegrationsQuerySchema } from './find-integration';
import { rotateWebhookSecret, updateIntegration } from './update-integration';

const idParams = z.object({ id: z.string().max(64) });

/** /api/integrations: read with settings:view, changed with settings:update. Secrets are answered once. */
export const integrationsRoutes: FastifyPluginAsync<FeatureOptions> = async (base, { db, secrets }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/integrations',
    {
      config: { access: { permission: ['settings', 'view'] } },
      schema: { querystring: listIntegrationsQuerySchema },
    },
    async (request) => listIntegrations(contextOf(request, db), request.query),
  );

  app.post(
    '/api/integrations',
    { config: { access: { permission: ['settings', 'update'] } }, schema: { body: integrationInputSchema } },
    async (request, reply) =>
      reply.status(201).send(await createIntegration(contextOf(request, db), secrets, request.body)),
  );

  app.get(
    '/api/integrations/:id',
    { config: { access: { permission: ['settings', 'view'] } }, schema: { params: idParams } },
    async (request) => getIntegration(contextOf(request, db), request.params.id),
  );

  app.patch(
    '/api/integrations/:id',
    {
      config: { access: { permission: ['settings', 'update'] } },
      schema: { params: idParams, body: integrationPatchSchema },
    },
    async (request) => updateIntegration(contextOf(request, db), request.params.id, request.body),
  );

  app.delete(
    '/api/integrations/:id',
    { config: { access: { permission: ['settings', 'update'] } }, schema: { params: idParams } },
    async (request, reply) => {
      await deleteIntegration(contextOf(request, db), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/integrations/:id/rotate-secret',
    { config: { access: { permission: ['settings', 'update'] } }, schema: { params: idParams } },
    async (request) => rotateWebhookSecret(contextOf(request, db), secrets, request.params.id),
  );
};
