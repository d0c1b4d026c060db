import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureOptions } from '../../app';
import { contextOf } from '../../lib/service-context';
import type { RouteAccess } from '../../plugins/route-access';
import { retrySeal } from './retry-seal';

/** Sealing is part of editing a document's signing (the access of the request edit routes). */
const edit: RouteAccess = {
  anyOf: [
    ['documents', 'edit'],
    ['documents', 'update'],
  ],
};

const idParams = z.object({ id: z.string().max(100) });

/** Sealing completed signature requests: retrying a failed seal (issue 18). */
export async function sealingRoutes(base: FastifyInstance, options: FeatureOptions) {
  const { db } = options;
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/enhanced-signature-requests/:id/seal',
    { config: { access: edit }, schema: { params: idParams } },
    async (request, reply) =>
      reply.status(202).send(await retrySeal(contextOf(request, db), request.params.id)),
  );
}
