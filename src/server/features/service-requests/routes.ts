import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createServiceRequestSchema,
  updateServiceRequestSchema,
} from '../../../common/validation/service-requests';
import type { FeatureOptions } from '../../app';
import { contextOf } from '../../lib/service-context';
import type { RouteAccess } from '../../plugins/route-access';
import { fileServiceRequest, type ServiceRequestDeps } from './file-service-request';
import { listSuperAdmins } from './list-super-admins';
import {
  getOwnServiceRequest,
  getServiceRequest,
  listOwnServiceRequests,
  listOwnServiceRequestsQuerySchema,
  listServiceRequests,
  listServiceRequestsQuerySchema,
} from './service-request-rows';
import { updateServiceRequest } from './update-service-request';

const idParams = z.object({ id: z.string().max(64) });

/*
 * Filing and following service requests is an organization administrator's business: settings:manage
 * is the permission admins hold and managers and users lack by default (the same line as the
 * organization's audit log). Super admins answer them on /api/super-admin/service-requests.
 */
const organizationAdmin: RouteAccess = { permission: ['settings', 'manage'] };
const superAdmin = { access: 'superAdmin' } as const;

/** Service requests (issue 20 §6): both sides. */
export const serviceRequestRoutes: FastifyPluginAsync<FeatureOptions> = async (base, options) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const deps: ServiceRequestDeps = {
    secrets: options.secrets,
    // SUPER_ADMIN_EMAILS, as the outbox worker has them (FeatureOptions does not carry them).
    superAdminEmails: base.outboxContext.superAdminEmails,
    appUrl: options.appUrl,
  };

  app.post(
    '/api/service-requests',
    { config: { access: organizationAdmin }, schema: { body: createServiceRequestSchema } },
    async (request, reply) =>
      reply.status(201).send(await fileServiceRequest(contextOf(request, db), deps, request.body)),
  );

  app.get(
    '/api/service-requests',
    { config: { access: organizationAdmin }, schema: { querystring: listOwnServiceRequestsQuerySchema } },
    async (request) => listOwnServiceRequests(contextOf(request, db), request.query),
  );

  app.get(
    '/api/service-requests/:id',
    { config: { access: organizationAdmin }, schema: { params: idParams } },
    async (request) => getOwnServiceRequest(contextOf(request, db), request.params.id),
  );

  app.get(
    '/api/super-admin/service-requests',
    { config: superAdmin, schema: { querystring: listServiceRequestsQuerySchema } },
    async (request) => listServiceRequests(db, request.query),
  );

  // Who a request can be assigned to.
  app.get('/api/super-admin/service-requests/assignees', { config: superAdmin }, async () => ({
    items: await listSuperAdmins(db, deps.superAdminEmails),
  }));

  app.get(
    '/api/super-admin/service-requests/:id',
    { config: superAdmin, schema: { params: idParams } },
    async (request) => getServiceRequest(db, request.params.id),
  );

  app.patch(
    '/api/super-admin/service-requests/:id',
    { config: superAdmin, schema: { params: idParams, body: updateServiceRequestSchema } },
    async (request) => updateServiceRequest(contextOf(request, db), deps, request.params.id, request.body),
  );
};
