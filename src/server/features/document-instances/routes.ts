import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createDocumentInstanceSchema,
  documentContentTooLongMessage,
  updateDocumentInstanceSchema,
} from '../../../common/validation/documents';
import type { FeatureOptions } from '../../app';
import { documentInstances } from '../../db/schema/documents';
import { attachmentDisposition } from '../../lib/content-disposition';
import { updateWithVersion, withEtag } from '../../lib/record-version';
import { contextOf } from '../../lib/service-context';
import { guardBeforeBody } from '../../plugins/access-guard';
import type { RouteAccess } from '../../plugins/route-access';
import { createDocument } from './create-document';
import { bulkDocuments, bulkDocumentsSchema, deleteDocument } from './delete-documents';
import { documentPages, documentPdf } from './document-pdf';
import { maxPdfBytes, pdfTooLargeMessage } from './inspect-pdf';
import { listDocuments, listDocumentsQuerySchema } from './list-documents';
import { getDocument } from './present-document';
import { updateDocument } from './update-document';
import { uploadDocument, uploadDocumentQuerySchema } from './upload-document';

const idParams = z.object({ id: z.string() });
const pdfQuery = z.object({ download: z.enum(['0', '1'], { error: 'download must be 0 or 1' }).optional() });

const view: RouteAccess = {
  anyOf: [
    ['documents', 'view'],
    ['documents', 'read'],
  ],
};
const edit: RouteAccess = {
  anyOf: [
    ['documents', 'edit'],
    ['documents', 'update'],
  ],
};
const create: RouteAccess = { permission: ['documents', 'create'] };

/**
 * Content is up to 2,000,000 characters of editor JSON, sent as a JSON string (its quotes
 * escaped, characters up to 3 bytes): the body may be several times that many bytes.
 */
const contentBodyLimit = 8 * 1024 * 1024;

/** /api/document-instances (issue 16): documents written from templates or uploaded as PDFs. */
export async function documentInstanceRoutes(base: FastifyInstance, options: FeatureOptions) {
  const { db, files } = options;
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/document-instances',
    { config: { access: view }, schema: { querystring: listDocumentsQuerySchema } },
    async (request) => listDocuments(contextOf(request, db), request.query),
  );

  app.get(
    '/api/document-instances/:id',
    { config: { access: view }, schema: { params: idParams } },
    async (request, reply) => withEtag(reply, await getDocument(contextOf(request, db), request.params.id)),
  );

  app.post(
    '/api/document-instances',
    {
      config: { access: create, bodyTooLargeMessage: documentContentTooLongMessage },
      bodyLimit: contentBodyLimit,
      preParsing: guardBeforeBody,
      schema: { body: createDocumentInstanceSchema },
    },
    async (request, reply) =>
      reply.status(201).send(await createDocument(contextOf(request, db), request.body)),
  );

  app.patch(
    '/api/document-instances/:id',
    {
      config: { access: edit, bodyTooLargeMessage: documentContentTooLongMessage },
      bodyLimit: contentBodyLimit,
      preParsing: guardBeforeBody,
      schema: { params: idParams, body: updateDocumentInstanceSchema },
    },
    async (request, reply) => {
      const { id } = request.params;
      return updateWithVersion(request, reply, contextOf(request, db), {
        table: documentInstances,
        id,
        update: (ctx) => updateDocument(ctx, id, request.body),
        read: (ctx) => getDocument(ctx, id),
      });
    },
  );

  app.delete(
    '/api/document-instances/:id',
    { config: { access: { permission: ['documents', 'delete'] } }, schema: { params: idParams } },
    async (request, reply) => {
      await deleteDocument(contextOf(request, db), request.params.id);
      return reply.status(204).send();
    },
  );

  // Archiving needs edit or update, deleting needs delete: the service checks the action's own.
  app.post(
    '/api/document-instances/bulk',
    {
      config: {
        access: {
          anyOf: [
            ['documents', 'edit'],
            ['documents', 'update'],
            ['documents', 'delete'],
          ],
        },
      },
      schema: { body: bulkDocumentsSchema },
    },
    async (request) => bulkDocuments(contextOf(request, db), request.body),
  );

  app.get(
    '/api/document-instances/:id/pdf',
    { config: { access: view }, schema: { params: idParams, querystring: pdfQuery } },
    async (request, reply) => {
      const { name, pdf, size } = await documentPdf(contextOf(request, db), files, request.params.id);
      const disposition = attachmentDisposition(`${name}.pdf`);
      reply
        .header('Content-Type', 'application/pdf')
        .header(
          'Content-Disposition',
          request.query.download === '1' ? disposition : disposition.replace(/^attachment/, 'inline'),
        )
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store');
      if (size !== undefined) reply.header('Content-Length', size);
      return reply.send(pdf);
    },
  );

  app.get(
    '/api/document-instances/:id/pages',
    { config: { access: view }, schema: { params: idParams } },
    async (request) => documentPages(contextOf(request, db), files, request.params.id),
  );

  await app.register(uploadRoutes, options);
}

/** The upload takes the PDF's raw bytes only (its own parser, so in its own scope). */
async function uploadRoutes(base: FastifyInstance, { db, files }: FeatureOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    ['application/pdf', 'application/octet-stream'],
    { parseAs: 'buffer' },
    (_r, body, done) => done(null, body),
  );
  app.post(
    '/api/document-instances/upload',
    {
      config: { access: create, bodyTooLargeMessage: pdfTooLargeMessage },
      bodyLimit: maxPdfBytes,
      // Refused before 20 MB are read, for a caller who may not upload.
      preParsing: guardBeforeBody,
      schema: { querystring: uploadDocumentQuerySchema },
    },
    async (request, reply) => {
      const data = Buffer.isBuffer(request.body) ? request.body : undefined;
      return reply.status(201).send(await uploadDocument(contextOf(request, db), files, request.query, data));
    },
  );
}
