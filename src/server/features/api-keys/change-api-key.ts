import { eq } from 'drizzle-orm';
import type { UpdateApiKeyInput } from '../../../common/validation/api-keys';
import { apiKeys } from '../../db/schema/integrations';
import type { ServiceContext } from '../../lib/service-context';
import { recordAuditEvent } from '../audit/record-audit-event';
import { getApiKey, lockApiKey } from './api-key-rows';

/** Renames a key (its levels and secret never change: make a new key instead). */
export async function renameApiKey(ctx: ServiceContext, id: string, input: UpdateApiKeyInput) {
  await ctx.db.transaction(async (tx) => {
    await lockApiKey({ ...ctx, db: tx }, id);
    await tx.update(apiKeys).set({ name: input.name, updatedAt: new Date() }).where(eq(apiKeys.id, id));
  });
  return getApiKey(ctx, id);
}

/** Stops a key at once (its next call answers 401); revoking a revoked key changes nothing. */
export async function revokeApiKey(ctx: ServiceContext, id: string) {
  await ctx.db.transaction(async (tx) => {
    const row = await lockApiKey({ ...ctx, db: tx }, id);
    if (row.status === 'revoked') return;
    const now = new Date();
    await tx
      .update(apiKeys)
      .set({ status: 'revoked', revokedAt: now, updatedAt: now })
      .where(eq(apiKeys.id, id));
    await recordAuditEvent(tx, ctx, {
      action: 'api_key.revoked',
      resource: 'api_keys',
      resourceId: id,
      details: { name: row.name, keyPrefix: row.keyPrefix },
    });
  });
  return getApiKey(ctx, id);
}

/** Removes a key for good (a revoked one included); the audit log keeps its name and prefix. */
export async function deleteApiKey(ctx: ServiceContext, id: string) {
  await ctx.db.transaction(async (tx) => {
    const row = await lockApiKey({ ...ctx, db: tx }, id);
    await tx.delete(apiKeys).where(eq(apiKeys.id, id));
    await recordAuditEvent(tx, ctx, {
      action: 'api_key.deleted',
      resource: 'api_keys',
      resourceId: id,
      details: { name: row.name, keyPrefix: row.keyPrefix },
    });
  });
}
