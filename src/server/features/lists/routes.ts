import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPipelineSchema,
  type UpdatePipelineInput,
  updatePipelineSchema,
} from '../../../common/validation/lists';
import type { Database } from '../../db';
import type { RouteAccess } from '../../plugins/route-access';
import { contextOf } from '../../lib/service-context';
import { updateWithVersion, withEtag } from '../../lib/record-version';
import {
  createEntry,
  deleteEntry,
  getEntry,
  type ListFilters,
  listEntries,
  reorderEntries,
  updateEntry,
} from './list-entries';
import { type ListResource, pipelinesResource, simpleListResources, stagesResource } from './list-resources';
import {
  createStageWithClosingSchema,
  listEntriesQuerySchema,
  listStagesQuerySchema,
  reorderSchema,
  updateStageWithClosingSchema,
} from './list-schemas';
import { createPipeline, deletePipeline, getPipeline, listPipelines, updatePipeline } from './pipelines';
import { createStage, deleteStage, getStage, listStages, updateStage } from './stages';

const idParams = z.object({ id: z.string() });

/**
 * Lists are read by every member of the organization (record forms and filters offer them; the
 * session names the organization) and changed with settings:update.
 */
const readAccess: RouteAccess = 'authenticated';
const writeAccess: RouteAccess = { permission: ['settings', 'update'] };

/**
 * The configurable lists (data-model §3): /api/pipelines, /api/stages, /api/deal-reasons,
 * /api/revenue-types, /api/lead-sources, /api/deal-statuses, /api/person-statuses.
 */
export async function listRoutes(base: FastifyInstance, { db }: { db: Database }) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  for (const resource of simpleListResources) registerSimpleList(base, db, resource);

  // Reorder routes first: a static segment, registered before `/:id`, reads best in the route table.
  app.post(
    '/api/pipelines/reorder',
    { config: { access: writeAccess }, schema: { body: reorderSchema } },
    async (request) => {
      const ctx = contextOf(request, db);
      await reorderEntries(ctx, pipelinesResource, request.body.ids);
      return listPipelines(ctx, {});
    },
  );
  app.get(
    '/api/pipelines',
    { config: { access: readAccess }, schema: { querystring: listEntriesQuerySchema } },
    async (request) => listPipelines(contextOf(request, db), request.query as ListFilters),
  );
  app.get(
    '/api/pipelines/:id',
    { config: { access: readAccess }, schema: { params: idParams } },
    async (request, reply) => withEtag(reply, await getPipeline(contextOf(request, db), request.params.id)),
  );
  app.post(
    '/api/pipelines',
    { config: { access: writeAccess }, schema: { body: createPipelineSchema } },
    async (request, reply) =>
      reply.status(201).send(await createPipeline(contextOf(request, db), request.body)),
  );
  app.patch(
    '/api/pipelines/:id',
    { config: { access: writeAccess }, schema: { params: idParams, body: updatePipelineSchema } },
    async (request, reply) => {
      const { id } = request.params;
      return updateWithVersion(request, reply, contextOf(request, db), {
        table: pipelinesResource.table,
        id,
        update: (ctx) => updatePipeline(ctx, id, request.body as UpdatePipelineInput),
        read: (ctx) => getPipeline(ctx, id),
      });
    },
  );
  app.delete(
    '/api/pipelines/:id',
    { config: { access: writeAccess }, schema: { params: idParams } },
    async (request, reply) => {
      await deletePipeline(contextOf(request, db), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/stages/reorder',
    { config: { access: writeAccess }, schema: { body: reorderSchema } },
    async (request) => reorderEntries(contextOf(request, db), stagesResource, request.body.ids),
  );
  app.get(
    '/api/stages',
    { config: { access: readAccess }, schema: { querystring: listStagesQuerySchema } },
    async (request) => listStages(contextOf(request, db), request.query as ListFilters),
  );
  app.get(
    '/api/stages/:id',
    { config: { access: readAccess }, schema: { params: idParams } },
    async (request, reply) => withEtag(reply, await getStage(contextOf(request, db), request.params.id)),
  );
  app.post(
    '/api/stages',
    { config: { access: writeAccess }, schema: { body: createStageWithClosingSchema } },
    async (request, reply) => reply.status(201).send(await createStage(contextOf(request, db), request.body)),
  );
  app.patch(
    '/api/stages/:id',
    { config: { access: writeAccess }, schema: { params: idParams, body: updateStageWithClosingSchema } },
    async (request, reply) => {
      const { id } = request.params;
      return updateWithVersion(request, reply, contextOf(request, db), {
        table: stagesResource.table,
        id,
        update: (ctx) => updateStage(ctx, id, request.body),
        read: (ctx) => getStage(ctx, id),
      });
    },
  );
  app.delete(
    '/api/stages/:id',
    { config: { access: writeAccess }, schema: { params: idParams } },
    async (request, reply) => {
      await deleteStage(contextOf(request, db), request.params.id);
      return reply.status(204).send();
    },
  );
}

function registerSimpleList(app: FastifyInstance, db: Database, resource: ListResource) {
  const base = `/api/${resource.path}`;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    `${base}/reorder`,
    { config: { access: writeAccess }, schema: { body: reorderSchema } },
    async (request) => reorderEntries(contextOf(request, db), resource, request.body.ids),
  );
  typed.get(
    base,
    { config: { access: readAccess }, schema: { querystring: resource.querySchema } },
    async (request) => listEntries(contextOf(request, db), resource, request.query as ListFilters),
  );
  typed.get(
    `${base}/:id`,
    { config: { access: readAccess }, schema: { params: idParams } },
    async (request, reply) =>
      withEtag(reply, await getEntry(contextOf(request, db), resource, request.params.id)),
  );
  typed.post(
    base,
    { config: { access: writeAccess }, schema: { body: resource.createSchema } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createEntry(contextOf(request, db), resource, request.body as Record<string, unknown>)),
  );
  typed.patch(
    `${base}/:id`,
    { config: { access: writeAccess }, schema: { params: idParams, body: resource.updateSchema } },
    async (request, reply) => {
      const { id } = request.params;
      return updateWithVersion(request, reply, contextOf(request, db), {
        table: resource.table,
        id,
        update: (ctx) => updateEntry(ctx, resource, id, request.body as Record<string, unknown>),
        read: (ctx) => getEntry(ctx, resource, id),
      });
    },
  );
  typed.delete(
    `${base}/:id`,
    { config: { access: writeAccess }, schema: { params: idParams } },
    async (request, reply) => {
      await deleteEntry(contextOf(request, db), resource, request.params.id);
      return reply.status(204).send();
    },
  );
}
