import { and, eq } from 'drizzle-orm';
import { type AcceptInvitationInput, invalidLinkMessage } from '../../../common/validation/auth';
import type { Database } from '../../db';
import { users, userTokens } from '../../db/schema/identity';
import { AppError } from '../../lib/app-error';
import type { RequestClient } from '../../lib/service-context';
import { recordAuditEvent } from '../audit/record-audit-event';
import { hashPassword } from './password';
import { findTokenHolder } from './user-tokens';

/**
 * POST /api/auth/accept-invitation: the invited user's own password; the token is used up. The
 * caller then signs them in (a session like a sign-in's).
 */
export async function acceptInvitation(db: Database, input: AcceptInvitationInput, client?: RequestClient) {
  const password = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const holder = await findTokenHolder(tx, input.token, 'invitation', true);
    if (!holder) throw new AppError(400, invalidLinkMessage);
    await tx.update(userTokens).set({ usedAt: new Date() }).where(eq(userTokens.id, holder.tokenId));
    await tx
      .update(users)
      .set({ password, mustChangePassword: false })
      .where(and(eq(users.id, holder.userId), eq(users.organizationId, holder.organizationId)));
    await recordAuditEvent(
      tx,
      { orgId: holder.organizationId, actor: { id: holder.userId }, client },
      { action: 'auth.invitation_accepted', resource: 'users', resourceId: holder.userId, details: null },
    );
    return { id: holder.userId, organizationId: holder.organizationId };
  });
}
