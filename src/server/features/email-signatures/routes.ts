import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createEmailSignatureSchema, updateEmailSignatureSchema } from '../../../common/validation/email';
import {
  listEmailSignaturesQuerySchema,
  renderSignatureSchema,
} from '../../../common/validation/email-templates';
import type { FeatureOptions } from '../../app';
import type { RouteAccess } from '../../plugins/route-access';
import { emailSignatures } from '../../db/schema/email';
import { updateWithVersion, withEtag } from '../../lib/record-version';
import { contextOf } from '../../lib/service-context';
import {
  createEmailSignature,
  deleteEmailSignature,
  getEmailSignature,
  listEmailSignatures,
  renderEmailSignature,
  updateEmailSignature,
} from './email-signatures';

const idParams = z.object({ id: z.string() });
const change: { access: RouteAccess } = { access: { permission: ['settings', 'update'] } };

/** /api/email-signatures: read by every member, changed with settings:update. */
export async function emailSignatureRoutes(base: FastifyInstance, { db }: FeatureOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/email-signatures',
    { config: { access: 'authenticated' }, schema: { querystring: listEmailSignaturesQuerySchema } },
    async (request) => listEmailSignatures(contextOf(request, db), request.query),
  );

  app.get(
    '/api/email-signatures/:id',
    { config: { access: 'authenticated' }, schema: { params: idParams } },
    async (request, reply) =>
      withEtag(reply, await getEmailSignature(contextOf(request, db), request.params.id)),
  );

  app.post(
    '/api/email-signatures',
    { config: change, schema: { body: createEmailSignatureSchema } },
    async (request, reply) =>
      reply.status(201).send(await createEmailSignature(contextOf(request, db), request.body)),
  );

  app.patch(
    '/api/email-signatures/:id',
    { config: change, schema: { params: idParams, body: updateEmailSignatureSchema } },
    async (request, reply) => {
      const { id } = request.params;
      return updateWithVersion(request, reply, contextOf(request, db), {
        table: emailSignatures,
        id,
        update: (ctx) => updateEmailSignature(ctx, id, request.body),
        read: (ctx) => getEmailSignature(ctx, id),
      });
    },
  );

  app.delete(
    '/api/email-signatures/:id',
    { config: change, schema: { params: idParams } },
    async (request, reply) => {
      await deleteEmailSignature(contextOf(request, db), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/email-signatures/:id/render',
    { config: { access: 'authenticated' }, schema: { params: idParams, body: renderSignatureSchema } },
    async (request) => renderEmailSignature(contextOf(request, db), request.params.id, request.body ?? {}),
  );
}
