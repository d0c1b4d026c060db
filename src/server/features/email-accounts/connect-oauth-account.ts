import { and, eq } from 'drizzle-orm';
import { mailServerPresets } from '../../../common/validation/email';
import type { MailOAuthConfig } from '../../config';
import { emailAccounts } from '../../db/schema/email';
import type { SecretBox } from '../../lib/secret-box';
import type { ServiceContext } from '../../lib/service-context';
import { foldersOrDefault } from './account-settings';
import {
  describeOAuthError,
  loadOpenIdClient,
  type OAuthMailProvider,
  oauthClientOf,
  oauthProviders,
  providerConfiguration,
} from './oauth-client';
import { requestMailboxSync } from '../email-sync/request-mailbox-sync';

/** The cookie carrying a sign-in's state and PKCE verifier (sealed) from start to callback. */
export const oauthCookieName = 'locus_mail_oauth';
export const oauthCookiePath = '/api/email-accounts/oauth';
/** How long a user may spend at the provider's sign-in page. */
export const oauthFlowMaxAgeMs = 10 * 60 * 1000;

interface PendingSignIn {
  provider: OAuthMailProvider;
  state: string;
  verifier: string;
  nonce: string;
  /** The session and user that started it: a callback in any other session is refused. */
  sessionId: string;
  userId: string;
  expiresAt: number;
}

export class OAuthFlowError extends Error {}

export function callbackUrlOf(appUrl: string, provider: OAuthMailProvider) {
  return `${appUrl}/api/email-accounts/oauth/${provider}/callback`;
}

/** Which providers this server can sign in with (their client ids are set). */
export function configuredProviders(config: MailOAuthConfig) {
  return { gmail: Boolean(config.google), outlook: Boolean(config.microsoft) };
}

/**
 * The provider's authorization URL (PKCE S256, state and nonce), and the sealed cookie value
 * binding this sign-in to the caller's session.
 */
export async function startOAuthSignIn(
  ctx: ServiceContext,
  { secrets, config, appUrl }: { secrets: SecretBox; config: MailOAuthConfig; appUrl: string },
  provider: OAuthMailProvider,
) {
  const clientConfig = oauthClientOf(config, provider);
  const company = oauthProviders[provider].company;
  if (!clientConfig) throw new OAuthFlowError(`Sign-in with ${company} is not configured on this server`);
  const configuration = await providerConfiguration(clientConfig).catch((error: unknown) => {
    throw new OAuthFlowError(describeOAuthError(error, company));
  });
  const client = await loadOpenIdClient();
  const pending: PendingSignIn = {
    provider,
    state: client.randomState(),
    verifier: client.randomPKCECodeVerifier(),
    nonce: client.randomNonce(),
    sessionId: ctx.actor.sessionId,
    userId: ctx.actor.id,
    expiresAt: Date.now() + oauthFlowMaxAgeMs,
  };
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: callbackUrlOf(appUrl, provider),
    scope: oauthProviders[provider].scope,
    code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
    code_challenge_method: 'S256',
    state: pending.state,
    nonce: pending.nonce,
    ...oauthProviders[provider].extraParameters,
  });
  return { url: url.href, cookie: secrets.seal(JSON.stringify(pending)) };
}

/**
 * The provider's redirect back: the state must match the sign-in this session started; the
 * code is exchanged (with the PKCE verifier), the address read from the ID token, the tokens
 * sealed into the mailbox (new, or reconnected), and its first sync requested.
 */
export async function completeOAuthSignIn(
  ctx: ServiceContext,
  { secrets, config, appUrl }: { secrets: SecretBox; config: MailOAuthConfig; appUrl: string },
  provider: OAuthMailProvider,
  { cookie, query }: { cookie: string | undefined; query: Record<string, string | undefined> },
) {
  const company = oauthProviders[provider].company;
  const clientConfig = oauthClientOf(config, provider);
  if (!clientConfig) throw new OAuthFlowError(`Sign-in with ${company} is not configured on this server`);
  if (query.error) {
    throw new OAuthFlowError(
      query.error === 'access_denied'
        ? `The sign-in with ${company} was cancelled`
        : `${company} refused the sign-in: ${(query.error_description ?? query.error).slice(0, 300)}`,
    );
  }
  const pending = openPending(secrets, cookie);
  if (
    !pending ||
    pending.provider !== provider ||
    pending.sessionId !== ctx.actor.sessionId ||
    pending.userId !== ctx.actor.id ||
    pending.expiresAt < Date.now() ||
    pending.state !== query.state
  ) {
    throw new OAuthFlowError(`The sign-in with ${company} expired or was started elsewhere; try again`);
  }
  const callback = new URL(callbackUrlOf(appUrl, provider));
  for (const [key, value] of Object.entries(query))
    if (value !== undefined) callback.searchParams.set(key, value);
  const client = await loadOpenIdClient();
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    const configuration = await providerConfiguration(clientConfig);
    tokens = await client.authorizationCodeGrant(configuration, callback, {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    throw new OAuthFlowError(describeOAuthError(error, company));
  }
  const claims = tokens.claims();
  const address = [claims?.email, claims?.preferred_username].find(
    (value): value is string => typeof value === 'string' && /^[^\s@]+@[^\s@]+$/.test(value),
  );
  if (!address) throw new OAuthFlowError(`${company} did not tell us the mailbox's address; try again`);
  if (!tokens.refresh_token) {
    throw new OAuthFlowError(
      `${company} did not grant offline access; remove Locus from your account's apps and try again`,
    );
  }
  const email = address.toLowerCase().slice(0, 254);
  const displayName = typeof claims?.name === 'string' ? claims.name.slice(0, 255) : null;
  const preset = mailServerPresets[provider];
  const sealed = {
    authType: 'oauth' as const,
    accessToken: secrets.seal(tokens.access_token),
    refreshToken: secrets.seal(tokens.refresh_token),
    tokenExpiry: new Date(Date.now() + (tokens.expires_in ?? 3600) * 1000),
    password: null,
    username: email,
    ...preset,
    syncStatus: 'idle' as const,
    lastError: null,
    lastErrorAt: null,
    updatedBy: ctx.actor.id,
  };
  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: emailAccounts.id, syncEnabled: emailAccounts.syncEnabled })
      .from(emailAccounts)
      .where(
        and(
          eq(emailAccounts.organizationId, ctx.orgId),
          eq(emailAccounts.userId, ctx.actor.id),
          eq(emailAccounts.email, email),
        ),
      )
      .for('update');
    let accountId: string;
    if (existing) {
      // Reconnecting: the same mailbox with new tokens; its mail and settings stay.
      await tx
        .update(emailAccounts)
        .set({ ...sealed, provider })
        .where(and(eq(emailAccounts.organizationId, ctx.orgId), eq(emailAccounts.id, existing.id)));
      accountId = existing.id;
    } else {
      const [row] = await tx
        .insert(emailAccounts)
        .values({
          organizationId: ctx.orgId,
          userId: ctx.actor.id,
          provider,
          email,
          displayName,
          folderWhitelist: foldersOrDefault(null),
          ...sealed,
        })
        .returning({ id: emailAccounts.id });
      accountId = row.id;
    }
    if (!existing || existing.syncEnabled) {
      await requestMailboxSync(tx, { organizationId: ctx.orgId, accountId });
    }
    return { accountId, email, reconnected: Boolean(existing) };
  });
}

function openPending(secrets: SecretBox, cookie: string | undefined): PendingSignIn | null {
  if (!cookie) return null;
  try {
    return JSON.parse(secrets.open(cookie)) as PendingSignIn;
  } catch {
    return null;
  }
}
