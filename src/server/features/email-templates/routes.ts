import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createEmailTemplateSchema, updateEmailTemplateSchema } from '../../../common/validation/email';
import {
  listEmailTemplatesQuerySchema,
  previewTemplateSchema,
  renderTemplateSchema,
} from '../../../common/validation/email-templates';
import type { FeatureOptions } from '../../app';
import type { RouteAccess } from '../../plugins/route-access';
import { emailTemplates } from '../../db/schema/email';
import { updateWithVersion, withEtag } from '../../lib/record-version';
import { contextOf } from '../../lib/service-context';
import {
  createEmailTemplate,
  deleteEmailTemplate,
  duplicateEmailTemplate,
  getEmailTemplate,
  listEmailTemplates,
  previewEmailTemplate,
  renderEmailTemplate,
  updateEmailTemplate,
} from './email-templates';
import { listMergeFields } from './merge-values';

const idParams = z.object({ id: z.string() });
const change: { access: RouteAccess } = { access: { permission: ['settings', 'update'] } };

/** /api/email-templates: read (and rendered) by every member, changed with settings:update. */
export async function emailTemplateRoutes(base: FastifyInstance, { db }: FeatureOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/email-templates',
    { config: { access: 'authenticated' }, schema: { querystring: listEmailTemplatesQuerySchema } },
    async (request) => listEmailTemplates(contextOf(request, db), request.query),
  );

  app.get(
    '/api/email-templates/:id',
    { config: { access: 'authenticated' }, schema: { params: idParams } },
    async (request, reply) =>
      withEtag(reply, await getEmailTemplate(contextOf(request, db), request.params.id)),
  );

  app.post(
    '/api/email-templates',
    { config: change, schema: { body: createEmailTemplateSchema } },
    async (request, reply) =>
      reply.status(201).send(await createEmailTemplate(contextOf(request, db), request.body)),
  );

  app.patch(
    '/api/email-templates/:id',
    { config: change, schema: { params: idParams, body: updateEmailTemplateSchema } },
    async (request, reply) => {
      const { id } = request.params;
      return updateWithVersion(request, reply, contextOf(request, db), {
        table: emailTemplates,
        id,
        update: (ctx) => updateEmailTemplate(ctx, id, request.body),
        read: (ctx) => getEmailTemplate(ctx, id),
      });
    },
  );

  app.delete(
    '/api/email-templates/:id',
    { config: change, schema: { params: idParams } },
    async (request, reply) => {
      await deleteEmailTemplate(contextOf(request, db), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/email-templates/:id/duplicate',
    { config: change, schema: { params: idParams } },
    async (request, reply) =>
      reply.status(201).send(await duplicateEmailTemplate(contextOf(request, db), request.params.id)),
  );

  // Rendering reads the record: the service checks its read permission (404 without it).
  app.post(
    '/api/email-templates/:id/render',
    { config: { access: 'authenticated' }, schema: { params: idParams, body: renderTemplateSchema } },
    async (request) => renderEmailTemplate(contextOf(request, db), request.params.id, request.body),
  );

  app.post(
    '/api/email-templates/preview',
    { config: { access: 'authenticated' }, schema: { body: previewTemplateSchema } },
    async (request) => previewEmailTemplate(contextOf(request, db), request.body),
  );

  app.get('/api/merge-fields', { config: { access: 'authenticated' } }, async (request) => {
    const items = await listMergeFields(contextOf(request, db));
    return { items, nextCursor: null, total: items.length };
  });
}
