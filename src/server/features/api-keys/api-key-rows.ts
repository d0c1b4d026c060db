import { and, desc, eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema/identity';
import { apiKeys } from '../../db/schema/integrations';
import { notFound } from '../../lib/app-error';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { rowInOrganization } from '../../lib/tenant-scope';

/*
 * What /api/api-keys answers about a key: everything but its hash. The secret itself exists only
 * in the answer to POST (create-api-key.ts); keyPrefix is what tells keys apart afterwards.
 */

export const apiKeyNotFoundMessage = 'API key not found';

export type ApiKeyStatus = 'active' | 'revoked' | 'expired';

const fields = {
  id: apiKeys.id,
  name: apiKeys.name,
  keyPrefix: apiKeys.keyPrefix,
  permissions: apiKeys.permissions,
  integrationId: apiKeys.integrationId,
  lastUsed: apiKeys.lastUsed,
  expiresAt: apiKeys.expiresAt,
  storedStatus: apiKeys.status,
  revokedAt: apiKeys.revokedAt,
  createdBy: apiKeys.createdBy,
  createdByName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
  createdAt: apiKeys.createdAt,
  updatedAt: apiKeys.updatedAt,
};

function selectKeys(ctx: ServiceContext) {
  return ctx.db.select(fields).from(apiKeys).leftJoin(users, eq(users.id, apiKeys.createdBy));
}

type ApiKeyRow = Awaited<ReturnType<typeof selectKeys>>[number];

/** A revoked key says so; an active one past its expiry is `expired` (it no longer authenticates). */
export function presentApiKey({ storedStatus, ...row }: ApiKeyRow, now = Date.now()) {
  let status: ApiKeyStatus = storedStatus === 'revoked' ? 'revoked' : 'active';
  if (status === 'active' && row.expiresAt && row.expiresAt.getTime() <= now) status = 'expired';
  return { ...row, status };
}

export type PresentedApiKey = ReturnType<typeof presentApiKey>;

export async function listApiKeys(ctx: ServiceContext) {
  const rows = await selectKeys(ctx)
    .where(eq(apiKeys.organizationId, ctx.orgId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  const items = rows.map((row) => presentApiKey(row));
  return { items, nextCursor: null, total: items.length };
}

export async function getApiKey(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(apiKeyNotFoundMessage);
  const [row] = await selectKeys(ctx)
    .where(rowInOrganization(apiKeys, ctx.orgId, id))
    .limit(1);
  if (!row) throw notFound(apiKeyNotFoundMessage);
  return presentApiKey(row);
}

/** The key's row for a change, locked in the caller's transaction; 404 for a foreign or unknown id. */
export async function lockApiKey(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(apiKeyNotFoundMessage);
  const [row] = await ctx.db
    .select({ id: apiKeys.id, name: apiKeys.name, keyPrefix: apiKeys.keyPrefix, status: apiKeys.status })
    .from(apiKeys)
    .where(and(rowInOrganization(apiKeys, ctx.orgId, id)))
    .for('update')
    .limit(1);
  if (!row) throw notFound(apiKeyNotFoundMessage);
  return row;
}
