import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createImportJobSchema,
  importFieldsQuerySchema,
  importFileMaxBytes,
  importJobListQuerySchema,
  importMessages,
  importUploadQuerySchema,
} from '../../../common/validation/imports';
import type { FeatureOptions } from '../../app';
import { attachmentDisposition } from '../../lib/content-disposition';
import { listQuerySchema } from '../../lib/keyset-pagination';
import { contextOf } from '../../lib/service-context';
import { guardBeforeBody } from '../../plugins/access-guard';
import { cancelImportJob } from './cancel-import-job';
import { createImportJob } from './create-import-job';
import { importAnyCreateAccess, importHistoryAccess } from './import-access';
import { openImportErrorsFile } from './import-errors-file';
import { listImportFields } from './list-import-fields';
import { getImportJob, listImportJobs } from './list-import-jobs';
import { runIntegrationNow } from './poll-integration';
import { undoImportJob } from './undo-import-job';
import { uploadImportFile } from './upload-import-file';

/*
 * /api/import-jobs (issue 19, docs/decisions/037). Response shapes (types in
 * src/common/validation/imports.ts; stable, the imports UI is built on them):
 *
 *   POST /api/import-jobs/upload?name=&entityType=   body: the file (text/csv, text/plain or
 *        application/octet-stream, ≤ 50 MB; 413 above)           → 201 ImportUpload
 *        { uploadId, name, size, encoding, delimiter, columns, previewRows, totalRecords,
 *          suggestedMapping, savedMapping }
 *   GET  /api/import-jobs/fields?entityType=          → { items: ImportFieldTarget[] }
 *        ImportFieldTarget { key, label, kind, required, group: standard|custom|surplus, options? }
 *   POST /api/import-jobs   CreateImportJobInput       → 201 ImportJobView (status pending)
 *        { name, entityType, sourceType: csv|api, uploadId? (csv), rows? (api, ≤ 10,000 objects),
 *          fieldMappings? { column: fieldKey } (absent: suggested), options? { duplicates:
 *          skip|update|create, matchBy: email|phone|externalId, externalIdColumn? } }
 *   GET  /api/import-jobs?limit=&cursor=&status=&entityType=&integrationId=
 *                                                      → { items: ImportJobView[], nextCursor, total }
 *   GET  /api/import-jobs/:id                          → ImportJobView
 *        { id, name, entityType, sourceType, status, integrationId, totalRecords, processedRecords,
 *          successfulRecords, failedRecords, createdRecords, updatedRecords, skippedRecords,
 *          progress (0–100), fieldMappings, options, errorLogs [{ row, message }] (first 100),
 *          errorLogsTruncated, hasErrorFile, errorMessage, cancelRequested, startedAt,
 *          completedAt, undoneAt, createdBy, createdAt }
 *   POST /api/import-jobs/:id/cancel                   → ImportJobView (409 when already over)
 *   POST /api/import-jobs/:id/undo                     → ImportJobView (status undone; 409 if not finished / twice)
 *   GET  /api/import-jobs/:id/errors.csv               → text/csv: Row, <file's columns…>, Reason
 *   POST /api/integrations/:id/run  (Run now)          → 202 { integrationId, queued: true }; the run
 *        appears as an import job: GET /api/import-jobs?integrationId=
 */

const idParams = z.object({ id: z.string().max(100) });
const listQuery = listQuerySchema.pick({ limit: true, cursor: true }).extend(importJobListQuerySchema.shape);

/** Routes of the imports feature (issue 19). */
export const importsRoutes: FastifyPluginAsync<FeatureOptions> = async (base, { db, files }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  // The upload takes raw bytes (no JSON body): its own parsers, kept inside this child plugin.
  await app.register(async (child) => {
    child.removeAllContentTypeParsers();
    child.addContentTypeParser(
      ['text/csv', 'text/plain', 'application/octet-stream', 'application/vnd.ms-excel'],
      { parseAs: 'buffer', bodyLimit: importFileMaxBytes },
      (_request, body, done) => done(null, body),
    );
    child.withTypeProvider<ZodTypeProvider>().post(
      '/api/import-jobs/upload',
      {
        config: { access: importAnyCreateAccess, bodyTooLargeMessage: importMessages.tooLarge },
        bodyLimit: importFileMaxBytes,
        // Permission first: a caller who may not import is refused before 50 MB are read.
        preParsing: guardBeforeBody,
        schema: { querystring: importUploadQuerySchema },
      },
      async (request, reply) => {
        const upload = await uploadImportFile(contextOf(request, db), files, {
          name: request.query.name,
          entityType: request.query.entityType,
          data: Buffer.isBuffer(request.body) ? request.body : undefined,
        });
        return reply.status(201).send(upload);
      },
    );
  });

  app.get(
    '/api/import-jobs/fields',
    { config: { access: importAnyCreateAccess }, schema: { querystring: importFieldsQuerySchema } },
    async (request) => listImportFields(contextOf(request, db), request.query.entityType),
  );

  app.post(
    '/api/import-jobs',
    {
      config: { access: importAnyCreateAccess },
      // 10,000 inline rows of a few hundred bytes each.
      bodyLimit: 20 * 1024 * 1024,
      schema: { body: createImportJobSchema },
    },
    async (request, reply) =>
      reply.status(201).send(await createImportJob(contextOf(request, db), files, request.body)),
  );

  app.get(
    '/api/import-jobs',
    { config: { access: importHistoryAccess }, schema: { querystring: listQuery } },
    async (request) => listImportJobs(contextOf(request, db), request.query),
  );

  app.get(
    '/api/import-jobs/:id',
    { config: { access: importHistoryAccess }, schema: { params: idParams } },
    async (request) => getImportJob(contextOf(request, db), request.params.id),
  );

  app.post(
    '/api/import-jobs/:id/cancel',
    { config: { access: importAnyCreateAccess }, schema: { params: idParams } },
    async (request) => cancelImportJob(contextOf(request, db), request.params.id),
  );

  app.post(
    '/api/import-jobs/:id/undo',
    { config: { access: importAnyCreateAccess }, schema: { params: idParams } },
    async (request) => undoImportJob(contextOf(request, db), request.params.id),
  );

  app.get(
    '/api/import-jobs/:id/errors.csv',
    { config: { access: importHistoryAccess }, schema: { params: idParams } },
    async (request, reply) => {
      const { name, stream } = await openImportErrorsFile(contextOf(request, db), files, request.params.id);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', attachmentDisposition(name))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(stream);
    },
  );

  app.post(
    '/api/integrations/:id/run',
    { config: { access: { permission: ['settings', 'update'] } }, schema: { params: idParams } },
    async (request, reply) =>
      reply.status(202).send(await runIntegrationNow(contextOf(request, db), request.params.id)),
  );
};
