import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { webhookLogs } from '../../db/schema/integrations';
import { notFound } from '../../lib/app-error';
import {
  cursorField,
  keysetPage,
  listQuerySchema,
  listTotal,
  planKeysetPage,
  type KeysetSpec,
} from '../../lib/keyset-pagination';
import { enqueueOutbox, outboxKinds } from '../../lib/outbox';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { inOrganization, rowInOrganization } from '../../lib/tenant-scope';
import { findIntegrationRow } from '../integrations/find-integration';
import type { DeliverWebhookPayload } from './deliver-webhook-job';
import type { WebhookEvent } from './emit-webhook-event';

export const webhookLogNotFoundMessage = 'Webhook log not found';

export const listWebhookLogsQuerySchema = listQuerySchema
  .pick({ limit: true, cursor: true, sort: true })
  .extend({
    integrationId: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.string().max(64, 'Invalid integration ID').optional(),
    ),
    status: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.enum(['delivered', 'failed'], { error: 'Invalid status' }).optional(),
    ),
  });

const logListSpec: KeysetSpec = {
  sortable: { createdAt: webhookLogs.createdAt },
  defaultSort: '-createdAt',
  id: webhookLogs.id,
};

type LogRow = typeof webhookLogs.$inferSelect;

export function presentWebhookLog(row: LogRow) {
  return {
    id: row.id,
    integrationId: row.integrationId,
    webhookUrl: row.webhookUrl,
    method: row.method,
    headers: row.headers,
    payload: row.payload,
    responseStatus: row.responseStatus,
    responseBody: row.responseBody,
    processingTime: row.processingTime,
    errorMessage: row.errorMessage,
    entityType: row.entityType,
    entityId: row.entityId,
    status: row.status,
    eventType: row.eventType,
    messageId: row.messageId,
    attempt: row.attempt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** GET /api/webhook-logs?integrationId=: every attempt, newest first, keyset-paged. */
export async function listWebhookLogs(
  ctx: ServiceContext,
  query: z.infer<typeof listWebhookLogsQuerySchema>,
) {
  // A foreign or missing integration is a 404, not an empty list.
  if (query.integrationId) await findIntegrationRow(ctx.db, ctx.orgId, query.integrationId);
  const where = inOrganization(
    webhookLogs,
    ctx.orgId,
    query.integrationId ? eq(webhookLogs.integrationId, query.integrationId) : undefined,
    query.status ? eq(webhookLogs.status, query.status) : undefined,
  );
  const plan = planKeysetPage(query, logListSpec);
  const [rows, total] = await Promise.all([
    ctx.db
      .select({ row: webhookLogs, id: webhookLogs.id, [cursorField]: plan.cursorValue })
      .from(webhookLogs)
      .where(plan.after ? inOrganization(webhookLogs, ctx.orgId, where, plan.after) : where)
      .orderBy(...plan.orderBy)
      .limit(plan.fetch),
    listTotal(ctx.db, webhookLogs, where),
  ]);
  return keysetPage(rows, plan, total, ({ row }) => presentWebhookLog(row));
}

export async function getWebhookLog(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(webhookLogNotFoundMessage);
  const [row] = await ctx.db
    .select()
    .from(webhookLogs)
    .where(rowInOrganization(webhookLogs, ctx.orgId, id))
    .limit(1);
  if (!row) throw notFound(webhookLogNotFoundMessage);
  return row;
}

/**
 * POST /api/webhook-logs/:id/redeliver: queues the logged event again, with its message id (so
 * the receiver can tell it is the same event), signed afresh when it goes; sent even if the
 * webhook is off. Answers the queued delivery.
 */
export async function redeliverWebhookLog(ctx: ServiceContext, id: string) {
  const log = await getWebhookLog(ctx, id);
  if (!log.integrationId) throw notFound(webhookLogNotFoundMessage);
  await findIntegrationRow(ctx.db, ctx.orgId, log.integrationId);
  const payload: DeliverWebhookPayload = {
    integrationId: log.integrationId,
    messageId: log.messageId ?? `msg_${randomUUID()}`,
    event: log.payload as unknown as WebhookEvent,
    manual: true,
    attemptOffset: log.attempt,
  };
  const [jobId] = await ctx.db.transaction((tx) =>
    enqueueOutbox(tx, {
      kind: outboxKinds.deliverWebhook,
      organizationId: ctx.orgId,
      payload: payload as unknown as Record<string, unknown>,
    }),
  );
  return { queued: true, jobId, messageId: payload.messageId };
}

/**
 * POST /api/integrations/:id/test (Send test): queues a `webhook.test` event to the webhook,
 * signed like any other, sent even while it is off.
 */
export async function sendTestWebhook(ctx: ServiceContext, integrationId: string) {
  const integration = await findIntegrationRow(ctx.db, ctx.orgId, integrationId);
  if (integration.type !== 'webhook') throw notFound('Webhook not found');
  const payload: DeliverWebhookPayload = {
    integrationId,
    messageId: `msg_${randomUUID()}`,
    event: {
      type: 'webhook.test' as WebhookEvent['type'],
      timestamp: new Date().toISOString(),
      data: { message: 'A test delivery from Locus CRM', integrationId, name: integration.name },
    },
    manual: true,
  };
  const [jobId] = await ctx.db.transaction((tx) =>
    enqueueOutbox(tx, {
      kind: outboxKinds.deliverWebhook,
      organizationId: ctx.orgId,
      payload: payload as unknown as Record<string, unknown>,
    }),
  );
  return { queued: true, jobId, messageId: payload.messageId };
}
