import { and, eq } from 'drizzle-orm';
import type { TokenEndpointResponse } from 'openid-client';
import { type MailOAuthConfig, readMailOAuthConfig } from '../../config';
import type { Database } from '../../db';
import { emailAccounts } from '../../db/schema/email';
import type { SecretBox } from '../../lib/secret-box';
import {
  isOAuthMailProvider,
  loadOpenIdClient,
  oauthClientOf,
  oauthProviders,
  providerConfiguration,
} from './oauth-client';

/** A token expiring within this long is refreshed first: a sync or a send can take that long to start. */
export const refreshMarginMs = 60_000;

/** The provider no longer accepts the mailbox's grant: only the user signing in again helps. */
export class MailboxReconnectRequiredError extends Error {
  readonly reconnectRequired = true;
}

export function reconnectMessage(company: string) {
  return `${company} no longer accepts this connection; reconnect the mailbox`;
}

/**
 * An OAuth mailbox's access token for IMAP/SMTP, refreshed through its provider (refresh_token
 * grant) when it expires within a minute, and stored sealed again. The token is for the server's
 * own connections: it never goes into an answer or a log. When the provider refuses the refresh
 * token (invalid_grant: revoked, expired, password changed) the mailbox is marked in error with
 * a message saying to reconnect it, and MailboxReconnectRequiredError is thrown.
 */
export async function freshAccessToken(
  context: { db: Database; secrets: SecretBox; oauth?: MailOAuthConfig },
  account: typeof emailAccounts.$inferSelect,
  now = new Date(),
): Promise<string> {
  if (account.authType !== 'oauth' || !isOAuthMailProvider(account.provider)) {
    throw new Error('This mailbox does not sign in with OAuth2');
  }
  const { secrets, db } = context;
  const expiresAt = account.tokenExpiry ? new Date(account.tokenExpiry).getTime() : 0;
  if (account.accessToken && expiresAt - now.getTime() > refreshMarginMs) {
    return secrets.open(account.accessToken);
  }
  const provider = oauthProviders[account.provider];
  const clientConfig = oauthClientOf(context.oauth ?? readMailOAuthConfig(), account.provider);
  if (!clientConfig) throw new Error(`Sign-in with ${provider.company} is not configured on this server`);
  if (!account.refreshToken) return markReconnect(db, account, provider.company);
  const client = await loadOpenIdClient();
  let tokens: TokenEndpointResponse;
  try {
    const configuration = await providerConfiguration(clientConfig);
    tokens = await client.refreshTokenGrant(configuration, secrets.open(account.refreshToken));
  } catch (error) {
    if (error instanceof client.ResponseBodyError && error.error === 'invalid_grant') {
      return markReconnect(db, account, provider.company);
    }
    throw error;
  }
  const expiry = new Date(Date.now() + (tokens.expires_in ?? 3600) * 1000);
  await db
    .update(emailAccounts)
    .set({
      accessToken: secrets.seal(tokens.access_token),
      // Microsoft rotates refresh tokens; Google keeps the first one.
      ...(tokens.refresh_token ? { refreshToken: secrets.seal(tokens.refresh_token) } : {}),
      tokenExpiry: expiry,
    })
    .where(and(eq(emailAccounts.organizationId, account.organizationId), eq(emailAccounts.id, account.id)));
  return tokens.access_token;
}

async function markReconnect(
  db: Database,
  account: typeof emailAccounts.$inferSelect,
  company: string,
): Promise<never> {
  const message = reconnectMessage(company);
  await db
    .update(emailAccounts)
    .set({ syncStatus: 'error', lastError: message, lastErrorAt: new Date() })
    .where(and(eq(emailAccounts.organizationId, account.organizationId), eq(emailAccounts.id, account.id)));
  throw new MailboxReconnectRequiredError(message);
}
