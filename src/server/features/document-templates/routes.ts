import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { maxLength } from '../../../common/validation/common';
import {
  createDocumentTemplateSchema,
  documentTemplateMergeSchema,
  listDocumentTemplatesQuerySchema,
  updateDocumentTemplateSchema,
} from '../../../common/validation/documents';
import type { FeatureOptions } from '../../app';
import type { RouteAccess } from '../../plugins/route-access';
import { attachmentDisposition } from '../../lib/content-disposition';
import { withEtag } from '../../lib/record-version';
import { contextOf } from '../../lib/service-context';
import {
  createDocumentTemplate,
  deleteDocumentTemplate,
  duplicateDocumentTemplate,
  getDocumentTemplate,
  listDocumentTemplates,
} from './document-templates';
import { documentTemplatePdf, previewDocumentTemplate } from './merge-template';
import { installLibraryTemplate, listTemplateLibrary } from './template-library-install';
import { updateDocumentTemplateVersioned } from './update-document-template';

const idParams = z.object({ id: z.string().max(maxLength.code) });
const keyParams = z.object({ key: z.string().max(maxLength.code) });

/** Whoever makes or reads documents reads templates; only settings:manage changes them. */
const read: { access: RouteAccess } = {
  access: {
    anyOf: [
      ['documents', 'read'],
      ['documents', 'view'],
      ['documents', 'create'],
      ['settings', 'manage'],
    ],
  },
};
const change: { access: RouteAccess } = { access: { permission: ['settings', 'manage'] } };

/**
 * JSON of 2,000,000 characters of content can take more bytes than characters (escapes, non-ASCII);
 * beyond this the body is refused before it is parsed.
 */
const templateBodyLimit = 8 * 1024 * 1024;
export const templateTooLargeMessage =
  'The template is too large: its content may be at most 2,000,000 characters';
const writeConfig = { ...change, bodyTooLargeMessage: templateTooLargeMessage };

export async function documentTemplateRoutes(base: FastifyInstance, { db }: FeatureOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/document-templates',
    { config: read, schema: { querystring: listDocumentTemplatesQuerySchema } },
    async (request) => listDocumentTemplates(contextOf(request, db), request.query),
  );

  app.get(
    '/api/document-templates/:id',
    { config: read, schema: { params: idParams } },
    async (request, reply) =>
      withEtag(reply, await getDocumentTemplate(contextOf(request, db), request.params.id)),
  );

  app.post(
    '/api/document-templates',
    { config: writeConfig, bodyLimit: templateBodyLimit, schema: { body: createDocumentTemplateSchema } },
    async (request, reply) => {
      const template = await createDocumentTemplate(contextOf(request, db), request.body);
      return reply.status(201).send(withEtag(reply, template));
    },
  );

  app.patch(
    '/api/document-templates/:id',
    {
      config: writeConfig,
      bodyLimit: templateBodyLimit,
      schema: { params: idParams, body: updateDocumentTemplateSchema },
    },
    async (request, reply) =>
      updateDocumentTemplateVersioned(
        request,
        reply,
        contextOf(request, db),
        request.params.id,
        request.body,
      ),
  );

  app.delete(
    '/api/document-templates/:id',
    { config: change, schema: { params: idParams } },
    async (request, reply) => {
      await deleteDocumentTemplate(contextOf(request, db), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/document-templates/:id/duplicate',
    { config: change, schema: { params: idParams } },
    async (request, reply) =>
      reply.status(201).send(await duplicateDocumentTemplate(contextOf(request, db), request.params.id)),
  );

  // Merging reads the record with the caller's own permissions (404 without them).
  app.post(
    '/api/document-templates/:id/preview',
    { config: read, schema: { params: idParams, body: documentTemplateMergeSchema } },
    async (request) => previewDocumentTemplate(contextOf(request, db), request.params.id, request.body ?? {}),
  );

  app.get(
    '/api/document-templates/:id/pdf',
    {
      config: read,
      schema: {
        params: idParams,
        querystring: documentTemplateMergeSchema.extend({ download: z.string().max(5).optional() }),
      },
    },
    async (request, reply) => {
      const { download, ...record } = request.query;
      const { name, pdf } = await documentTemplatePdf(contextOf(request, db), request.params.id, record);
      const disposition = attachmentDisposition(`${name}.pdf`);
      return reply
        .header('Content-Type', 'application/pdf')
        .header(
          'Content-Disposition',
          download === '1' ? disposition : disposition.replace(/^attachment/, 'inline'),
        )
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get('/api/document-template-library', { config: read }, async (request) =>
    listTemplateLibrary(contextOf(request, db)),
  );

  app.post(
    '/api/document-template-library/:key/install',
    { config: change, schema: { params: keyParams } },
    async (request, reply) =>
      reply.status(201).send(await installLibraryTemplate(contextOf(request, db), request.params.key)),
  );
}
