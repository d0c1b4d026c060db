import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db';
import { requestClientOf } from '../../lib/service-context';
import { recordAuditEvent } from '../audit/record-audit-event';

/**
 * Every API request of a support-access visit goes into the organization's audit log with both
 * identities: one insert per request, after the answer is sent (onResponse), so the visit's pages
 * do not wait for it. Visits are rare and short; batching would only save a few rows a minute.
 */
export function registerSupportAccessAudit(app: FastifyInstance, db: Database) {
  app.addHook('onResponse', async (request, reply) => {
    const auth = request.auth;
    const visit = auth?.supportAccess;
    if (!auth || !visit || !request.url.startsWith('/api/')) return;
    try {
      await recordAuditEvent(
        db,
        { orgId: auth.organization.id, actor: { id: visit.superAdmin.id }, client: requestClientOf(request) },
        {
          action: 'support_access.request',
          resource: 'support_access_sessions',
          resourceId: visit.id,
          details: {
            superAdmin: visit.superAdmin.email,
            user: auth.user.email,
            method: request.method,
            path: request.url,
            status: reply.statusCode,
          },
        },
      );
    } catch (err) {
      request.log.error({ err }, 'support access request could not be audit-logged');
    }
  });
}
