import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { WebhookEventType } from '../../../common/validation/integrations';
import { integrations } from '../../db/schema/integrations';
import { enqueueOutbox, outboxKinds } from '../../lib/outbox';
import type { Transaction } from '../../lib/transaction';

/** The Standard Webhooks payload: what a receiver gets as the request body. */
export interface WebhookEvent {
  type: WebhookEventType;
  /** ISO 8601, when the change happened. */
  timestamp: string;
  data: Record<string, unknown>;
}

/**
 * Queues one delivery per active webhook of the organization subscribed to the event, in the
 * caller's transaction: the deliveries exist exactly when the change commits (nothing is sent
 * for a change rolled back). Every change that webhooks can hear of calls this one function.
 */
export async function emitWebhookEvent(
  tx: Transaction,
  organizationId: string,
  type: WebhookEventType,
  data: Record<string, unknown>,
): Promise<void> {
  const subscribed = await tx
    .select({ id: integrations.id })
    .from(integrations)
    .where(
      and(
        eq(integrations.organizationId, organizationId),
        eq(integrations.type, 'webhook'),
        eq(integrations.status, 'active'),
        sql`${integrations.config} -> 'events' ? ${type}`,
      ),
    );
  if (subscribed.length === 0) return;
  const event: WebhookEvent = { type, timestamp: new Date().toISOString(), data };
  await enqueueOutbox(
    tx,
    ...subscribed.map((webhook) => ({
      kind: outboxKinds.deliverWebhook,
      organizationId,
      payload: { integrationId: webhook.id, messageId: `msg_${randomUUID()}`, event },
    })),
  );
}

/**
 * Many records' events of one type (a bulk action's batch) in the caller's transaction: the
 * subscriptions are read once, and `load` (presenting the records) runs only when some webhook
 * listens, so a bulk action in an organization without webhooks costs one query per batch.
 */
export async function emitWebhookEvents(
  tx: Transaction,
  organizationId: string,
  type: WebhookEventType,
  load: () => Promise<Record<string, unknown>[]>,
): Promise<void> {
  const subscribed = await tx
    .select({ id: integrations.id })
    .from(integrations)
    .where(
      and(
        eq(integrations.organizationId, organizationId),
        eq(integrations.type, 'webhook'),
        eq(integrations.status, 'active'),
        sql`${integrations.config} -> 'events' ? ${type}`,
      ),
    );
  if (subscribed.length === 0) return;
  const timestamp = new Date().toISOString();
  const jobs = (await load()).flatMap((data) =>
    subscribed.map((webhook) => ({
      kind: outboxKinds.deliverWebhook,
      organizationId,
      payload: {
        integrationId: webhook.id,
        messageId: `msg_${randomUUID()}`,
        event: { type, timestamp, data },
      },
    })),
  );
  // In slices: one INSERT's parameters are limited (65,535).
  for (let start = 0; start < jobs.length; start += 1000) {
    await enqueueOutbox(tx, ...jobs.slice(start, start + 1000));
  }
}
