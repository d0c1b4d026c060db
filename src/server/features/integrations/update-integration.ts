import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type integrationPatchSchema, parseIntegrationConfig } from '../../../common/validation/integrations';
import { integrations } from '../../db/schema/integrations';
import { invalidFields } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import type { ServiceContext } from '../../lib/service-context';
import { recordAuditEvent } from '../audit/record-audit-event';
import { integrationUrl } from './create-integration';
import { getIntegration, lockIntegrationRow } from './find-integration';
import { newWebhookSecret } from './webhook-secret';

/**
 * PATCH /api/integrations/:id. A sent config is checked against the integration's type and
 * replaces the old one, keeping its secret and creator. Turning a disabled (error) integration
 * back on clears its error message.
 */
export async function updateIntegration(
  ctx: ServiceContext,
  id: string,
  input: z.infer<typeof integrationPatchSchema>,
) {
  await ctx.db.transaction(async (tx) => {
    const row = await lockIntegrationRow(tx, ctx.orgId, id);
    const stored = (row.config ?? {}) as Record<string, unknown>;
    let config: Record<string, unknown> | undefined;
    if (input.config !== undefined) {
      const parsed = parseIntegrationConfig(row.type, input.config);
      if (!parsed.success) throw invalidFields(parsed.errors);
      config = { ...parsed.data };
      delete config.secret;
      for (const key of ['secret', 'createdBy']) if (stored[key] !== undefined) config[key] = stored[key];
    }
    await tx
      .update(integrations)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.status !== undefined ? { status: input.status } : {}),
        ...(input.status === 'active' ? { errorMessage: null } : {}),
        ...(config ? { config } : {}),
        ...(input.fieldMappings !== undefined ? { fieldMappings: input.fieldMappings } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(integrations.id, row.id));
    const fields = Object.keys(input).filter((key) => input[key as keyof typeof input] !== undefined);
    await recordAuditEvent(tx, ctx, {
      action: 'integration.updated',
      resource: 'integrations',
      resourceId: row.id,
      details: {
        name: input.name ?? row.name,
        type: row.type,
        fields,
        url: integrationUrl(config ?? stored),
      },
    });
  });
  return getIntegration(ctx, id);
}

/** POST /api/integrations/:id/rotate-secret: a new webhook secret, answered once; the old one stops signing at once. */
export async function rotateWebhookSecret(ctx: ServiceContext, secrets: SecretBox, id: string) {
  const secret = newWebhookSecret();
  await ctx.db.transaction(async (tx) => {
    const row = await lockIntegrationRow(tx, ctx.orgId, id);
    if (row.type !== 'webhook')
      throw invalidFields([{ path: 'type', message: 'Only webhooks have a secret' }]);
    await tx
      .update(integrations)
      .set({
        config: { ...((row.config ?? {}) as Record<string, unknown>), secret: secrets.seal(secret) },
        updatedAt: sql`now()`,
      })
      .where(eq(integrations.id, row.id));
    await recordAuditEvent(tx, ctx, {
      action: 'integration.secret_rotated',
      resource: 'integrations',
      resourceId: row.id,
      details: { name: row.name },
    });
  });
  return { ...(await getIntegration(ctx, id)), secret };
}
