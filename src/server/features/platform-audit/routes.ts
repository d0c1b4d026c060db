import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { platformAuditSummaryQuerySchema } from '../../../common/validation/platform-audit';
import type { Database } from '../../db';
import { sendCsv } from '../../lib/csv';
import { requestClientOf } from '../../lib/service-context';
import {
  exportPlatformAuditLogs,
  listPlatformAuditLogs,
  listPlatformAuditLogsQuerySchema,
} from './list-platform-audit-logs';
import { summarizePlatformAudit } from './summarize-platform-audit';

/** Every organization's audit trail (issue 20 §4), for super admins only. */
export async function platformAuditRoutes(base: FastifyInstance, { db }: { db: Database }) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/super-admin/system-audit-logs',
    { config: { access: 'superAdmin' }, schema: { querystring: listPlatformAuditLogsQuerySchema } },
    async (request) => listPlatformAuditLogs(db, request.query),
  );

  app.get(
    '/api/super-admin/system-audit-logs/summary',
    { config: { access: 'superAdmin' }, schema: { querystring: platformAuditSummaryQuerySchema } },
    async (request) => summarizePlatformAudit(db, request.query.days),
  );

  app.get(
    '/api/super-admin/system-audit-logs/export',
    { config: { access: 'superAdmin' }, schema: { querystring: listPlatformAuditLogsQuerySchema } },
    async (request, reply) => {
      // A platform event: the export concerns every organization, so it belongs to none.
      const ctx = { orgId: null, actor: { id: request.auth!.user.id }, client: requestClientOf(request) };
      return sendCsv(reply, 'platform-audit-log', await exportPlatformAuditLogs(db, ctx, request.query));
    },
  );
}
