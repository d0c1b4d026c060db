import {
  type CreateEmailAccountInput,
  defaultMailPort,
  defaultSyncFolders,
  mailServerPresets,
} from '../../../common/validation/email';
import { AppError } from '../../lib/app-error';
import type { EmailAccountRow } from './find-email-account';
import type { MailboxConnection } from './mailbox-connection';

/** The connection columns of a mailbox, as stored (password sealed separately). */
export interface ConnectionSettings {
  username: string;
  imapHost: string;
  imapPort: number;
  imapSecurity: MailboxConnection['imapSecurity'];
  smtpHost: string;
  smtpPort: number;
  smtpSecurity: MailboxConnection['smtpSecurity'];
}

type ConnectionInput = Pick<
  CreateEmailAccountInput,
  | 'provider'
  | 'email'
  | 'username'
  | 'imapHost'
  | 'imapPort'
  | 'imapSecurity'
  | 'smtpHost'
  | 'smtpPort'
  | 'smtpSecurity'
>;

/**
 * Fills what the form left out: Gmail's and Outlook's hosts, ports and security from their
 * presets, a port from the security mode, the sign-in name from the address.
 */
export function resolveConnection(input: ConnectionInput): ConnectionSettings {
  const preset = mailServerPresets[input.provider];
  const imapSecurity = input.imapSecurity ?? preset?.imapSecurity ?? 'tls';
  const smtpSecurity = input.smtpSecurity ?? preset?.smtpSecurity ?? 'starttls';
  const imapHost = input.imapHost ?? preset?.imapHost;
  const smtpHost = input.smtpHost ?? preset?.smtpHost;
  // The schema asks an "imap" mailbox for both hosts; this only guards a direct caller.
  if (!imapHost || !smtpHost) throw new AppError(400, 'IMAP and SMTP hosts are required');
  return {
    username: input.username ?? input.email,
    imapHost,
    imapPort:
      input.imapPort ??
      (input.imapHost ? undefined : preset?.imapPort) ??
      defaultMailPort('imap', imapSecurity),
    imapSecurity,
    smtpHost,
    smtpPort:
      input.smtpPort ??
      (input.smtpHost ? undefined : preset?.smtpPort) ??
      defaultMailPort('smtp', smtpSecurity),
    smtpSecurity,
  };
}

/** A stored mailbox's connection settings (null columns: from its provider's preset). */
export function storedConnection(row: EmailAccountRow): ConnectionSettings {
  return resolveConnection({
    provider: row.provider,
    email: row.email,
    username: row.username,
    imapHost: row.imapHost,
    imapPort: row.imapPort,
    imapSecurity: row.imapSecurity,
    smtpHost: row.smtpHost,
    smtpPort: row.smtpPort,
    smtpSecurity: row.smtpSecurity,
  });
}

/** The folders a new mailbox syncs when none are chosen. */
export function foldersOrDefault(folders: string[] | undefined | null): string[] {
  const chosen = (folders ?? []).map((f) => f.trim()).filter(Boolean);
  return chosen.length > 0 ? [...new Set(chosen)] : [...defaultSyncFolders];
}
