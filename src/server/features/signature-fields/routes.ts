import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createSignatureFieldSchema,
  listSignatureFieldsQuerySchema,
  replaceSignatureFieldsSchema,
  updateSignatureFieldSchema,
} from '../../../common/validation/documents';
import type { FeatureOptions } from '../../app';
import type { RouteAccess } from '../../plugins/route-access';
import { contextOf } from '../../lib/service-context';
import {
  createSignatureField,
  deleteSignatureField,
  getSignatureField,
  listSignatureFields,
  replaceSignatureFields,
  updateSignatureField,
} from './signature-fields';

const idParams = z.object({ id: z.string() });

// A field route serves documents' and templates' fields: the guard lets in anyone who may read
// (or change) either kind, and the service then asks for the permission of the field's own kind.
const read: { access: RouteAccess } = {
  access: {
    anyOf: [
      ['documents', 'view'],
      ['documents', 'read'],
      ['documents', 'create'],
      ['settings', 'manage'],
    ],
  },
};
const write: { access: RouteAccess } = {
  access: {
    anyOf: [
      ['documents', 'edit'],
      ['documents', 'update'],
      ['settings', 'manage'],
    ],
  },
};

export async function signatureFieldRoutes(base: FastifyInstance, { db, files }: FeatureOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/signature-fields',
    { config: read, schema: { querystring: listSignatureFieldsQuerySchema } },
    async (request) => listSignatureFields(contextOf(request, db), request.query),
  );

  app.get('/api/signature-fields/:id', { config: read, schema: { params: idParams } }, async (request) =>
    getSignatureField(contextOf(request, db), request.params.id),
  );

  app.post(
    '/api/signature-fields',
    { config: write, schema: { body: createSignatureFieldSchema } },
    async (request, reply) =>
      reply.status(201).send(await createSignatureField(contextOf(request, db), files, request.body)),
  );

  app.patch(
    '/api/signature-fields/:id',
    { config: write, schema: { params: idParams, body: updateSignatureFieldSchema } },
    async (request) => updateSignatureField(contextOf(request, db), files, request.params.id, request.body),
  );

  app.delete(
    '/api/signature-fields/:id',
    { config: write, schema: { params: idParams } },
    async (request, reply) => {
      await deleteSignatureField(contextOf(request, db), request.params.id);
      return reply.status(204).send();
    },
  );

  app.put(
    '/api/document-instances/:id/signature-fields',
    {
      config: {
        access: {
          anyOf: [
            ['documents', 'edit'],
            ['documents', 'update'],
          ],
        },
      },
      schema: { params: idParams, body: replaceSignatureFieldsSchema },
    },
    async (request) =>
      replaceSignatureFields(
        contextOf(request, db),
        files,
        { documentInstanceId: request.params.id },
        request.body,
      ),
  );

  app.put(
    '/api/document-templates/:id/signature-fields',
    {
      config: { access: { permission: ['settings', 'manage'] } },
      schema: { params: idParams, body: replaceSignatureFieldsSchema },
    },
    async (request) =>
      replaceSignatureFields(contextOf(request, db), files, { templateId: request.params.id }, request.body),
  );
}
