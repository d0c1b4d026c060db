import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customFieldErrors } from '../custom-fields/custom-field-errors';
import { createCompanySchema, updateCompanySchema } from '../../../common/validation/companies';
import type { Database } from '../../db';
import { sendBulkJob } from '../../lib/bulk-job';
import { sendCsv } from '../../lib/csv';
import { contextOf } from '../../lib/service-context';
import { updateWithVersion, withEtag } from '../../lib/record-version';
import { companies } from '../../db/schema/crm';
import { bulkCompanies, bulkCompaniesSchema } from './bulk-companies';
import { createCompany } from './create-company';
import { deleteCompany } from './delete-company';
import { getCompany } from './get-company';
import { exportCompanies, listCompanies, listCompaniesQuerySchema } from './list-companies';
import { updateCompany } from './update-company';
import { serializeJsonItemsPage } from '../../lib/json-items';
import { sendPage } from '../../lib/page-json';

const idParams = z.object({ id: z.string() });

/** /api/companies: the organization's companies. */
export async function companyRoutes(
  base: FastifyInstance,
  { db, bulkBatchSize }: { db: Database; bulkBatchSize?: number },
) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/companies',
    {
      config: { access: { permission: ['companies', 'read'] } },
      schema: { querystring: listCompaniesQuerySchema },
    },
    async (request, reply) =>
      sendPage(reply, serializeJsonItemsPage, await listCompanies(contextOf(request, db), request.query)),
  );

  app.get(
    '/api/companies/export.csv',
    {
      config: { access: { permission: ['companies', 'read'] } },
      schema: { querystring: listCompaniesQuerySchema },
    },
    async (request, reply) =>
      sendCsv(reply, 'companies', await exportCompanies(contextOf(request, db), request.query)),
  );

  app.post(
    '/api/companies/bulk',
    {
      // update/tag actions need companies:update, delete needs companies:delete (checked per action).
      config: {
        access: {
          anyOf: [
            ['companies', 'update'],
            ['companies', 'delete'],
          ],
        },
      },
      schema: { body: bulkCompaniesSchema },
    },
    async (request, reply) =>
      sendBulkJob(request, reply, await bulkCompanies(contextOf(request, db), request.body, bulkBatchSize)),
  );

  app.get(
    '/api/companies/:id',
    { config: { access: { permission: ['companies', 'read'] } }, schema: { params: idParams } },
    async (request, reply) => withEtag(reply, await getCompany(contextOf(request, db), request.params.id)),
  );

  app.post(
    '/api/companies',
    {
      config: {
        access: { permission: ['companies', 'create'] },
        alsoValidate: customFieldErrors(db, 'company'),
      },
      schema: { body: createCompanySchema },
    },
    async (request, reply) =>
      reply.status(201).send(await createCompany(contextOf(request, db), request.body)),
  );

  app.patch(
    '/api/companies/:id',
    {
      config: {
        access: { permission: ['companies', 'update'] },
        alsoValidate: customFieldErrors(db, 'company', { partial: true }),
      },
      schema: { params: idParams, body: updateCompanySchema },
    },
    async (request, reply) => {
      const { id } = request.params;
      return updateWithVersion(request, reply, contextOf(request, db), {
        table: companies,
        id,
        update: (ctx) => updateCompany(ctx, id, request.body),
        read: (ctx) => getCompany(ctx, id),
      });
    },
  );

  app.delete(
    '/api/companies/:id',
    { config: { access: { permission: ['companies', 'delete'] } }, schema: { params: idParams } },
    async (request, reply) => {
      await deleteCompany(contextOf(request, db), request.params.id);
      return reply.status(204).send();
    },
  );
}
