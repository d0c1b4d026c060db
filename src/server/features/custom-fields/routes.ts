import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db';
import { contextOf } from '../../lib/service-context';
import { updateWithVersion, withEtag } from '../../lib/record-version';
import { customFields, fieldSections } from '../../db/schema/custom-fields';
import type { RouteAccess } from '../../plugins/route-access';
import { reorderSchema } from '../lists/list-schemas';
import {
  createCustomFieldSchema,
  createFieldSectionSchema,
  listCustomFieldsQuerySchema,
  updateCustomFieldSchema,
  updateFieldSectionSchema,
} from './custom-field-schemas';
import {
  createCustomField,
  deleteCustomField,
  getCustomField,
  listCustomFields,
  reorderCustomFields,
  updateCustomField,
} from './custom-fields';
import {
  createFieldSection,
  deleteFieldSection,
  getFieldSection,
  listFieldSections,
  reorderFieldSections,
  updateFieldSection,
} from './field-sections';

const idParams = z.object({ id: z.string() });

/** Record forms of every member of the organization read the definitions; settings:manage changes them. */
const readAccess: RouteAccess = 'authenticated';
const writeAccess: RouteAccess = { permission: ['settings', 'manage'] };

/** /api/custom-fields and /api/field-sections. */
export async function customFieldRoutes(base: FastifyInstance, { db }: { db: Database }) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/custom-fields/reorder',
    { config: { access: writeAccess }, schema: { body: reorderSchema } },
    async (request) => reorderCustomFields(contextOf(request, db), request.body.ids),
  );
  app.get(
    '/api/custom-fields',
    { config: { access: readAccess }, schema: { querystring: listCustomFieldsQuerySchema } },
    async (request) => listCustomFields(contextOf(request, db), request.query),
  );
  app.get(
    '/api/custom-fields/:id',
    { config: { access: readAccess }, schema: { params: idParams } },
    async (request, reply) =>
      withEtag(reply, await getCustomField(contextOf(request, db), request.params.id)),
  );
  app.post(
    '/api/custom-fields',
    { config: { access: writeAccess }, schema: { body: createCustomFieldSchema } },
    async (request, reply) =>
      reply.status(201).send(await createCustomField(contextOf(request, db), request.body)),
  );
  app.patch(
    '/api/custom-fields/:id',
    { config: { access: writeAccess }, schema: { params: idParams, body: updateCustomFieldSchema } },
    async (request, reply) => {
      const { id } = request.params;
      return updateWithVersion(request, reply, contextOf(request, db), {
        table: customFields,
        id,
        update: (ctx) => updateCustomField(ctx, id, request.body),
        read: (ctx) => getCustomField(ctx, id),
      });
    },
  );
  app.delete(
    '/api/custom-fields/:id',
    { config: { access: writeAccess }, schema: { params: idParams } },
    async (request, reply) => {
      await deleteCustomField(contextOf(request, db), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/field-sections/reorder',
    { config: { access: writeAccess }, schema: { body: reorderSchema } },
    async (request) => reorderFieldSections(contextOf(request, db), request.body.ids),
  );
  app.get(
    '/api/field-sections',
    { config: { access: readAccess }, schema: { querystring: listCustomFieldsQuerySchema } },
    async (request) => listFieldSections(contextOf(request, db), request.query),
  );
  app.get(
    '/api/field-sections/:id',
    { config: { access: readAccess }, schema: { params: idParams } },
    async (request, reply) =>
      withEtag(reply, await getFieldSection(contextOf(request, db), request.params.id)),
  );
  app.post(
    '/api/field-sections',
    { config: { access: writeAccess }, schema: { body: createFieldSectionSchema } },
    async (request, reply) =>
      reply.status(201).send(await createFieldSection(contextOf(request, db), request.body)),
  );
  app.patch(
    '/api/field-sections/:id',
    { config: { access: writeAccess }, schema: { params: idParams, body: updateFieldSectionSchema } },
    async (request, reply) => {
      const { id } = request.params;
      return updateWithVersion(request, reply, contextOf(request, db), {
        table: fieldSections,
        id,
        update: (ctx) => updateFieldSection(ctx, id, request.body),
        read: (ctx) => getFieldSection(ctx, id),
      });
    },
  );
  app.delete(
    '/api/field-sections/:id',
    { config: { access: writeAccess }, schema: { params: idParams } },
    async (request, reply) => {
      await deleteFieldSection(contextOf(request, db), request.params.id);
      return reply.status(204).send();
    },
  );
}
