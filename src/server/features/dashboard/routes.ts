import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db';
import { contextOf } from '../../lib/service-context';
import {
  claimDeadlinesQuerySchema,
  getClaimDeadlines,
  getDashboardSummary,
  getDashboardTrends,
} from './dashboard';

/** The dashboard: summary and trends need reports:read; claim deadlines list deals (deals:read). */
export async function dashboardRoutes(base: FastifyInstance, { db }: { db: Database }) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/dashboard/summary',
    { config: { access: { permission: ['reports', 'read'] } } },
    async (request) => getDashboardSummary(contextOf(request, db)),
  );

  app.get(
    '/api/dashboard/claim-deadlines',
    {
      config: { access: { permission: ['deals', 'read'] } },
      schema: { querystring: claimDeadlinesQuerySchema },
    },
    async (request) => getClaimDeadlines(contextOf(request, db), request.query.days),
  );

  app.get(
    '/api/dashboard/trends',
    { config: { access: { permission: ['reports', 'read'] } } },
    async (request) => getDashboardTrends(contextOf(request, db)),
  );
}
