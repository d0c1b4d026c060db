import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db';
import { defaultPageSize } from '../../lib/keyset-pagination';
import { contextOf } from '../../lib/service-context';
import { boardColumnQuerySchema, boardQuerySchema, getBoard, getBoardColumn } from './board';
import { moveDeal, moveDealSchema } from './move-deal';

const idParams = z.object({ id: z.string() });
const columnParams = z.object({ id: z.string(), stageName: z.string() });

/** The pipeline board (deals:read) and moving a deal between stages (deals:update). */
export async function pipelineBoardRoutes(base: FastifyInstance, { db }: { db: Database }) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/pipelines/:id/board',
    {
      config: { access: { permission: ['deals', 'read'] } },
      schema: { params: idParams, querystring: boardQuerySchema },
    },
    async (request) =>
      getBoard(contextOf(request, db), request.params.id, request.query.perColumn ?? defaultPageSize),
  );

  app.get(
    '/api/pipelines/:id/board/:stageName',
    {
      config: { access: { permission: ['deals', 'read'] } },
      schema: { params: columnParams, querystring: boardColumnQuerySchema },
    },
    async (request) =>
      getBoardColumn(contextOf(request, db), request.params.id, request.params.stageName, request.query),
  );

  app.post(
    '/api/deals/:id/move',
    {
      config: { access: { permission: ['deals', 'update'] } },
      schema: { params: idParams, body: moveDealSchema },
    },
    async (request) => moveDeal(contextOf(request, db), request.params.id, request.body),
  );
}
