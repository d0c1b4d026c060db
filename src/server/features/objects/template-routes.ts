import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db';
import { contextOf } from '../../lib/service-context';
import { installEntityTemplate } from './install-entity-template';
import { listEntityTemplates, listEntityTemplatesQuerySchema } from './list-entity-templates';

const keyParams = z.object({ key: z.string().max(100) });

/** /api/entity-templates: the industry templates of custom objects, and adding one to the organization. */
export async function entityTemplateRoutes(base: FastifyInstance, { db }: { db: Database }) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/entity-templates',
    // Like the definitions themselves: nothing here is hidden from a member of the organization.
    { config: { access: 'authenticated' }, schema: { querystring: listEntityTemplatesQuerySchema } },
    async (request) =>
      listEntityTemplates(
        contextOf(request, db),
        request.query.industry,
        request.auth?.organization.industrySector ?? '',
      ),
  );

  app.post(
    '/api/entity-templates/:key/install',
    { config: { access: { permission: ['settings', 'manage'] } }, schema: { params: keyParams } },
    async (request, reply) =>
      reply.status(201).send(await installEntityTemplate(contextOf(request, db), request.params.key)),
  );
}
