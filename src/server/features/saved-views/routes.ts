import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PermissionAction, PermissionCategory } from '../../../common/permissions';
import {
  createSavedViewSchema,
  savedViewsQuerySchema,
  updateSavedViewSchema,
} from '../../../common/validation/saved-views';
import type { Database } from '../../db';
import { savedViews } from '../../db/schema/preferences';
import { updateWithVersion } from '../../lib/record-version';
import { contextOf } from '../../lib/service-context';
import { createSavedView } from './create-saved-view';
import { deleteSavedView } from './delete-saved-view';
import { getOwnView } from './find-saved-view';
import { listSavedViews } from './list-saved-views';
import { updateSavedView } from './update-saved-view';

const idParams = z.object({ id: z.string() });

/**
 * The guard lets through anyone who reads some record list; the service then asks for read of
 * the view's own list (a custom object's: its definition's category), which the route cannot know.
 */
const readsARecordList = {
  anyOf: (['leads', 'clients', 'companies', 'deals'] as const).map(
    (category): [PermissionCategory, PermissionAction] => [category, 'read'],
  ),
};

/** /api/saved-views: a user's named views of a list, and the ones their organization shares. */
export async function savedViewRoutes(base: FastifyInstance, { db }: { db: Database }) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/saved-views',
    { config: { access: readsARecordList }, schema: { querystring: savedViewsQuerySchema } },
    async (request) => listSavedViews(contextOf(request, db), request.query.listKey),
  );

  app.post(
    '/api/saved-views',
    { config: { access: readsARecordList }, schema: { body: createSavedViewSchema } },
    async (request, reply) =>
      reply.status(201).send(await createSavedView(contextOf(request, db), request.body)),
  );

  app.patch(
    '/api/saved-views/:id',
    { config: { access: readsARecordList }, schema: { params: idParams, body: updateSavedViewSchema } },
    async (request, reply) => {
      const { id } = request.params;
      return updateWithVersion(request, reply, contextOf(request, db), {
        table: savedViews,
        id,
        update: (ctx) => updateSavedView(ctx, id, request.body),
        read: (ctx) => getOwnView(ctx, id),
      });
    },
  );

  app.delete(
    '/api/saved-views/:id',
    { config: { access: readsARecordList }, schema: { params: idParams } },
    async (request, reply) => {
      await deleteSavedView(contextOf(request, db), request.params.id);
      return reply.status(204).send();
    },
  );
}
