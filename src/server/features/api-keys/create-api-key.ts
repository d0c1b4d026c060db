import type { CreateApiKeyRequest } from '../../../common/validation/api-keys';
import { integrations } from '../../db/schema/integrations';
import { apiKeys } from '../../db/schema/integrations';
import { assertInOrganization } from '../../lib/tenant-scope';
import type { ServiceContext } from '../../lib/service-context';
import { recordAuditEvent } from '../audit/record-audit-event';
import { generateApiKeySecret } from './api-key-secret';
import { getApiKey } from './api-key-rows';

export const integrationNotFoundMessage = 'Integration not found';

/**
 * A new key for the caller, in the caller's organization. The answer is the only time the secret
 * (`key`) is ever seen: only its SHA-256 is stored. Audited in the same transaction.
 */
export async function createApiKey(ctx: ServiceContext, input: CreateApiKeyRequest) {
  if (input.integrationId) {
    await assertInOrganization(
      ctx.db,
      ctx.orgId,
      integrations,
      input.integrationId,
      integrationNotFoundMessage,
    );
  }
  const secret = generateApiKeySecret();
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({
        organizationId: ctx.orgId,
        integrationId: input.integrationId ?? null,
        name: input.name,
        keyHash: secret.keyHash,
        keyPrefix: secret.keyPrefix,
        permissions: input.permissions,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
        createdBy: ctx.actor.id,
      })
      .returning({ id: apiKeys.id });
    await recordAuditEvent(tx, ctx, {
      action: 'api_key.created',
      resource: 'api_keys',
      resourceId: row.id,
      details: {
        name: input.name,
        keyPrefix: secret.keyPrefix,
        levels: input.permissions,
        expiresAt: input.expiresAt ?? null,
      },
    });
    return row.id;
  });
  return { ...(await getApiKey(ctx, id)), key: secret.key };
}
