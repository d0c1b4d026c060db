import type { WebhookEventType } from '../../../common/validation/integrations';
import type { Database } from '../../db';
import type { ServiceContext } from '../../lib/service-context';
import { emitWebhookEvent } from './emit-webhook-event';

/**
 * Runs a record change and queues its webhook event in one transaction (a savepoint when the
 * caller already holds one, as a versioned PATCH does): the event exists exactly when the change
 * commits. `dataOf` turns the change's answer (the record as the API presents it) into the
 * event's `data`.
 */
export async function withWebhookEvent<T>(
  ctx: ServiceContext,
  type: WebhookEventType,
  change: (ctx: ServiceContext) => Promise<T>,
  dataOf: (result: T) => Record<string, unknown> = (result) => result as Record<string, unknown>,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    const result = await change({ ...ctx, db: tx as unknown as Database });
    await emitWebhookEvent(tx, ctx.orgId, type, dataOf(result));
    return result;
  });
}
