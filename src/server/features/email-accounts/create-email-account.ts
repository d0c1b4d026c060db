import { and, eq } from 'drizzle-orm';
import type { CreateEmailAccountInput, TestEmailAccountInput } from '../../../common/validation/email';
import { emailAccounts } from '../../db/schema/email';
import { conflict } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import type { ServiceContext } from '../../lib/service-context';
import { isUniqueViolation } from '../users/user-rules';
import { foldersOrDefault, resolveConnection } from './account-settings';
import { getOwnAccount } from './find-email-account';
import { defaultVerifyTimeoutMs, verifyMailbox } from './mailbox-connection';
import { requestMailboxSync } from '../email-sync/request-mailbox-sync';

export const duplicateAccountMessage = 'This mailbox is already connected';

/** "Test connection": signs in to IMAP and SMTP with what the form holds; nothing is saved. */
export async function testEmailAccount(input: TestEmailAccountInput, timeoutMs = defaultVerifyTimeoutMs) {
  const settings = resolveConnection(input);
  await verifyMailbox(
    { ...settings, email: input.email, secret: input.password, authType: 'password' },
    timeoutMs,
  );
  return { ok: true as const, ...settings };
}

/**
 * Connects a mailbox with an app password: the servers must accept it first (422 in words
 * otherwise, nothing saved); the password is kept sealed, and the first sync is requested in
 * the same transaction as the row.
 */
export async function createEmailAccount(
  ctx: ServiceContext,
  secrets: SecretBox,
  input: CreateEmailAccountInput,
  timeoutMs = defaultVerifyTimeoutMs,
) {
  const email = input.email.toLowerCase();
  const [existing] = await ctx.db
    .select({ id: emailAccounts.id })
    .from(emailAccounts)
    .where(
      and(
        eq(emailAccounts.organizationId, ctx.orgId),
        eq(emailAccounts.userId, ctx.actor.id),
        eq(emailAccounts.email, email),
      ),
    );
  if (existing) throw conflict(duplicateAccountMessage);
  // Verified outside any transaction: the servers may take seconds to answer.
  const settings = await testEmailAccount({ ...input, email }, timeoutMs);
  const id = await ctx.db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(emailAccounts)
        .values({
          organizationId: ctx.orgId,
          userId: ctx.actor.id,
          provider: input.provider,
          authType: 'password',
          email,
          displayName: input.displayName ?? null,
          username: settings.username,
          password: secrets.seal(input.password),
          imapHost: settings.imapHost,
          imapPort: settings.imapPort,
          imapSecurity: settings.imapSecurity,
          smtpHost: settings.smtpHost,
          smtpPort: settings.smtpPort,
          smtpSecurity: settings.smtpSecurity,
          syncEnabled: input.syncEnabled ?? true,
          folderWhitelist: foldersOrDefault(input.folderWhitelist),
          syncDirection: input.syncDirection,
          updatedBy: ctx.actor.id,
        })
        .returning({ id: emailAccounts.id });
      if (input.syncEnabled !== false) {
        await requestMailboxSync(tx, { organizationId: ctx.orgId, accountId: row.id });
      }
      return row.id;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw conflict(duplicateAccountMessage);
      throw error;
    });
  return getOwnAccount(ctx, id);
}
