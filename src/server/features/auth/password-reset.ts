import { and, eq, isNull } from 'drizzle-orm';
import type { ResetPasswordInput } from '../../../common/validation/auth';
import { invalidLinkMessage } from '../../../common/validation/auth';
import type { Database } from '../../db';
import { users, userTokens } from '../../db/schema/identity';
import { AppError } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import type { RequestClient } from '../../lib/service-context';
import { recordAuditEvent } from '../audit/record-audit-event';
import { queuePlatformEmail } from '../email/queue-platform-email';
import { hashPassword } from './password';
import { destroyUserSessions } from './session-store';
import { findTokenHolder, hashToken, issueUserToken, newRawToken } from './user-tokens';

export interface LinkOptions {
  secrets: SecretBox;
  appUrl: string;
}

const base = (appUrl: string) => appUrl.replace(/\/+$/, '');

/**
 * POST /api/auth/forgot-password. Nothing in the outcome says whether the address has an
 * account: the caller answers the same message either way, and an unknown address does the
 * same token work (minus the writes) so the timing stays close.
 */
export async function requestPasswordReset(db: Database, email: string, { secrets, appUrl }: LinkOptions) {
  const token = newRawToken();
  hashToken(token);
  const [user] = await db
    .select({
      id: users.id,
      organizationId: users.organizationId,
      firstName: users.firstName,
      email: users.email,
      status: users.status,
    })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  if (!user || user.status !== 'active') return;
  const link = `${base(appUrl)}/auth/reset-password?token=${token}`;
  await db.transaction(async (tx) => {
    await issueUserToken(tx, user, 'password_reset', null, token);
    await queuePlatformEmail(tx, secrets, {
      to: user.email,
      subject: 'Reset your Locus password',
      text: [
        `Hi ${user.firstName},`,
        '',
        'Someone (hopefully you) asked to reset the password of your Locus account.',
        'Choose a new password here (the link works once and expires in 1 hour):',
        '',
        link,
        '',
        "If you didn't ask for this, ignore this e-mail: your password stays as it is.",
      ].join('\n'),
      html: resetHtml(user.firstName, link),
      organizationId: user.organizationId,
      purpose: 'password_reset',
    });
  });
}

const escape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function resetHtml(firstName: string, link: string) {
  return `<p>Hi ${escape(firstName)},</p>
<p>Someone (hopefully you) asked to reset the password of your Locus account.</p>
<p><a href="${escape(link)}">Choose a new password</a></p>
<p>The link works once and expires in 1 hour. If you didn't ask for this, ignore this e-mail: your password stays as it is.</p>`;
}

/**
 * POST /api/auth/reset-password: sets the password, uses the token up, ends every session of the
 * user (whoever had the old password is out) and clears the forced change.
 */
export async function resetPassword(db: Database, input: ResetPasswordInput, client?: RequestClient) {
  // argon2 before the transaction: no lock is held while hashing.
  const password = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const holder = await findTokenHolder(tx, input.token, 'password_reset', true);
    if (!holder) throw new AppError(400, invalidLinkMessage);
    await tx.update(userTokens).set({ usedAt: new Date() }).where(eq(userTokens.id, holder.tokenId));
    await tx
      .update(users)
      .set({ password, mustChangePassword: false })
      .where(and(eq(users.id, holder.userId), eq(users.organizationId, holder.organizationId)));
    await destroyUserSessions(tx, holder.userId);
    // An invited user who chose a password this way has joined: the invitation is done.
    await tx
      .update(userTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(userTokens.userId, holder.userId),
          eq(userTokens.purpose, 'invitation'),
          isNull(userTokens.usedAt),
        ),
      );
    await recordAuditEvent(
      tx,
      { orgId: holder.organizationId, actor: { id: holder.userId }, client },
      { action: 'auth.password_reset_by_link', resource: 'users', resourceId: holder.userId, details: null },
    );
  });
}
