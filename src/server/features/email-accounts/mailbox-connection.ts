import type { ImapFlowOptions } from 'imapflow';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { mailSecurityModes } from '../../../common/allowed-values';
import { AppError } from '../../lib/app-error';

type Security = (typeof mailSecurityModes)[number];

/** Everything needed to reach a mailbox's servers, with its secret open (never stored so). */
export interface MailboxConnection {
  email: string;
  username: string;
  imapHost: string;
  imapPort: number;
  imapSecurity: Security;
  smtpHost: string;
  smtpPort: number;
  smtpSecurity: Security;
  /** An app password, or an OAuth2 access token when `authType` is 'oauth'. */
  secret: string;
  authType: 'password' | 'oauth';
}

/** How long connecting, greeting and each answer may take while a mailbox is being checked. */
export const defaultVerifyTimeoutMs = 15_000;

/** imapflow options for a mailbox (the sync engine uses the same). */
export function imapOptionsOf(
  connection: MailboxConnection,
  timeoutMs = defaultVerifyTimeoutMs,
): ImapFlowOptions {
  return {
    host: connection.imapHost,
    port: connection.imapPort,
    secure: connection.imapSecurity === 'tls',
    // 'none' is for loopback test servers; 'starttls' insists on the upgrade.
    doSTARTTLS:
      connection.imapSecurity === 'starttls' ? true : connection.imapSecurity === 'none' ? false : undefined,
    auth:
      connection.authType === 'oauth'
        ? { user: connection.username, accessToken: connection.secret }
        : { user: connection.username, pass: connection.secret },
    logger: false,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: Math.max(timeoutMs, 60_000),
  };
}

/** nodemailer SMTP options for a mailbox (delivery from the user's own mailbox uses the same). */
export function smtpOptionsOf(
  connection: MailboxConnection,
  timeoutMs = defaultVerifyTimeoutMs,
): SMTPTransport.Options {
  return {
    host: connection.smtpHost,
    port: connection.smtpPort,
    secure: connection.smtpSecurity === 'tls',
    requireTLS: connection.smtpSecurity === 'starttls',
    ignoreTLS: connection.smtpSecurity === 'none',
    auth:
      connection.authType === 'oauth'
        ? { type: 'OAuth2', user: connection.username, accessToken: connection.secret }
        : { user: connection.username, pass: connection.secret },
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  };
}

/**
 * Signs in to the mailbox's IMAP server and checks its SMTP server accepts the credentials.
 * A failure is a 422 whose message says in words what went wrong, naming the server.
 */
export async function verifyMailbox(connection: MailboxConnection, timeoutMs = defaultVerifyTimeoutMs) {
  // Both at once: a user waits for the slower one only.
  const [imap, smtp] = await Promise.all([
    verifyImap(connection, timeoutMs).then(
      () => null,
      (error: unknown) => describeImapError(error, connection, timeoutMs),
    ),
    verifySmtp(connection, timeoutMs).then(
      () => null,
      (error: unknown) => describeSmtpError(error, connection, timeoutMs),
    ),
  ]);
  const problems = [imap, smtp].filter((p): p is string => p !== null);
  if (problems.length > 0) throw new AppError(422, problems.join('. '));
}

async function verifyImap(connection: MailboxConnection, timeoutMs: number) {
  // Loaded on first use: imapflow is about 0.1 s of start-up (issue 21 §5).
  const { ImapFlow } = await import('imapflow');
  const client = new ImapFlow({ ...imapOptionsOf(connection, timeoutMs), verifyOnly: true });
  // A socket error after connect() settles must not become an unhandled 'error' event.
  client.on('error', () => {});
  try {
    await client.connect();
  } finally {
    client.close();
  }
}

async function verifySmtp(connection: MailboxConnection, timeoutMs: number) {
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport(smtpOptionsOf(connection, timeoutMs));
  try {
    await transport.verify();
  } finally {
    transport.close();
  }
}

interface MailError {
  code?: string;
  message?: string;
  response?: string;
  responseText?: string;
  serverResponseCode?: string;
  authenticationFailed?: boolean;
}

function networkProblem(error: MailError, where: string, timeoutMs: number): string | null {
  const code = error.code ?? '';
  const message = error.message ?? '';
  if (code === 'ECONNREFUSED' || /ECONNREFUSED/.test(message))
    return `Could not connect to ${where}: connection refused`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || /ENOTFOUND|EAI_AGAIN/.test(message)) {
    return `Could not connect to ${where}: the host name was not found`;
  }
  if (
    code === 'CONNECT_TIMEOUT' ||
    code === 'GREETING_TIMEOUT' ||
    code === 'ETIMEDOUT' ||
    code === 'ETIMEOUT' ||
    /timed? ?out|timeout/i.test(message)
  ) {
    return `Could not connect to ${where}: timed out after ${Math.round(timeoutMs / 1000)} s`;
  }
  if (code === 'ECONNRESET' || /ECONNRESET|socket hang up|closed/i.test(message)) {
    return `Could not connect to ${where}: the server closed the connection (check the port and security)`;
  }
  if (/certificate|self.signed|SSL|TLS|wrong version number/i.test(`${code} ${message}`)) {
    return `Could not connect to ${where} securely: ${oneLine(message)} (check the port and security)`;
  }
  return null;
}

function describeImapError(error: unknown, connection: MailboxConnection, timeoutMs: number): string {
  const e = (error ?? {}) as MailError;
  const where = `${connection.imapHost}:${connection.imapPort}`;
  if (
    e.authenticationFailed ||
    /AUTHENTICATIONFAILED|authentication failed/i.test(
      `${e.serverResponseCode} ${e.responseText} ${e.message}`,
    )
  ) {
    return connection.authType === 'oauth'
      ? 'The IMAP server refused the sign-in; reconnect the mailbox'
      : 'The IMAP server refused the username or password';
  }
  return (
    networkProblem(e, where, timeoutMs) ??
    `The IMAP server ${where} answered: ${oneLine(e.responseText || e.message || 'an unknown error')}`
  );
}

function describeSmtpError(error: unknown, connection: MailboxConnection, timeoutMs: number): string {
  const e = (error ?? {}) as MailError;
  const where = `${connection.smtpHost}:${connection.smtpPort}`;
  if (e.code === 'EAUTH') {
    // The server's own words ("535 5.7.8 Authentication credentials invalid").
    return `The SMTP server refused the username or password: ${oneLine(e.response || e.message || '')}`;
  }
  return (
    networkProblem(e, where, timeoutMs) ??
    `The SMTP server ${where} answered: ${oneLine(e.response || e.message || 'an unknown error')}`
  );
}

/** Server answers can span lines and carry anything: one bounded line for a message. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 300);
}
