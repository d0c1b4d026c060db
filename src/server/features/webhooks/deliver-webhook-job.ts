import { performance } from 'node:perf_hooks';
import { and, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { integrationEntityTypes } from '../../../common/allowed-values';
import type { Transaction } from '../../lib/transaction';
import { users } from '../../db/schema/identity';
import { integrations, webhookLogs } from '../../db/schema/integrations';
import {
  memoized,
  PermanentJobError,
  type OutboxContext,
  type OutboxHandler,
  type OutboxJobRow,
  type OutboxRoundHooks,
} from '../../jobs/outbox-handler';
import { fetchOutbound, OutboundRequestError } from '../../lib/outbound-url';
import { queuePlatformEmail } from '../email/queue-platform-email';
import type { WebhookEvent } from './emit-webhook-event';

/** What a webhook.deliver job carries. */
export interface DeliverWebhookPayload {
  integrationId: string;
  /** The Standard Webhooks message id: the same on every try and redelivery, so receivers can dedupe. */
  messageId: string;
  event: WebhookEvent;
  /** Send test / Redeliver: sent even while the webhook is off. */
  manual?: boolean;
  /** A redelivery continues the attempt count of the log it repeats. */
  attemptOffset?: number;
}

/** Stored response bodies are cut to this. */
export const maxStoredResponseBytes = 4096;
/**
 * A webhook is turned off after this many failed attempts in a row (no success between) that
 * have gone on for at least `webhookDisableAfterMs` (a short outage during a burst is not enough).
 */
export const webhookDisableAfterFailures = 20;
export const defaultWebhookDisableAfterMs = 60 * 60_000;

const entityTypeOfEvent: Record<string, (typeof integrationEntityTypes)[number]> = {
  lead: 'leads',
  client: 'clients',
  company: 'companies',
  deal: 'deals',
};

type LogRow = typeof webhookLogs.$inferInsert;
const logBufferKey = 'webhook.deliver:logs';

interface LoadedWebhook {
  id: string;
  organizationId: string;
  status: string;
  url: string;
  method: 'POST' | 'PUT' | 'PATCH';
  signer: Webhook | null;
}

/** The integration and its opened signer, read once per round for a burst to one webhook. */
function loadWebhook(context: OutboxContext, organizationId: string, integrationId: string) {
  return memoized(context, `webhook:${integrationId}`, async (): Promise<LoadedWebhook | null> => {
    const [row] = await context.db
      .select()
      .from(integrations)
      .where(
        and(
          eq(integrations.id, integrationId),
          eq(integrations.organizationId, organizationId),
          eq(integrations.type, 'webhook'),
        ),
      )
      .limit(1);
    if (!row) return null;
    const config = (row.config ?? {}) as Record<string, unknown>;
    let signer: Webhook | null = null;
    try {
      signer = typeof config.secret === 'string' ? new Webhook(context.secrets.open(config.secret)) : null;
    } catch {
      signer = null;
    }
    return {
      id: row.id,
      organizationId: row.organizationId,
      status: row.status,
      url: String(config.url ?? ''),
      method: (config.method as LoadedWebhook['method']) ?? 'POST',
      signer,
    };
  });
}

/**
 * webhook.deliver: sends one event to one webhook, signed afresh for this try (Standard Webhooks:
 * webhook-id, webhook-timestamp, webhook-signature), and records the attempt in webhook_logs. A
 * 2xx is done; anything else (3xx included: redirects are not followed) throws, so the outbox
 * retries with backoff. The job runs after the change committed; a job claimed and not finished
 * (a crash) is claimed again after its lease, so every event goes out at least once.
 */
export const deliverWebhookJob: OutboxHandler = async (job, context) => {
  const payload = job.payload as unknown as DeliverWebhookPayload;
  if (
    !job.organizationId ||
    typeof payload.integrationId !== 'string' ||
    typeof payload.messageId !== 'string'
  ) {
    throw new PermanentJobError('Malformed webhook delivery');
  }
  const webhook = await loadWebhook(context, job.organizationId, payload.integrationId);
  // Deleted, or switched off since the event: nothing to send (a test or redelivery still goes).
  if (!webhook || (webhook.status !== 'active' && !payload.manual)) return undefined;
  if (!webhook.signer) throw new PermanentJobError('The webhook has no usable signing secret');

  const body = JSON.stringify(payload.event);
  const sentAt = new Date();
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'Locus-Webhooks/1.0',
    'webhook-id': payload.messageId,
    'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'webhook-signature': webhook.signer.sign(payload.messageId, sentAt, body),
  };
  const started = performance.now();
  let responseStatus: number | null = null;
  let responseBody: string | null = null;
  let error: string | null = null;
  let permanent = false;
  try {
    const response = await fetchOutbound(
      webhook.url,
      { method: webhook.method, headers, body },
      {
        allowPrivate: context.webhookAllowPrivateTargets ?? false,
        timeoutMs: context.webhookTimeoutMs ?? 10_000,
        maxBytes: maxStoredResponseBytes,
      },
    );
    responseStatus = response.status;
    responseBody = response.body.toString('utf8').replaceAll('\u0000', '');
    if (response.status >= 300 && response.status < 400) {
      error = `Receiver answered ${response.status} (redirects are not followed)`;
    } else if (response.status < 200 || response.status >= 300) {
      error = `Receiver answered ${response.status}`;
    }
  } catch (caught) {
    error = caught instanceof Error ? caught.message : String(caught);
    // A target refused by the address rules or a malformed URL will not get better by waiting.
    permanent =
      caught instanceof OutboundRequestError &&
      (caught.code === 'blocked_address' || caught.code === 'invalid_url');
  }
  const type = String(payload.event?.type ?? '');
  const entityId = (payload.event?.data as { id?: unknown } | undefined)?.id;
  const log: LogRow = {
    organizationId: webhook.organizationId,
    integrationId: webhook.id,
    webhookUrl: webhook.url.slice(0, 2048),
    method: webhook.method,
    headers,
    payload: payload.event as unknown as Record<string, unknown>,
    responseStatus:
      responseStatus !== null && responseStatus >= 100 && responseStatus <= 599 ? responseStatus : null,
    responseBody,
    processingTime: Math.round(performance.now() - started),
    errorMessage: error?.slice(0, 2000) ?? null,
    entityType: entityTypeOfEvent[type.split('.')[0]] ?? null,
    entityId: typeof entityId === 'string' && /^[0-9a-f-]{36}$/i.test(entityId) ? entityId : null,
    status: error ? 'failed' : 'delivered',
    eventType: type.slice(0, 100),
    messageId: payload.messageId,
    attempt: job.attempts + (payload.attemptOffset ?? 0),
  };
  const buffer = context.memo?.get(logBufferKey) as LogRow[] | undefined;
  if (buffer) buffer.push(log);
  else {
    await context.db.insert(webhookLogs).values(log);
    if (error) await disableIfFailing(context, webhook.organizationId, webhook.id);
  }
  if (error) {
    if (permanent) throw new PermanentJobError(error);
    throw new Error(error);
  }
  return undefined;
};

/** A burst's attempts are written in one statement per round, and the failing webhooks checked once. */
export const deliverWebhookRoundHooks: OutboxRoundHooks = {
  async prepare(_jobs, context) {
    context.memo?.set(logBufferKey, []);
  },
  async finish(_jobs: OutboxJobRow[], context) {
    const logs = (context.memo?.get(logBufferKey) as LogRow[] | undefined) ?? [];
    context.memo?.delete(logBufferKey);
    if (logs.length === 0) return;
    await context.db.insert(webhookLogs).values(logs);
    const failing = new Map<string, string>();
    for (const log of logs)
      if (log.status === 'failed' && log.integrationId) failing.set(log.integrationId, log.organizationId);
    for (const [integrationId, organizationId] of failing) {
      await disableIfFailing(context, organizationId, integrationId);
    }
  },
};

/**
 * Turns a webhook off (status error + errorMessage) once its latest attempts have all failed for
 * long enough, and tells its creator by e-mail through the outbox, in one transaction.
 */
export async function disableIfFailing(
  context: OutboxContext,
  organizationId: string,
  integrationId: string,
) {
  const [run] = await context.db
    .select({
      failures: sql<number>`count(*)::int`,
      since: sql<string | null>`min(${webhookLogs.createdAt})::text`,
      lastError: sql<
        string | null
      >`(array_agg(${webhookLogs.errorMessage} order by ${webhookLogs.createdAt} desc))[1]`,
    })
    .from(webhookLogs)
    .where(
      and(
        eq(webhookLogs.organizationId, organizationId),
        eq(webhookLogs.integrationId, integrationId),
        eq(webhookLogs.status, 'failed'),
        sql`${webhookLogs.createdAt} > coalesce((
          select max(d.created_at) from webhook_logs d
          where d.organization_id = ${organizationId} and d.integration_id = ${integrationId} and d.status = 'delivered'
        ), '-infinity'::timestamptz)`,
      ),
    );
  if (!run || run.failures < webhookDisableAfterFailures || !run.since) return;
  const afterMs = context.webhookDisableAfterMs ?? defaultWebhookDisableAfterMs;
  if (Date.now() - new Date(run.since).getTime() < afterMs) return;
  const message =
    `Disabled after ${run.failures} failed deliveries in a row (last error: ${run.lastError ?? 'unknown'})`.slice(
      0,
      1000,
    );
  await context.db.transaction(async (tx) => {
    const [disabled] = await tx
      .update(integrations)
      .set({ status: 'error', errorMessage: message, updatedAt: sql`now()` })
      .where(
        and(
          eq(integrations.id, integrationId),
          eq(integrations.organizationId, organizationId),
          eq(integrations.status, 'active'),
        ),
      )
      .returning();
    if (!disabled) return;
    context.log.warn({ integrationId, failures: run.failures }, 'webhook disabled after failed deliveries');
    const creatorId = (disabled.config as Record<string, unknown> | null)?.createdBy;
    if (typeof creatorId !== 'string') return;
    await notifyCreator(tx, context, disabled, creatorId, message);
  });
}

async function notifyCreator(
  tx: Transaction,
  context: OutboxContext,
  webhook: typeof integrations.$inferSelect,
  creatorId: string,
  message: string,
) {
  const [creator] = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(
      and(
        eq(users.id, creatorId),
        eq(users.organizationId, webhook.organizationId),
        eq(users.status, 'active'),
      ),
    )
    .limit(1);
  if (!creator) return;
  const url = String((webhook.config as Record<string, unknown>).url ?? '');
  const link = `${context.appUrl}/integrations`;
  await queuePlatformEmail(tx, context.secrets, {
    to: creator.email,
    organizationId: webhook.organizationId,
    purpose: 'notification',
    subject: `Webhook "${webhook.name}" was disabled`,
    text: [
      `Hi ${creator.firstName},`,
      '',
      `Your webhook "${webhook.name}" (${url}) kept failing and has been turned off.`,
      message,
      '',
      `Fix the receiver, then turn the webhook back on at ${link}. Events that happened while it was off are not sent.`,
    ].join('\n'),
  });
}
