import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deletePlatformOrganizationSchema,
  updatePlatformOrganizationSchema,
} from '../../../common/validation/platform-organizations';
import type { FeatureOptions } from '../../app';
import { contextOf } from '../../lib/service-context';
import { deletePlatformOrganization } from './delete-organization';
import { getPlatformOrganization } from './get-organization';
import { listPlatformOrganizations, listPlatformOrganizationsQuerySchema } from './list-organizations';
import { reactivatePlatformOrganization, suspendPlatformOrganization } from './suspend-organization';
import { updatePlatformOrganization } from './update-organization';

const idParams = z.object({ id: z.string().max(64) });
const superAdmin = { access: 'superAdmin' as const };

/** /api/super-admin/organizations: every organization on the platform, for super admins only. */
export const platformOrganizationRoutes: FastifyPluginAsync<FeatureOptions> = async (
  base,
  { db, superAdminEmails },
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/super-admin/organizations',
    { config: superAdmin, schema: { querystring: listPlatformOrganizationsQuerySchema } },
    async (request) => listPlatformOrganizations(db, request.query),
  );

  app.get(
    '/api/super-admin/organizations/:id',
    { config: superAdmin, schema: { params: idParams } },
    async (request) => getPlatformOrganization(db, request.params.id),
  );

  app.patch(
    '/api/super-admin/organizations/:id',
    { config: superAdmin, schema: { params: idParams, body: updatePlatformOrganizationSchema } },
    async (request) =>
      updatePlatformOrganization(contextOf(request, db), request.params.id, request.body, superAdminEmails),
  );

  app.post(
    '/api/super-admin/organizations/:id/suspend',
    { config: superAdmin, schema: { params: idParams } },
    async (request) =>
      suspendPlatformOrganization(contextOf(request, db), request.params.id, superAdminEmails),
  );

  app.post(
    '/api/super-admin/organizations/:id/reactivate',
    { config: superAdmin, schema: { params: idParams } },
    async (request) => reactivatePlatformOrganization(contextOf(request, db), request.params.id),
  );

  app.delete(
    '/api/super-admin/organizations/:id',
    { config: superAdmin, schema: { params: idParams, body: deletePlatformOrganizationSchema } },
    async (request, reply) => {
      await deletePlatformOrganization(
        contextOf(request, db),
        request.params.id,
        request.body,
        superAdminEmails,
      );
      return reply.status(204).send();
    },
  );
};
