import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customFieldErrors } from '../custom-fields/custom-field-errors';
import { createDealSchema, updateDealSchema } from '../../../common/validation/deals';
import type { Database } from '../../db';
import { sendBulkJob } from '../../lib/bulk-job';
import { sendCsv } from '../../lib/csv';
import { contextOf } from '../../lib/service-context';
import { updateWithVersion, withEtag } from '../../lib/record-version';
import { deals } from '../../db/schema/crm';
import { bulkDeals, bulkDealsSchema } from './bulk-deals';
import { createDeal } from './create-deal';
import { deleteDeal } from './delete-deal';
import { getDeal } from './get-deal';
import { exportDeals, listDeals, listDealsQuerySchema } from './list-deals';
import { updateDeal } from './update-deal';
import { sendPage } from '../../lib/page-json';
import { serializeJsonItemsPage } from '../../lib/json-items';

const idParams = z.object({ id: z.string() });

/** /api/deals: the organization's deals. */
export async function dealRoutes(
  base: FastifyInstance,
  { db, bulkBatchSize }: { db: Database; bulkBatchSize?: number },
) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/deals',
    { config: { access: { permission: ['deals', 'read'] } }, schema: { querystring: listDealsQuerySchema } },
    async (request, reply) =>
      sendPage(reply, serializeJsonItemsPage, await listDeals(contextOf(request, db), request.query)),
  );

  app.get(
    '/api/deals/export.csv',
    { config: { access: { permission: ['deals', 'read'] } }, schema: { querystring: listDealsQuerySchema } },
    async (request, reply) =>
      sendCsv(reply, 'deals', await exportDeals(contextOf(request, db), request.query)),
  );

  app.post(
    '/api/deals/bulk',
    {
      // update/tag actions need deals:update, delete needs deals:delete (checked per action).
      config: {
        access: {
          anyOf: [
            ['deals', 'update'],
            ['deals', 'delete'],
          ],
        },
      },
      schema: { body: bulkDealsSchema },
    },
    async (request, reply) =>
      sendBulkJob(request, reply, await bulkDeals(contextOf(request, db), request.body, bulkBatchSize)),
  );

  app.get(
    '/api/deals/:id',
    { config: { access: { permission: ['deals', 'read'] } }, schema: { params: idParams } },
    async (request, reply) => withEtag(reply, await getDeal(contextOf(request, db), request.params.id)),
  );

  app.post(
    '/api/deals',
    {
      config: { access: { permission: ['deals', 'create'] }, alsoValidate: customFieldErrors(db, 'deal') },
      schema: { body: createDealSchema },
    },
    async (request, reply) => reply.status(201).send(await createDeal(contextOf(request, db), request.body)),
  );

  app.patch(
    '/api/deals/:id',
    {
      config: {
        access: { permission: ['deals', 'update'] },
        alsoValidate: customFieldErrors(db, 'deal', { partial: true }),
      },
      schema: { params: idParams, body: updateDealSchema },
    },
    async (request, reply) => {
      const { id } = request.params;
      return updateWithVersion(request, reply, contextOf(request, db), {
        table: deals,
        id,
        update: (ctx) => updateDeal(ctx, id, request.body),
        read: (ctx) => getDeal(ctx, id),
      });
    },
  );

  app.delete(
    '/api/deals/:id',
    { config: { access: { permission: ['deals', 'delete'] } }, schema: { params: idParams } },
    async (request, reply) => {
      await deleteDeal(contextOf(request, db), request.params.id);
      return reply.status(204).send();
    },
  );
}
