import { eq } from 'drizzle-orm';
import type { Database } from '../../db';
import { users } from '../../db/schema/identity';
import type { RequestClient } from '../../lib/service-context';
import { recordAuditEvent } from './record-audit-event';

/**
 * A failed sign-in changes nothing else, so it is written in a short transaction of its own. The
 * row belongs to the account's organization when the e-mail names one (so its admins see guesses
 * at their users' passwords), else to no organization.
 */
export async function recordSignInFailure(db: Database, client: RequestClient, email: string) {
  const address = email.trim().toLowerCase();
  await db.transaction(async (tx) => {
    const [account] = await tx
      .select({ id: users.id, organizationId: users.organizationId })
      .from(users)
      .where(eq(users.email, address))
      .limit(1);
    await recordAuditEvent(
      tx,
      { orgId: account?.organizationId ?? null, actor: account ? { id: account.id } : null, client },
      {
        action: 'auth.sign_in_failed',
        resource: 'users',
        resourceId: account?.id ?? null,
        details: { email: address },
      },
    );
  });
}

/** Sign-in and sign-out, written in the transaction that starts or ends the session. */
export function recordSessionEvent(
  action: 'auth.sign_in' | 'auth.sign_out',
  user: { id: string; organizationId: string },
  client: RequestClient,
) {
  return (tx: Database) =>
    recordAuditEvent(
      tx,
      { orgId: user.organizationId, actor: { id: user.id }, client },
      { action, resource: 'users', resourceId: user.id, details: null },
    );
}
