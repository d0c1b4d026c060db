import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachmentMaxBytes } from '../../../common/constants';
import { fileNameRequiredMessage, fileTooLargeMessage } from '../../../common/validation/activities';
import { maxLength, requiredText } from '../../../common/validation/common';
import type { Database } from '../../db';
import { attachmentDisposition } from '../../lib/content-disposition';
import type { FileStore } from '../../lib/file-store';
import { contextOf } from '../../lib/service-context';
import { guardBeforeBody } from '../../plugins/access-guard';
import { servedContentType } from './file-content-type';
import { openFile } from './open-file';
import { uploadFile } from './upload-file';

const uploadQuery = z.object({
  name: requiredText(fileNameRequiredMessage),
  type: z.string().max(maxLength.code, 'Invalid file type').optional(),
});
const fileParams = z.object({ id: z.string(), name: z.string() });

/**
 * Files attached to activities (on leads, clients and deals alike, which share the activities
 * permissions): `POST /api/files?name=&type=` with the raw bytes as application/octet-stream, and
 * `GET /api/files/:id/:name` back as a download for members of the same organization.
 */
export async function fileRoutes(base: FastifyInstance, { db, files }: { db: Database; files: FileStore }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Only raw bytes here: a JSON or form body is not a file (415).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/files',
    {
      config: {
        access: {
          anyOf: [
            ['activities', 'create'],
            ['activities', 'update'],
          ],
        },
        bodyTooLargeMessage: fileTooLargeMessage,
      },
      bodyLimit: attachmentMaxBytes,
      preParsing: guardBeforeBody,
      schema: { querystring: uploadQuery },
    },
    async (request, reply) => {
      const upload = {
        name: request.query.name,
        contentType: request.query.type,
        data: Buffer.isBuffer(request.body) ? request.body : undefined,
      };
      return reply.status(201).send(await uploadFile(contextOf(request, db), files, upload));
    },
  );

  app.get(
    '/api/files/:id/:name',
    { config: { access: { permission: ['activities', 'read'] } }, schema: { params: fileParams } },
    async (request, reply) => {
      const { meta, stream } = await openFile(contextOf(request, db), files, request.params.id);
      return reply
        .header('Content-Type', servedContentType(meta.contentType))
        .header('Content-Length', meta.size)
        .header('Content-Disposition', attachmentDisposition(meta.name))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(stream);
    },
  );
}
