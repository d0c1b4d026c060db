import { and, eq, sql } from 'drizzle-orm';
import { permissionsOfApiKey, resolvePermissions } from '../../../common/permissions';
import type { Database } from '../../db';
import { organizations, teams, users } from '../../db/schema/identity';
import { apiKeys } from '../../db/schema/integrations';
import type { AuthContext } from '../../plugins/session';
import { hashApiKey, isWellFormedApiKey } from './api-key-secret';

/*
 * `Authorization: Bearer <key>` (docs/decisions/034): the key's row, its creator, organization and
 * the creator's active team in one prepared lookup, then one atomic update that counts the call in
 * the key's rate window, stamps lastUsed and adds it to the organization's apiCallsMonth.
 */

export const invalidApiKeyMessage = 'Invalid API key';
export const revokedApiKeyMessage = 'This API key has been revoked';
export const expiredApiKeyMessage = 'This API key has expired';
export const inactiveApiKeyOwnerMessage = "This API key's user or organization is no longer active";
export const apiKeyRateLimitedMessage = 'Too many requests with this API key. Please slow down.';

/** The rate window: API_KEY_RATE_LIMIT calls per key per minute. */
export const apiKeyRateWindowSeconds = 60;

export type ApiKeyAuthentication =
  | { ok: true; auth: AuthContext }
  | { ok: false; status: 401; message: string }
  | { ok: false; status: 429; message: string; retryAfterSeconds: number };

const bearer = /^Bearer\s+(\S+)\s*$/i;

/** The key of an `Authorization: Bearer …` header; undefined when the header is not a Bearer one. */
export function bearerTokenOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  if (!/^Bearer(\s|$)/i.test(header)) return undefined;
  return bearer.exec(header)?.[1] ?? '';
}

export function prepareApiKeyLookup(db: Database) {
  return (
    db
      .select({
        key: {
          id: apiKeys.id,
          permissions: apiKeys.permissions,
          status: apiKeys.status,
          expiresAt: apiKeys.expiresAt,
        },
        user: users,
        organization: organizations,
        teamPermissions: teams.permissions,
      })
      .from(apiKeys)
      // A key whose creator is gone (createdBy set null) or moved elsewhere finds no user: refused.
      .innerJoin(
        users,
        and(eq(users.id, apiKeys.createdBy), eq(users.organizationId, apiKeys.organizationId)),
      )
      .innerJoin(organizations, eq(organizations.id, apiKeys.organizationId))
      .leftJoin(teams, and(eq(teams.id, users.teamId), eq(teams.status, 'active')))
      .where(eq(apiKeys.keyHash, sql.placeholder('keyHash')))
      .limit(1)
      .prepare('locus_load_api_key')
  );
}

export type ApiKeyLookup = ReturnType<typeof prepareApiKeyLookup>;

export async function authenticateApiKey(
  db: Database,
  lookup: ApiKeyLookup,
  presented: string,
  rateLimit: number,
): Promise<ApiKeyAuthentication> {
  if (!isWellFormedApiKey(presented)) return { ok: false, status: 401, message: invalidApiKeyMessage };
  const [row] = await lookup.execute({ keyHash: hashApiKey(presented) });
  if (!row) return { ok: false, status: 401, message: invalidApiKeyMessage };
  if (row.key.status !== 'active') return { ok: false, status: 401, message: revokedApiKeyMessage };
  if (row.key.expiresAt && row.key.expiresAt.getTime() <= Date.now()) {
    return { ok: false, status: 401, message: expiredApiKeyMessage };
  }
  if (row.user.status !== 'active' || row.organization.status !== 'active') {
    return { ok: false, status: 401, message: inactiveApiKeyOwnerMessage };
  }
  const counted = await countApiKeyCall(db, row.key.id, rateLimit);
  if (counted.limited) {
    return {
      ok: false,
      status: 429,
      message: apiKeyRateLimitedMessage,
      retryAfterSeconds: counted.retryAfterSeconds,
    };
  }
  const creator = resolvePermissions(row.user.role, row.teamPermissions, row.user.permissions);
  return {
    ok: true,
    auth: {
      // Not a session: nothing to end, and "end my other sessions" spares nothing by it.
      sessionId: `api-key:${row.key.id}`,
      user: row.user,
      organization: row.organization,
      permissions: permissionsOfApiKey(creator, row.key.permissions),
      isSuperAdmin: false,
      apiKeyId: row.key.id,
      apiKeyLevels: row.key.permissions,
    },
  };
}

/**
 * One statement, so concurrent calls of one key queue on its row and each sees the count the one
 * before left (a fixed one-minute window). Only calls within the limit count into the
 * organization's apiCallsMonth, which starts again at 1 in a new (UTC) month.
 */
async function countApiKeyCall(
  db: Database,
  keyId: string,
  limit: number,
): Promise<{ limited: false } | { limited: true; retryAfterSeconds: number }> {
  const window = sql.raw(`interval '${apiKeyRateWindowSeconds} seconds'`);
  const month = sql`date_trunc('month', now() at time zone 'UTC')::date`;
  const result = (await db.execute(sql`
    with hit as (
      update api_keys set
        rate_window_start = case
          when rate_window_start is null or rate_window_start <= now() - ${window} then now()
          else rate_window_start end,
        rate_window_count = case
          when rate_window_start is null or rate_window_start <= now() - ${window} then 1
          else rate_window_count + 1 end,
        last_used = now()
      where id = ${keyId}
      returning organization_id, rate_window_start, rate_window_count
    ), counted as (
      update organizations set
        api_calls_month = case when api_calls_month_start = ${month} then api_calls_month + 1 else 1 end,
        api_calls_month_start = ${month}
      from hit
      where organizations.id = hit.organization_id and hit.rate_window_count <= ${limit}
      returning organizations.id
    )
    select rate_window_count as "count",
      ceil(extract(epoch from (rate_window_start + ${window} - now())))::int as "retryAfter"
    from hit
  `)) as unknown as { rows: { count: number; retryAfter: number }[] };
  const [hit] = result.rows;
  if (!hit || Number(hit.count) <= limit) return { limited: false };
  // A call that waited on the row lock reads a window another call opened after its own `now()`:
  // its wait would come out a second longer than the window itself, so it is held to the window.
  const retryAfterSeconds = Math.min(apiKeyRateWindowSeconds, Math.max(1, Number(hit.retryAfter)));
  return { limited: true, retryAfterSeconds };
}
