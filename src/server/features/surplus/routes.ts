import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createStateRuleSchema, updateStateRuleSchema } from '../../../common/validation/state-rules';
import type { Database } from '../../db';
import { contextOf } from '../../lib/service-context';
import { getDealSurplus } from './deal-surplus';
import {
  createStateRule,
  deleteStateRule,
  getStateRule,
  listStateRules,
  updateStateRule,
} from './state-rules';

const idParams = z.object({ id: z.string() });

/**
 * /api/state-rules (read by every member of the organization, since deal forms show a state's
 * window and fee cap; settings:update to change) and a deal's surplus view.
 */
export async function surplusRoutes(base: FastifyInstance, { db }: { db: Database }) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/api/state-rules', { config: { access: 'authenticated' } }, async (request) =>
    listStateRules(contextOf(request, db)),
  );

  app.get(
    '/api/state-rules/:id',
    { config: { access: 'authenticated' }, schema: { params: idParams } },
    async (request) => getStateRule(contextOf(request, db), request.params.id),
  );

  app.post(
    '/api/state-rules',
    { config: { access: { permission: ['settings', 'update'] } }, schema: { body: createStateRuleSchema } },
    async (request, reply) =>
      reply.status(201).send(await createStateRule(contextOf(request, db), request.body)),
  );

  app.patch(
    '/api/state-rules/:id',
    {
      config: { access: { permission: ['settings', 'update'] } },
      schema: { params: idParams, body: updateStateRuleSchema },
    },
    async (request) => updateStateRule(contextOf(request, db), request.params.id, request.body),
  );

  app.delete(
    '/api/state-rules/:id',
    { config: { access: { permission: ['settings', 'update'] } }, schema: { params: idParams } },
    async (request, reply) => {
      await deleteStateRule(contextOf(request, db), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/deals/:id/surplus',
    { config: { access: { permission: ['deals', 'read'] } }, schema: { params: idParams } },
    async (request) => getDealSurplus(contextOf(request, db), request.params.id),
  );
}
