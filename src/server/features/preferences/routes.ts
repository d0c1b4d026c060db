import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listKeyParamsSchema, listPreferenceSchema } from '../../../common/validation/preferences';
import type { Database } from '../../db';
import { contextOf } from '../../lib/service-context';
import { getListPreference } from './get-list-preference';
import { saveListPreference } from './save-list-preference';

/**
 * /api/preferences/lists/:listKey: each signed-in member reads and writes only their own
 * choices (the user and organization come from the session, never from the request).
 */
export async function preferenceRoutes(base: FastifyInstance, { db }: { db: Database }) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/preferences/lists/:listKey',
    { config: { access: 'authenticated' }, schema: { params: listKeyParamsSchema } },
    async (request) => getListPreference(contextOf(request, db), request.params.listKey),
  );

  app.put(
    '/api/preferences/lists/:listKey',
    {
      config: { access: 'authenticated' },
      schema: { params: listKeyParamsSchema, body: listPreferenceSchema },
    },
    async (request) => saveListPreference(contextOf(request, db), request.params.listKey, request.body),
  );
}
