import { eq } from 'drizzle-orm';
import type { UpdateEmailAccountInput } from '../../../common/validation/email';
import { emailAccounts } from '../../db/schema/email';
import { AppError, conflict } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import type { ServiceContext } from '../../lib/service-context';
import { isUniqueViolation } from '../users/user-rules';
import {
  type ConnectionSettings,
  foldersOrDefault,
  resolveConnection,
  storedConnection,
} from './account-settings';
import { duplicateAccountMessage } from './create-email-account';
import { type EmailAccountRow, getOwnAccountRow, ownAccounts } from './find-email-account';
import { defaultVerifyTimeoutMs, verifyMailbox } from './mailbox-connection';

const connectionKeys = [
  'provider',
  'email',
  'username',
  'password',
  'imapHost',
  'imapPort',
  'imapSecurity',
  'smtpHost',
  'smtpPort',
  'smtpSecurity',
] as const;

export const oauthConnectionMessage =
  'This mailbox signs in with Google or Microsoft: reconnect it to change how it connects';

/** The checked changes of a PATCH, ready to write (connection verified, password sealed). */
export type PreparedAccountUpdate = Partial<typeof emailAccounts.$inferInsert>;

/**
 * Checks a PATCH before its transaction: changed connection settings are verified against the
 * servers (422 in words when refused) here, outside the row lock, since servers take seconds.
 */
export async function prepareEmailAccountUpdate(
  ctx: ServiceContext,
  secrets: SecretBox,
  id: string,
  input: UpdateEmailAccountInput,
  timeoutMs = defaultVerifyTimeoutMs,
): Promise<PreparedAccountUpdate> {
  const row = await getOwnAccountRow(ctx, id);
  const changes: PreparedAccountUpdate = {};
  if (input.displayName !== undefined) changes.displayName = input.displayName;
  if (input.syncEnabled !== undefined) changes.syncEnabled = input.syncEnabled;
  if (input.syncDirection !== undefined) changes.syncDirection = input.syncDirection;
  if (input.folderWhitelist !== undefined) changes.folderWhitelist = foldersOrDefault(input.folderWhitelist);
  const touchesConnection = connectionKeys.some(
    (key) => input[key] !== undefined && input[key] !== valueOf(row, key),
  );
  if (!touchesConnection) return changes;
  if (row.authType === 'oauth') throw new AppError(400, oauthConnectionMessage);
  const settings = mergedSettings(row, input);
  const password = input.password ?? (row.password ? secrets.open(row.password) : '');
  await verifyMailbox(
    { ...settings, email: input.email ?? row.email, secret: password, authType: 'password' },
    timeoutMs,
  );
  return {
    ...changes,
    ...settings,
    ...(input.provider !== undefined && { provider: input.provider }),
    ...(input.email !== undefined && { email: input.email.toLowerCase() }),
    ...(input.password !== undefined && { password: secrets.seal(input.password) }),
    // The servers accept the mailbox again: an old error no longer describes it.
    syncStatus: row.syncStatus === 'error' ? 'idle' : row.syncStatus,
    lastError: null,
    lastErrorAt: null,
  };
}

/** Writes a prepared PATCH inside the versioned update's transaction. */
export async function applyEmailAccountUpdate(
  ctx: ServiceContext,
  id: string,
  changes: PreparedAccountUpdate,
) {
  await getOwnAccountRow(ctx, id);
  if (Object.keys(changes).length === 0) return;
  try {
    await ctx.db
      .update(emailAccounts)
      .set(changes)
      .where(ownAccounts(ctx, eq(emailAccounts.id, id)));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(duplicateAccountMessage);
    throw error;
  }
}

function valueOf(row: EmailAccountRow, key: (typeof connectionKeys)[number]) {
  // A password is never compared: sending one means "use this one".
  return key === 'password' ? undefined : row[key];
}

/** The stored settings with the PATCH's over them; a changed provider brings its own preset. */
function mergedSettings(row: EmailAccountRow, input: UpdateEmailAccountInput): ConnectionSettings {
  const stored = storedConnection(row);
  const providerChanged = input.provider !== undefined && input.provider !== row.provider;
  const base: Partial<ConnectionSettings> = providerChanged ? {} : stored;
  return resolveConnection({
    provider: input.provider ?? row.provider,
    email: input.email ?? row.email,
    username: input.username ?? (input.email !== undefined ? undefined : stored.username),
    imapHost: input.imapHost ?? base.imapHost,
    imapPort: input.imapPort ?? (input.imapHost !== undefined ? undefined : base.imapPort),
    imapSecurity: input.imapSecurity ?? base.imapSecurity,
    smtpHost: input.smtpHost ?? base.smtpHost,
    smtpPort: input.smtpPort ?? (input.smtpHost !== undefined ? undefined : base.smtpPort),
    smtpSecurity: input.smtpSecurity ?? base.smtpSecurity,
  });
}
