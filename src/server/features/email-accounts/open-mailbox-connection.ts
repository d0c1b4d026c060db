import type { MailOAuthConfig } from '../../config';
import type { Database } from '../../db';
import type { SecretBox } from '../../lib/secret-box';
import { storedConnection } from './account-settings';
import type { EmailAccountRow } from './find-email-account';
import type { MailboxConnection } from './mailbox-connection';
import { freshAccessToken } from './oauth-tokens';

/**
 * How the server reaches a stored mailbox, with its secret opened: the app password, or a fresh
 * OAuth access token (refreshed and stored sealed again when it is about to expire). For the
 * sync engine and for sending from the user's own mailbox (`imapOptionsOf`, `smtpOptionsOf`);
 * the result is for a connection made now, never for an answer or a log.
 */
export async function openMailboxConnection(
  context: { db: Database; secrets: SecretBox; oauth?: MailOAuthConfig },
  account: EmailAccountRow,
): Promise<MailboxConnection> {
  const settings = storedConnection(account);
  if (account.authType === 'oauth') {
    return {
      ...settings,
      email: account.email,
      authType: 'oauth',
      secret: await freshAccessToken(context, account),
    };
  }
  return {
    ...settings,
    email: account.email,
    authType: 'password',
    secret: account.password ? context.secrets.open(account.password) : '',
  };
}
