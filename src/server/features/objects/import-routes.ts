import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  importEntityRecordsSchema,
  importMaxBytes,
  importMessages,
} from '../../../common/validation/entity-record-import';
import type { Database } from '../../db';
import { contextOf } from '../../lib/service-context';
import { importEntityRecords } from './import-entity-records';
import { objectRouteAccess } from './object-access';

/**
 * The body is JSON, so the file's text may grow when escaped (a quote or line break takes two
 * characters): twice the file's limit lets any file under it through; the service measures the text.
 */
const importBodyLimit = 2 * importMaxBytes + 64 * 1024;

/** POST /api/entity-records/import: a CSV file of one custom object's records. */
export async function entityRecordImportRoutes(base: FastifyInstance, { db }: { db: Database }) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/entity-records/import',
    {
      // Create on the object's own category is checked in the service (403), once the object is known.
      config: { access: objectRouteAccess('create'), bodyTooLargeMessage: importMessages.tooLarge },
      bodyLimit: importBodyLimit,
      schema: { body: importEntityRecordsSchema },
    },
    async (request) => importEntityRecords(contextOf(request, db), request.body),
  );
}
