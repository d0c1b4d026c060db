import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { updateDemoRequestSchema } from '../../../common/validation/public-submissions';
import type { FeatureOptions } from '../../app';
import { sendCsv } from '../../lib/csv';
import { contextOf } from '../../lib/service-context';
import {
  exportPlatformSubmissions,
  listPlatformSubmissions,
  submissionKinds,
  submissionListQuerySchema,
} from './list-platform-submissions';
import { updateDemoRequest } from './update-demo-request';

const idParams = z.object({ id: z.string().max(64) });
const superAdmin = { access: 'superAdmin' } as const;

/**
 * /api/super-admin/{early-access,demo-requests,support-submissions,feedback} (issue 20 §8): paged,
 * searchable lists, each with /export (CSV); demo requests take a status and notes. The older
 * unpaged lists (GET /api/early-access…) stay for now; support screenshots keep their route,
 * GET /api/support-submissions/:id/image.
 */
export const submissionAdminRoutes: FastifyPluginAsync<FeatureOptions> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  for (const kind of submissionKinds) {
    app.get(
      `/api/super-admin/${kind}`,
      { config: superAdmin, schema: { querystring: submissionListQuerySchema } },
      async (request) => listPlatformSubmissions(db, kind, request.query),
    );
    app.get(
      `/api/super-admin/${kind}/export`,
      { config: superAdmin, schema: { querystring: submissionListQuerySchema } },
      async (request, reply) =>
        sendCsv(reply, kind, await exportPlatformSubmissions(contextOf(request, db), kind, request.query)),
    );
  }

  app.patch(
    '/api/super-admin/demo-requests/:id',
    { config: superAdmin, schema: { params: idParams, body: updateDemoRequestSchema } },
    async (request) => updateDemoRequest(contextOf(request, db), request.params.id, request.body),
  );
};
