import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customFieldErrors } from '../custom-fields/custom-field-errors';
import { createClientSchema, updateClientSchema } from '../../../common/validation/clients';
import type { Database } from '../../db';
import { sendBulkJob } from '../../lib/bulk-job';
import { sendCsv } from '../../lib/csv';
import { contextOf } from '../../lib/service-context';
import { updateWithVersion, withEtag } from '../../lib/record-version';
import { clients } from '../../db/schema/crm';
import { bulkClients, bulkClientsSchema } from './bulk-clients';
import { createClient } from './create-client';
import { deleteClient } from './delete-client';
import { getClient } from './get-client';
import { exportClients, listClients, listClientsQuerySchema } from './list-clients';
import { updateClient } from './update-client';
import { serializeJsonItemsPage } from '../../lib/json-items';
import { sendPage } from '../../lib/page-json';

const idParams = z.object({ id: z.string() });

/** /api/clients: the organization's clients. */
export async function clientRoutes(
  base: FastifyInstance,
  { db, bulkBatchSize }: { db: Database; bulkBatchSize?: number },
) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/clients',
    {
      config: { access: { permission: ['clients', 'read'] } },
      schema: { querystring: listClientsQuerySchema },
    },
    async (request, reply) =>
      sendPage(reply, serializeJsonItemsPage, await listClients(contextOf(request, db), request.query)),
  );

  app.get(
    '/api/clients/export.csv',
    {
      config: { access: { permission: ['clients', 'read'] } },
      schema: { querystring: listClientsQuerySchema },
    },
    async (request, reply) =>
      sendCsv(reply, 'clients', await exportClients(contextOf(request, db), request.query)),
  );

  app.post(
    '/api/clients/bulk',
    {
      // update/tag actions need clients:update, delete needs clients:delete (checked per action).
      config: {
        access: {
          anyOf: [
            ['clients', 'update'],
            ['clients', 'delete'],
          ],
        },
      },
      schema: { body: bulkClientsSchema },
    },
    async (request, reply) =>
      sendBulkJob(request, reply, await bulkClients(contextOf(request, db), request.body, bulkBatchSize)),
  );

  app.get(
    '/api/clients/:id',
    { config: { access: { permission: ['clients', 'read'] } }, schema: { params: idParams } },
    async (request, reply) => withEtag(reply, await getClient(contextOf(request, db), request.params.id)),
  );

  app.post(
    '/api/clients',
    {
      config: {
        access: { permission: ['clients', 'create'] },
        alsoValidate: customFieldErrors(db, 'client'),
      },
      schema: { body: createClientSchema },
    },
    async (request, reply) =>
      reply.status(201).send(await createClient(contextOf(request, db), request.body)),
  );

  app.patch(
    '/api/clients/:id',
    {
      config: {
        access: { permission: ['clients', 'update'] },
        alsoValidate: customFieldErrors(db, 'client', { partial: true }),
      },
      schema: { params: idParams, body: updateClientSchema },
    },
    async (request, reply) => {
      const { id } = request.params;
      return updateWithVersion(request, reply, contextOf(request, db), {
        table: clients,
        id,
        update: (ctx) => updateClient(ctx, id, request.body),
        read: (ctx) => getClient(ctx, id),
      });
    },
  );

  app.delete(
    '/api/clients/:id',
    { config: { access: { permission: ['clients', 'delete'] } }, schema: { params: idParams } },
    async (request, reply) => {
      await deleteClient(contextOf(request, db), request.params.id);
      return reply.status(204).send();
    },
  );
}
