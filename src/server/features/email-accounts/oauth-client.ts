import type { Configuration } from 'openid-client';
import type { MailOAuthConfig, OAuthClientConfig } from '../../config';

/** The mailbox providers that sign in with OAuth2, and the company whose sign-in they use. */
export const oauthProviders = {
  gmail: {
    config: 'google',
    company: 'Google',
    // Full mail access is the only Google scope IMAP and SMTP accept.
    scope: 'openid email profile https://mail.google.com/',
    // A refresh token is given only with offline access and, after the first time, on consent.
    extraParameters: { access_type: 'offline', prompt: 'consent' } as Record<string, string>,
  },
  outlook: {
    config: 'microsoft',
    company: 'Microsoft',
    scope:
      'openid email profile offline_access https://outlook.office.com/IMAP.AccessAsUser.All https://outlook.office.com/SMTP.Send',
    extraParameters: { prompt: 'select_account' } as Record<string, string>,
  },
} as const;

export type OAuthMailProvider = keyof typeof oauthProviders;

export function isOAuthMailProvider(value: string): value is OAuthMailProvider {
  return value === 'gmail' || value === 'outlook';
}

export function oauthClientOf(
  config: MailOAuthConfig,
  provider: OAuthMailProvider,
): OAuthClientConfig | undefined {
  return config[oauthProviders[provider].config];
}

let openIdClient: typeof import('openid-client') | undefined;

/** openid-client, loaded with the first OAuth2 sign-in or token refresh, not with every start (issue 21 §5). */
export async function loadOpenIdClient() {
  openIdClient ??= await import('openid-client');
  return openIdClient;
}

/** Discovery documents, one per issuer and client: fetched once, retried after a failure. */
const discovered = new Map<string, Promise<Configuration>>();

/**
 * The provider's OpenID configuration for our client. An http issuer (a local test server)
 * is allowed only because it can only come from the operator's own environment.
 */
export function providerConfiguration(clientConfig: OAuthClientConfig): Promise<Configuration> {
  const key = `${clientConfig.issuer}\n${clientConfig.clientId}\n${clientConfig.clientSecret}`;
  let configuration = discovered.get(key);
  if (!configuration) {
    const issuer = new URL(clientConfig.issuer);
    configuration = loadOpenIdClient().then((client) =>
      client.discovery(
        issuer,
        clientConfig.clientId,
        clientConfig.clientSecret,
        undefined,
        issuer.protocol === 'http:'
          ? { execute: [client.allowInsecureRequests], timeout: 15 }
          : { timeout: 15 },
      ),
    );
    discovered.set(key, configuration);
    configuration.catch(() => discovered.delete(key));
  }
  return configuration;
}

/** What an OAuth error says, in words a user can act on. */
export function describeOAuthError(error: unknown, company: string): string {
  // An error of openid-client's own can only come after it loaded.
  const client = openIdClient;
  if (client && error instanceof client.ResponseBodyError) {
    return `${company} refused the sign-in: ${error.error_description ?? error.error}`;
  }
  if (client && error instanceof client.AuthorizationResponseError) {
    return error.error === 'access_denied'
      ? `The sign-in with ${company} was cancelled`
      : `${company} refused the sign-in: ${error.error_description ?? error.error}`;
  }
  return `Could not complete the sign-in with ${company}: ${(error as Error)?.message ?? 'unknown error'}`;
}
