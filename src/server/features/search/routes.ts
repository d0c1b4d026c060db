import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db';
import { contextOf } from '../../lib/service-context';
import { globalSearch, searchQuerySchema } from './search';

/** GET /api/search: any signed-in user; results are filtered by what each may read. */
export async function searchRoutes(base: FastifyInstance, { db }: { db: Database }) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/search',
    { config: { access: 'authenticated' }, schema: { querystring: searchQuerySchema } },
    async (request) =>
      globalSearch(contextOf(request, db), request.query.q, {
        phoneFormat: request.auth?.user.phoneNumberFormat,
      }),
  );
}
