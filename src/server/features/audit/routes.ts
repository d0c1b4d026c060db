import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db';
import { sendCsv } from '../../lib/csv';
import { contextOf } from '../../lib/service-context';
import type { RouteAccess } from '../../plugins/route-access';
import { exportAuditLogs, listAuditLogs, listAuditLogsQuerySchema } from './list-audit-logs';

/*
 * The organization's audit log (Settings › Security). settings:manage is the settings category's
 * administrator action (admins only by default: managers view and update settings, users view
 * them): the log shows every member's sign-ins, addresses and exports, which is an
 * administrator's business, not everyone who may edit the organization's name.
 */
const access: RouteAccess = { permission: ['settings', 'manage'] };

export async function auditRoutes(base: FastifyInstance, { db }: { db: Database }) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/system-audit-logs',
    { config: { access }, schema: { querystring: listAuditLogsQuerySchema } },
    async (request) => listAuditLogs(contextOf(request, db), request.query),
  );

  app.get(
    '/api/system-audit-logs/export.csv',
    { config: { access }, schema: { querystring: listAuditLogsQuerySchema } },
    async (request, reply) =>
      sendCsv(reply, 'audit-log', await exportAuditLogs(contextOf(request, db), request.query)),
  );
}
