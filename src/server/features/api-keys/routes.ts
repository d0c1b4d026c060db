import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createApiKeyRequestSchema, updateApiKeySchema } from '../../../common/validation/api-keys';
import type { FeatureOptions } from '../../app';
import type { RouteAccess } from '../../plugins/route-access';
import { contextOf } from '../../lib/service-context';
import { getApiKey, listApiKeys } from './api-key-rows';
import { deleteApiKey, renameApiKey, revokeApiKey } from './change-api-key';
import { createApiKey } from './create-api-key';

export const apiKeysCannotManageKeysMessage = 'API keys cannot manage API keys';

const idParams = z.object({ id: z.string() });

// A leaked key must not mint or keep alive other keys: these routes need the person, signed in.
const view = {
  access: { permission: ['settings', 'view'] } satisfies RouteAccess,
  sessionOnly: apiKeysCannotManageKeysMessage,
};
const change = {
  access: { permission: ['settings', 'update'] } satisfies RouteAccess,
  sessionOnly: apiKeysCannotManageKeysMessage,
};

/** /api/api-keys (issue 19): listed with settings:view, created, renamed, revoked and deleted with settings:update. */
export const apiKeysRoutes: FastifyPluginAsync<FeatureOptions> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/api/api-keys', { config: view }, async (request) => listApiKeys(contextOf(request, db)));

  app.get('/api/api-keys/:id', { config: view, schema: { params: idParams } }, async (request) =>
    getApiKey(contextOf(request, db), request.params.id),
  );

  app.post(
    '/api/api-keys',
    { config: change, schema: { body: createApiKeyRequestSchema } },
    async (request, reply) => {
      const created = await createApiKey(contextOf(request, db), request.body);
      // The secret is in this answer and nowhere else: no cache may keep it.
      return reply.status(201).header('Cache-Control', 'no-store').send(created);
    },
  );

  app.patch(
    '/api/api-keys/:id',
    { config: change, schema: { params: idParams, body: updateApiKeySchema } },
    async (request) => renameApiKey(contextOf(request, db), request.params.id, request.body),
  );

  app.post('/api/api-keys/:id/revoke', { config: change, schema: { params: idParams } }, async (request) =>
    revokeApiKey(contextOf(request, db), request.params.id),
  );

  app.delete(
    '/api/api-keys/:id',
    { config: change, schema: { params: idParams } },
    async (request, reply) => {
      await deleteApiKey(contextOf(request, db), request.params.id);
      return reply.status(204).send();
    },
  );
};
