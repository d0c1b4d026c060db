import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tenantAnalyticsQuerySchema } from '../../../common/validation/tenant-analytics';
import type { Database } from '../../db';
import { readOrganizationAnalytics, readPlatformAnalytics } from './read-tenant-analytics';

/**
 * Tenant analytics (issue 20 §5), for super admins. Each read first writes this instance's
 * counters, so the screen shows the last minute too (other instances' within their next flush).
 */
export async function tenantAnalyticsRoutes(base: FastifyInstance, { db }: { db: Database }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const flushFirst = () =>
    base.tenantAnalytics.flush().catch((err) => base.log.warn({ err }, 'tenant analytics flush failed'));

  app.get(
    '/api/super-admin/tenant-analytics',
    { config: { access: 'superAdmin' }, schema: { querystring: tenantAnalyticsQuerySchema } },
    async (request) => {
      await flushFirst();
      return readPlatformAnalytics(db, request.query.days);
    },
  );

  app.get(
    '/api/super-admin/organizations/:id/analytics',
    {
      config: { access: 'superAdmin' },
      schema: { params: z.object({ id: z.string() }), querystring: tenantAnalyticsQuerySchema },
    },
    async (request) => {
      await flushFirst();
      return readOrganizationAnalytics(db, request.params.id, request.query.days);
    },
  );
}
