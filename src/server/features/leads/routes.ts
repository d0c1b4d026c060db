import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customFieldErrors } from '../custom-fields/custom-field-errors';
import { convertLeadSchema, createLeadSchema, updateLeadSchema } from '../../../common/validation/leads';
import type { Database } from '../../db';
import { sendBulkJob } from '../../lib/bulk-job';
import { sendCsv } from '../../lib/csv';
import { contextOf } from '../../lib/service-context';
import { updateWithVersion, withEtag } from '../../lib/record-version';
import { leads } from '../../db/schema/crm';
import { bulkLeads, bulkLeadsSchema } from './bulk-leads';
import { convertLead } from './convert-lead';
import { createLead } from './create-lead';
import { deleteLead } from './delete-lead';
import { duplicatesQuerySchema, findDuplicates } from './find-duplicates';
import { getLead } from './get-lead';
import { exportLeads, listLeads, listLeadsQuerySchema } from './list-leads';
import { updateLead } from './update-lead';
import { sendPage } from '../../lib/page-json';
import { serializeJsonItemsPage } from '../../lib/json-items';

const idParams = z.object({ id: z.string() });
/** A convert call may come without a body: no deal then. */
const convertBody = z.preprocess((body) => body ?? {}, convertLeadSchema);

/** /api/leads: the organization's leads, their duplicates check, conversion, bulk actions and export. */
export async function leadRoutes(
  base: FastifyInstance,
  { db, bulkBatchSize }: { db: Database; bulkBatchSize?: number },
) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/leads',
    { config: { access: { permission: ['leads', 'read'] } }, schema: { querystring: listLeadsQuerySchema } },
    async (request, reply) =>
      sendPage(reply, serializeJsonItemsPage, await listLeads(contextOf(request, db), request.query)),
  );

  app.get(
    '/api/leads/export.csv',
    { config: { access: { permission: ['leads', 'read'] } }, schema: { querystring: listLeadsQuerySchema } },
    async (request, reply) =>
      sendCsv(reply, 'leads', await exportLeads(contextOf(request, db), request.query)),
  );

  app.get(
    '/api/leads/duplicates',
    { config: { access: { permission: ['leads', 'read'] } }, schema: { querystring: duplicatesQuerySchema } },
    async (request) => findDuplicates(contextOf(request, db), request.query),
  );

  app.post(
    '/api/leads/bulk',
    {
      // update/tag actions need leads:update, delete needs leads:delete (checked per action).
      config: {
        access: {
          anyOf: [
            ['leads', 'update'],
            ['leads', 'delete'],
          ],
        },
      },
      schema: { body: bulkLeadsSchema },
    },
    async (request, reply) =>
      sendBulkJob(request, reply, await bulkLeads(contextOf(request, db), request.body, bulkBatchSize)),
  );

  app.get(
    '/api/leads/:id',
    { config: { access: { permission: ['leads', 'read'] } }, schema: { params: idParams } },
    async (request, reply) => withEtag(reply, await getLead(contextOf(request, db), request.params.id)),
  );

  app.post(
    '/api/leads',
    {
      config: { access: { permission: ['leads', 'create'] }, alsoValidate: customFieldErrors(db, 'lead') },
      schema: { body: createLeadSchema },
    },
    async (request, reply) => reply.status(201).send(await createLead(contextOf(request, db), request.body)),
  );

  app.post(
    '/api/leads/:id/convert',
    {
      // Also needs clients:create (and deals:create with createDeal): checked in the service (403).
      config: { access: { permission: ['leads', 'update'] } },
      schema: { params: idParams, body: convertBody },
    },
    async (request) => convertLead(contextOf(request, db), request.params.id, request.body),
  );

  app.patch(
    '/api/leads/:id',
    {
      config: {
        access: { permission: ['leads', 'update'] },
        alsoValidate: customFieldErrors(db, 'lead', { partial: true }),
      },
      schema: { params: idParams, body: updateLeadSchema },
    },
    async (request, reply) => {
      const { id } = request.params;
      return updateWithVersion(request, reply, contextOf(request, db), {
        table: leads,
        id,
        update: (ctx) => updateLead(ctx, id, request.body),
        read: (ctx) => getLead(ctx, id),
      });
    },
  );

  app.delete(
    '/api/leads/:id',
    { config: { access: { permission: ['leads', 'delete'] } }, schema: { params: idParams } },
    async (request, reply) => {
      await deleteLead(contextOf(request, db), request.params.id);
      return reply.status(204).send();
    },
  );
}
