import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createRecordSchema,
  createRelationshipSchema,
  updateRecordSchema,
  updateRelationshipSchema,
} from '../../../common/validation/objects';
import type { Database } from '../../db';
import { entityRecords } from '../../db/schema/custom-fields';
import { sendBulkJob } from '../../lib/bulk-job';
import { sendCsv } from '../../lib/csv';
import { sendPage } from '../../lib/page-json';
import { updateWithVersion, withEtag } from '../../lib/record-version';
import { contextOf } from '../../lib/service-context';
import { bulkEntityRecords, bulkRecordsSchema } from './bulk-entity-records';
import { createEntityRecord } from './create-entity-record';
import { createEntityRelationship } from './create-entity-relationship';
import { deleteEntityRecord } from './delete-entity-record';
import { deleteEntityRelationship } from './delete-entity-relationship';
import { getEntityRecord } from './get-entity-record';
import { exportEntityRecords, listEntityRecords, listRecordsQuerySchema } from './list-entity-records';
import { listEntityRelationships, listRelationshipsQuerySchema } from './list-entity-relationships';
import { objectRouteAccess } from './object-access';
import { serializeRecordPage } from './present-entity-record';
import { updateEntityRecord } from './update-entity-record';
import { updateEntityRelationship } from './update-entity-relationship';

const idParams = z.object({ id: z.string() });

/**
 * /api/entity-records and /api/entity-relationships. Each route is guarded by its action in any
 * category an object can borrow; the service then checks the object's own category (decision 024).
 */
export async function entityRecordRoutes(
  base: FastifyInstance,
  { db, bulkBatchSize }: { db: Database; bulkBatchSize?: number },
) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const read = { access: objectRouteAccess('read') };
  const update = { access: objectRouteAccess('update') };

  app.get(
    '/api/entity-records',
    { config: read, schema: { querystring: listRecordsQuerySchema } },
    async (request, reply) =>
      sendPage(reply, serializeRecordPage, await listEntityRecords(contextOf(request, db), request.query)),
  );

  app.get(
    '/api/entity-records/export.csv',
    { config: read, schema: { querystring: listRecordsQuerySchema } },
    async (request, reply) => {
      const { name, lines } = await exportEntityRecords(contextOf(request, db), request.query);
      return sendCsv(reply, name, lines);
    },
  );

  app.post(
    '/api/entity-records/bulk',
    // Tag and isActive actions need the object's update, delete its delete (checked per action).
    { config: { access: objectRouteAccess('update', 'delete') }, schema: { body: bulkRecordsSchema } },
    async (request, reply) =>
      sendBulkJob(
        request,
        reply,
        await bulkEntityRecords(contextOf(request, db), request.body, bulkBatchSize),
      ),
  );

  app.post(
    '/api/entity-records',
    { config: { access: objectRouteAccess('create') }, schema: { body: createRecordSchema } },
    async (request, reply) =>
      reply.status(201).send(await createEntityRecord(contextOf(request, db), request.body)),
  );

  app.get('/api/entity-records/:id', { config: read, schema: { params: idParams } }, async (request, reply) =>
    withEtag(reply, await getEntityRecord(contextOf(request, db), request.params.id)),
  );

  app.patch(
    '/api/entity-records/:id',
    { config: update, schema: { params: idParams, body: updateRecordSchema } },
    async (request, reply) => {
      const { id } = request.params;
      return updateWithVersion(request, reply, contextOf(request, db), {
        table: entityRecords,
        id,
        update: (ctx) => updateEntityRecord(ctx, id, request.body),
        read: (ctx) => getEntityRecord(ctx, id),
      });
    },
  );

  app.delete(
    '/api/entity-records/:id',
    { config: { access: objectRouteAccess('delete') }, schema: { params: idParams } },
    async (request, reply) => {
      await deleteEntityRecord(contextOf(request, db), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/entity-relationships',
    { config: read, schema: { querystring: listRelationshipsQuerySchema } },
    async (request) => listEntityRelationships(contextOf(request, db), request.query),
  );

  app.post(
    '/api/entity-relationships',
    { config: update, schema: { body: createRelationshipSchema } },
    async (request, reply) =>
      reply.status(201).send(await createEntityRelationship(contextOf(request, db), request.body)),
  );

  app.patch(
    '/api/entity-relationships/:id',
    { config: update, schema: { params: idParams, body: updateRelationshipSchema } },
    async (request) => updateEntityRelationship(contextOf(request, db), request.params.id, request.body),
  );

  app.delete(
    '/api/entity-relationships/:id',
    { config: update, schema: { params: idParams } },
    async (request, reply) => {
      await deleteEntityRelationship(contextOf(request, db), request.params.id);
      return reply.status(204).send();
    },
  );
}
