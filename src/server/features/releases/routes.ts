import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordDeploymentSchema } from '../../../common/validation/releases';
import type { Database } from '../../db';
import { contextOf } from '../../lib/service-context';
import { getLatestRelease } from './get-latest-release';
import { listDeployments, listDeploymentsQuerySchema } from './list-deployments';
import { recordDeployment } from './record-deployment';

export interface ReleaseRouteOptions {
  db: Database;
}

/**
 * The release dialog's poll (product spec §7). The notification preference it saves lives with
 * the user settings (POST /api/user/release-notification-preference, features/organizations).
 * Super admins list deployments and record one from the screen (issue 20 §7).
 */
export async function releaseRoutes(base: FastifyInstance, { db }: ReleaseRouteOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/api/latest-release', { config: { access: 'authenticated' } }, async () => {
    const release = await getLatestRelease({ db });
    return release ? { success: true, data: release } : { success: false, data: null };
  });

  app.get(
    '/api/super-admin/deployments',
    { config: { access: 'superAdmin' }, schema: { querystring: listDeploymentsQuerySchema } },
    async (request) => listDeployments(db, request.query),
  );

  app.post(
    '/api/super-admin/deployments',
    { config: { access: 'superAdmin' }, schema: { body: recordDeploymentSchema } },
    async (request, reply) => {
      const { user } = request.auth!;
      const deployedBy = `${user.firstName} ${user.lastName}`.trim() || user.email;
      return reply.status(201).send(await recordDeployment(contextOf(request, db), deployedBy, request.body));
    },
  );
}
