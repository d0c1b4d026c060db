import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type SystemStatus, updateSystemConfigSchema } from '../../../common/validation/system-config';
import type { FeatureOptions } from '../../app';
import { contextOf } from '../../lib/service-context';
import { getCachedSystemConfig } from './cached-system-config';
import { getSystemConfig } from './get-system-config';
import { listSystemConfigHistory } from './list-system-config-history';
import { presentSystemConfig } from './present-system-config';
import { updateSystemConfig } from './update-system-config';

const superAdmin = { access: 'superAdmin' } as const;

/**
 * /api/super-admin/system-config (issue 20 §3): the platform's one settings row, read and changed
 * by super admins, every change in the platform audit log; /api/system-status: what anyone may
 * know of it (the public site's maintenance banner, whether sign-up is open).
 */
export const systemConfigRoutes: FastifyPluginAsync<FeatureOptions> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/api/super-admin/system-config', { config: superAdmin }, async () =>
    presentSystemConfig(await getSystemConfig(db)),
  );

  app.patch(
    '/api/super-admin/system-config',
    { config: superAdmin, schema: { body: updateSystemConfigSchema } },
    async (request) => presentSystemConfig(await updateSystemConfig(contextOf(request, db), request.body)),
  );

  app.get('/api/super-admin/system-config/history', { config: superAdmin }, async () =>
    listSystemConfigHistory(db),
  );

  app.get('/api/system-status', { config: { access: 'public' } }, async (): Promise<SystemStatus> => {
    const config = await getCachedSystemConfig(db);
    return { maintenanceMode: config.maintenanceMode, allowRegistrations: config.allowRegistrations };
  });
};
