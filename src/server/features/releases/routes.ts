import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db';
import { getLatestRelease } from './get-latest-release';

export interface ReleaseRouteOptions {
  db: Database;
}

/**
 * The release dialog's poll (product spec §7). The notification preference it saves lives with
 * the user settings (POST /api/user/release-notification-preference, features/organizations).
 */
export async function releaseRoutes(base: FastifyInstance, { db }: ReleaseRouteOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/api/latest-release', { config: { access: 'authenticated' } }, async () => {
    const release = await getLatestRelease({ db });
    return release ? { success: true, data: release } : { success: false, data: null };
  });
}
