import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { retryFailedJobsSchema } from '../../../common/validation/platform-health';
import type { FeatureOptions } from '../../app';
import { contextOf } from '../../lib/service-context';
import { getPlatformHealth } from './get-platform-health';
import { retryFailedJobs } from './retry-failed-jobs';

const superAdmin = { access: 'superAdmin' } as const;

/** /api/super-admin/health (issue 20 §10): the platform's health, and a retry of dead-lettered jobs. */
export const platformHealthRoutes: FastifyPluginAsync<FeatureOptions> = async (
  base,
  { db, databaseDriver },
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/api/super-admin/health', { config: superAdmin }, async () =>
    getPlatformHealth(db, databaseDriver),
  );

  app.post(
    '/api/super-admin/health/retry',
    { config: superAdmin, schema: { body: retryFailedJobsSchema } },
    async (request) => retryFailedJobs(contextOf(request, db), request.body.kind),
  );
};
