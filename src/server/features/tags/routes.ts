import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createTagSchema, updateTagSchema } from '../../../common/validation/tags';
import type { Database } from '../../db';
import { contextOf } from '../../lib/service-context';
import { updateWithVersion, withEtag } from '../../lib/record-version';
import { tags } from '../../db/schema/identity';
import { createTag, deleteTag, getTag, listTags, listTagsQuerySchema, updateTag } from './tags';

const idParams = z.object({ id: z.string() });

/** /api/tags: read by every member (record forms offer them), changed with settings:update. */
export async function tagRoutes(base: FastifyInstance, { db }: { db: Database }) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/tags',
    { config: { access: 'authenticated' }, schema: { querystring: listTagsQuerySchema } },
    async (request) => listTags(contextOf(request, db), request.query),
  );

  app.get(
    '/api/tags/:id',
    { config: { access: 'authenticated' }, schema: { params: idParams } },
    async (request, reply) => withEtag(reply, await getTag(contextOf(request, db), request.params.id)),
  );

  app.post(
    '/api/tags',
    { config: { access: { permission: ['settings', 'update'] } }, schema: { body: createTagSchema } },
    async (request, reply) => reply.status(201).send(await createTag(contextOf(request, db), request.body)),
  );

  app.patch(
    '/api/tags/:id',
    {
      config: { access: { permission: ['settings', 'update'] } },
      schema: { params: idParams, body: updateTagSchema },
    },
    async (request, reply) => {
      const { id } = request.params;
      return updateWithVersion(request, reply, contextOf(request, db), {
        table: tags,
        id,
        update: (ctx) => updateTag(ctx, id, request.body),
        read: (ctx) => getTag(ctx, id),
      });
    },
  );

  app.delete(
    '/api/tags/:id',
    { config: { access: { permission: ['settings', 'update'] } }, schema: { params: idParams } },
    async (request, reply) => {
      await deleteTag(contextOf(request, db), request.params.id);
      return reply.status(204).send();
    },
  );
}
