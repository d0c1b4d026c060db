import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createDefinitionSchema,
  createFieldSchema,
  reorderFieldsSchema,
  updateDefinitionSchema,
  updateFieldSchema,
  validateRecordSchema,
} from '../../../common/validation/objects';
import type { Database } from '../../db';
import { entityDefinitions } from '../../db/schema/custom-fields';
import { updateWithVersion, withEtag } from '../../lib/record-version';
import { contextOf } from '../../lib/service-context';
import type { RouteAccess } from '../../plugins/route-access';
import { createEntityDefinition } from './create-entity-definition';
import { createEntityField } from './create-entity-field';
import { deleteEntityDefinition } from './delete-entity-definition';
import { deleteEntityField } from './delete-entity-field';
import { getEntityDefinition } from './get-entity-definition';
import { listDefinitionsQuerySchema, listEntityDefinitions } from './list-entity-definitions';
import { listEntityFields, listFieldsQuerySchema } from './list-entity-fields';
import { reorderEntityFields } from './reorder-entity-fields';
import { updateEntityDefinition } from './update-entity-definition';
import { updateEntityField } from './update-entity-field';
import { validateEntityData } from './validate-entity-data';

const idParams = z.object({ id: z.string() });
const manage: { access: RouteAccess } = { access: { permission: ['settings', 'manage'] } };
const signedIn: { access: RouteAccess } = { access: 'authenticated' };

/**
 * /api/entity-definitions and /api/entity-field-definitions: custom objects and their fields.
 * Any signed-in user reads them (record pages are built from them); settings:manage changes them.
 */
export async function entityDefinitionRoutes(base: FastifyInstance, { db }: { db: Database }) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/entity-definitions',
    { config: signedIn, schema: { querystring: listDefinitionsQuerySchema } },
    async (request) => listEntityDefinitions(contextOf(request, db), request.query),
  );

  app.post(
    '/api/entity-definitions',
    { config: manage, schema: { body: createDefinitionSchema } },
    async (request, reply) =>
      reply.status(201).send(await createEntityDefinition(contextOf(request, db), request.body)),
  );

  app.get(
    '/api/entity-definitions/:id',
    { config: signedIn, schema: { params: idParams } },
    async (request, reply) =>
      withEtag(reply, await getEntityDefinition(contextOf(request, db), request.params.id)),
  );

  app.patch(
    '/api/entity-definitions/:id',
    { config: manage, schema: { params: idParams, body: updateDefinitionSchema } },
    async (request, reply) => {
      const { id } = request.params;
      return updateWithVersion(request, reply, contextOf(request, db), {
        table: entityDefinitions,
        id,
        update: (ctx) => updateEntityDefinition(ctx, id, request.body),
        read: (ctx) => getEntityDefinition(ctx, id),
      });
    },
  );

  app.delete(
    '/api/entity-definitions/:id',
    { config: manage, schema: { params: idParams } },
    async (request, reply) => {
      await deleteEntityDefinition(contextOf(request, db), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/entity-definitions/:id/validate',
    { config: manage, schema: { params: idParams, body: validateRecordSchema } },
    async (request) => validateEntityData(contextOf(request, db), request.params.id, request.body.data),
  );

  app.get(
    '/api/entity-field-definitions',
    { config: signedIn, schema: { querystring: listFieldsQuerySchema } },
    async (request) => listEntityFields(contextOf(request, db), request.query.entityDefinitionId),
  );

  app.post(
    '/api/entity-field-definitions',
    { config: manage, schema: { body: createFieldSchema } },
    async (request, reply) =>
      reply.status(201).send(await createEntityField(contextOf(request, db), request.body)),
  );

  app.post(
    '/api/entity-field-definitions/reorder',
    { config: manage, schema: { body: reorderFieldsSchema } },
    async (request) =>
      reorderEntityFields(contextOf(request, db), request.body.entityDefinitionId, request.body.ids),
  );

  app.patch(
    '/api/entity-field-definitions/:id',
    { config: manage, schema: { params: idParams, body: updateFieldSchema } },
    async (request) => updateEntityField(contextOf(request, db), request.params.id, request.body),
  );

  app.delete(
    '/api/entity-field-definitions/:id',
    { config: manage, schema: { params: idParams } },
    async (request, reply) => {
      await deleteEntityField(contextOf(request, db), request.params.id);
      return reply.status(204).send();
    },
  );
}
