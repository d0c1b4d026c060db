import { and, eq, isNull } from 'drizzle-orm';
import type { InviteUserInput } from '../../../common/validation/users';
import type { Database } from '../../db';
import type { Transaction } from '../../lib/transaction';
import { organizations, users, userTokens } from '../../db/schema/identity';
import { conflict, notFound } from '../../lib/app-error';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { LinkOptions } from '../auth/password-reset';
import { issueUserToken, newRawToken } from '../auth/user-tokens';
import { queuePlatformEmail } from '../email/queue-platform-email';
import { createUser } from './create-user';
import { invitationPendingOf } from './present-user';

export const userNotFoundMessage = 'User not found';
export const alreadyJoinedMessage = 'This user has already accepted their invitation';

/**
 * POST /api/users/invitations: creates the user through createUser (same permission, escalation
 * and seat rules) with a random password nobody knows, and queues the invitation in the same
 * transaction: the user exists exactly when their invitation is on its way.
 */
export async function inviteUser(ctx: ServiceContext, input: InviteUserInput, links: LinkOptions) {
  const user = await createUser(
    ctx,
    { ...input, status: 'active', password: newRawToken() },
    {
      mustChangePassword: false,
      afterCreate: (tx, created) => sendInvitation(tx, ctx, created, links, false),
    },
  );
  return { ...user, invitationPending: true };
}

/** POST /api/users/:id/invitations: a new link; the earlier ones stop working. */
export async function resendInvitation(ctx: ServiceContext, userId: string, links: LinkOptions) {
  if (!isUuid(userId)) throw notFound(userNotFoundMessage);
  await ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .select({
        id: users.id,
        organizationId: users.organizationId,
        email: users.email,
        firstName: users.firstName,
        status: users.status,
        pending: invitationPendingOf(),
      })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.organizationId, ctx.orgId)))
      .for('update', { of: users });
    if (!user) throw notFound(userNotFoundMessage);
    if (!user.pending) throw conflict(alreadyJoinedMessage);
    await sendInvitation(tx, ctx, user, links, true);
  });
}

async function sendInvitation(
  tx: Transaction,
  ctx: ServiceContext,
  user: { id: string; email: string; firstName: string },
  { secrets, appUrl }: LinkOptions,
  resent: boolean,
) {
  const [org] = await tx
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, ctx.orgId));
  const [inviter] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, ctx.actor.id));
  const inviterName = inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() : 'Your administrator';
  const token = await issueUserToken(
    tx,
    { id: user.id, organizationId: ctx.orgId },
    'invitation',
    ctx.actor.id,
  );
  const link = `${appUrl.replace(/\/+$/, '')}/auth/accept-invitation?token=${token}`;
  const orgName = org?.name ?? 'Locus';
  await queuePlatformEmail(tx, secrets, {
    to: user.email,
    subject: `${inviterName} invited you to ${orgName} on Locus`,
    text: [
      `Hi ${user.firstName},`,
      '',
      `${inviterName} invited you to join ${orgName} on Locus, the CRM your team uses.`,
      'Choose your password to get started (the link expires in 7 days):',
      '',
      link,
    ].join('\n'),
    html: `<p>Hi ${escape(user.firstName)},</p>
<p>${escape(inviterName)} invited you to join <strong>${escape(orgName)}</strong> on Locus, the CRM your team uses.</p>
<p><a href="${escape(link)}">Accept the invitation and choose your password</a></p>
<p>The link expires in 7 days.</p>`,
    organizationId: ctx.orgId,
    purpose: 'invitation',
  });
  await recordAuditEvent(tx, ctx, {
    action: 'user.invited',
    resource: 'users',
    resourceId: user.id,
    details: { email: user.email, resent },
  });
}

const escape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Marks the user's invitation tokens used once they have joined another way (not used yet). */
export async function closeInvitations(tx: Database, userId: string) {
  await tx
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(
      and(eq(userTokens.userId, userId), eq(userTokens.purpose, 'invitation'), isNull(userTokens.usedAt)),
    );
}
