import { eq } from 'drizzle-orm';
import { systemConfigFields, type UpdateSystemConfigInput } from '../../../common/validation/system-config';
import { systemConfig } from '../../db/schema/platform';
import type { ServiceContext } from '../../lib/service-context';
import { recordAuditEvent } from '../audit/record-audit-event';
import { forgetCachedSystemConfig } from './cached-system-config';
import { getSystemConfig, type SystemConfig } from './get-system-config';

/**
 * Changes the platform's settings. The row is locked while it is read and written, so two super
 * admins' changes apply one after the other and each history entry says what really changed.
 * Nothing changed, nothing recorded.
 */
export async function updateSystemConfig(
  ctx: ServiceContext,
  input: UpdateSystemConfigInput,
): Promise<SystemConfig> {
  const updated = await ctx.db.transaction(async (tx) => {
    const { id } = await getSystemConfig(tx);
    const [current] = await tx.select().from(systemConfig).where(eq(systemConfig.id, id)).for('update');
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const field of systemConfigFields) {
      const to = input[field];
      if (to !== undefined && to !== current[field]) changes[field] = { from: current[field], to };
    }
    if (Object.keys(changes).length === 0) return current;
    const [row] = await tx
      .update(systemConfig)
      .set({
        ...Object.fromEntries(Object.entries(changes).map(([field, { to }]) => [field, to])),
        updatedAt: new Date(),
      })
      .where(eq(systemConfig.id, id))
      .returning();
    // A platform event: it belongs to no organization's log.
    await recordAuditEvent(
      tx,
      { orgId: null, actor: ctx.actor, client: ctx.client },
      { action: 'platform.config_changed', resource: 'system_config', resourceId: id, details: { changes } },
    );
    return row;
  });
  forgetCachedSystemConfig(ctx.db);
  return updated;
}
