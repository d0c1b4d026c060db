import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { integrationTypes } from '../../../common/allowed-values';
import { integrations, webhookLogs } from '../../db/schema/integrations';
import type { Database } from '../../db';
import { notFound } from '../../lib/app-error';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { inOrganization, rowInOrganization } from '../../lib/tenant-scope';
import { listAnswer } from '../lists/list-entries';
import { presentIntegration, type WebhookHealth } from './present-integration';

export const integrationNotFoundMessage = 'Integration not found';

export const listIntegrationsQuerySchema = z.object({
  type: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(integrationTypes, { error: 'Invalid integration type' }).optional(),
  ),
});

/** The stored row (secret included: for the server's own use only), 404 for a foreign or missing id. */
export async function findIntegrationRow(db: Database, orgId: string, id: string) {
  if (!isUuid(id)) throw notFound(integrationNotFoundMessage);
  const [row] = await db
    .select()
    .from(integrations)
    .where(rowInOrganization(integrations, orgId, id))
    .limit(1);
  if (!row) throw notFound(integrationNotFoundMessage);
  return row;
}

/** Last delivery and the last day's attempts and failures of each webhook, in one query. */
async function healthOf(db: Database, orgId: string, ids: string[]): Promise<Map<string, WebhookHealth>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      integrationId: webhookLogs.integrationId,
      recentDeliveries: sql<number>`count(*) filter (where ${webhookLogs.createdAt} > now() - interval '24 hours')::int`,
      recentFailures: sql<number>`count(*) filter (where ${webhookLogs.createdAt} > now() - interval '24 hours' and ${webhookLogs.status} = 'failed')::int`,
      last: sql<{ at: string; status: string | null; responseStatus: number | null } | null>`(
        select json_build_object('at', l.created_at, 'status', l.status, 'responseStatus', l.response_status)
        from webhook_logs l where l.organization_id = ${orgId} and l.integration_id = ${webhookLogs.integrationId}
        order by l.created_at desc limit 1)`,
    })
    .from(webhookLogs)
    .where(inOrganization(webhookLogs, orgId, inArray(webhookLogs.integrationId, ids)))
    .groupBy(webhookLogs.integrationId);
  return new Map(
    rows.map((row) => [
      row.integrationId as string,
      {
        lastDeliveryAt: row.last ? new Date(row.last.at) : null,
        lastDeliveryStatus: row.last?.status ?? null,
        lastResponseStatus: row.last?.responseStatus ?? null,
        recentDeliveries: row.recentDeliveries,
        recentFailures: row.recentFailures,
      },
    ]),
  );
}

const noDeliveries: WebhookHealth = {
  lastDeliveryAt: null,
  lastDeliveryStatus: null,
  lastResponseStatus: null,
  recentDeliveries: 0,
  recentFailures: 0,
};

/** GET /api/integrations?type=: the organization's integrations, newest first (an organization has a handful). */
export async function listIntegrations(
  ctx: ServiceContext,
  query: z.infer<typeof listIntegrationsQuerySchema>,
) {
  const rows = await ctx.db
    .select()
    .from(integrations)
    .where(
      inOrganization(integrations, ctx.orgId, query.type ? eq(integrations.type, query.type) : undefined),
    )
    .orderBy(desc(integrations.createdAt), desc(integrations.id))
    .limit(500);
  const health = await healthOf(
    ctx.db,
    ctx.orgId,
    rows.filter((row) => row.type === 'webhook').map((row) => row.id),
  );
  return listAnswer(
    rows.map((row) =>
      presentIntegration(row, row.type === 'webhook' ? (health.get(row.id) ?? noDeliveries) : undefined),
    ),
  );
}

export async function getIntegration(ctx: ServiceContext, id: string) {
  const row = await findIntegrationRow(ctx.db, ctx.orgId, id);
  const health = row.type === 'webhook' ? await healthOf(ctx.db, ctx.orgId, [row.id]) : undefined;
  return presentIntegration(row, health ? (health.get(row.id) ?? noDeliveries) : undefined);
}

/** Whether an integration of the organization exists, locked for a change in `tx`. */
export async function lockIntegrationRow(tx: Database, orgId: string, id: string) {
  if (!isUuid(id)) throw notFound(integrationNotFoundMessage);
  const [row] = await tx
    .select()
    .from(integrations)
    .where(and(rowInOrganization(integrations, orgId, id)))
    .for('update')
    .limit(1);
  if (!row) throw notFound(integrationNotFoundMessage);
  return row;
}
