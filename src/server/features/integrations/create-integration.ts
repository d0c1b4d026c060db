import type { z } from 'zod';
import { type integrationInputSchema, parseIntegrationConfig } from '../../../common/validation/integrations';
import { invalidFields } from '../../lib/app-error';
import { recordAuditEvent } from '../audit/record-audit-event';
import { integrations } from '../../db/schema/integrations';
import type { SecretBox } from '../../lib/secret-box';
import type { ServiceContext } from '../../lib/service-context';
import { presentIntegration } from './present-integration';
import { newWebhookSecret } from './webhook-secret';

/**
 * POST /api/integrations. A webhook gets a signing secret made here, sealed into its config and
 * answered once as `secret`; the creator is kept in config to be told when it is disabled.
 */
export async function createIntegration(
  ctx: ServiceContext,
  secrets: SecretBox,
  input: z.infer<typeof integrationInputSchema>,
) {
  const secret = input.type === 'webhook' ? newWebhookSecret() : undefined;
  // The type's own rule again, for its parsed form (defaults filled, unknown keys dropped).
  const parsed = parseIntegrationConfig(input.type, input.config ?? {});
  if (!parsed.success) throw invalidFields(parsed.errors);
  const config: Record<string, unknown> = { ...parsed.data, createdBy: ctx.actor.id };
  if (secret) config.secret = secrets.seal(secret);
  else delete config.secret;
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(integrations)
      .values({
        organizationId: ctx.orgId,
        name: input.name,
        type: input.type,
        status: input.status,
        config,
        fieldMappings: input.fieldMappings ?? null,
      })
      .returning();
    await recordAuditEvent(tx, ctx, {
      action: 'integration.created',
      resource: 'integrations',
      resourceId: created.id,
      details: { name: created.name, type: created.type, url: integrationUrl(created.config) },
    });
    return created;
  });
  return secret ? { ...presentIntegration(row), secret } : presentIntegration(row);
}

/** Where a webhook sends, or a polling integration reads (for the audit log). */
export function integrationUrl(config: unknown): string | null {
  const url = (config as { url?: unknown } | null)?.url;
  return typeof url === 'string' ? url : null;
}
