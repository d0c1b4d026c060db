import type { Database } from '../../db';
import type { emailAccounts } from '../../db/schema/email';
import type { SecretBox } from '../../lib/secret-box';

/**
 * SCAFFOLD (replaced by the mailbox helper): an OAuth mailbox's access token, refreshed through
 * its provider when it has expired, and stored sealed again.
 */
export async function freshAccessToken(
  _context: { db: Database; secrets: SecretBox },
  _account: typeof emailAccounts.$inferSelect,
): Promise<string> {
  throw new Error('OAuth mailboxes are not available yet');
}
