import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { mailSecurityModes } from '../../../common/allowed-values';
import type { Database } from '../../db';
import { emailAccounts, organizationEmailSettings } from '../../db/schema/email';
import type { SecretBox } from '../../lib/secret-box';
import { freshAccessToken } from '../email-accounts/oauth-tokens';

/** How long a mail server may stay silent (connecting, greeting, any reply) before a try fails. */
export const defaultSmtpTimeoutMs = 20_000;

/** What an outgoing server is, whichever place it is configured in. */
export interface SmtpServer {
  host: string;
  port: number;
  security: (typeof mailSecurityModes)[number];
  auth?: { user: string; pass: string } | { type: 'OAuth2'; user: string; accessToken: string };
  /** Where it came from, for messages ("the organization's server"). */
  source: 'mailbox' | 'organization' | 'platform';
}

/** Reads SMTP_URL (`smtp[s]://user:pass@host:port`); undefined when it is not a usable URL. */
export function parseSmtpUrl(value: string | undefined): SmtpServer | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const secure = url.protocol === 'smtps:';
  if (!secure && url.protocol !== 'smtp:') return undefined;
  const user = decodeURIComponent(url.username);
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    // A plain smtp:// URL upgrades when the server offers STARTTLS (nodemailer's default).
    security: secure ? 'tls' : url.searchParams.get('ignoreTLS') === 'true' ? 'none' : 'starttls',
    auth: user ? { user, pass: decodeURIComponent(url.password) } : undefined,
    source: 'platform',
  };
}

/** nodemailer's options for a server: TLS mode, credentials, time-outs. */
export function transportOptions(
  server: SmtpServer,
  timeoutMs = defaultSmtpTimeoutMs,
): SMTPTransport.Options {
  return {
    host: server.host,
    port: server.port,
    secure: server.security === 'tls',
    // 'starttls' for a configured server means it must upgrade; an SMTP_URL without smtps
    // upgrades opportunistically, as nodemailer does for URLs.
    requireTLS: server.security === 'starttls' && server.source !== 'platform',
    ignoreTLS: server.security === 'none',
    auth: server.auth,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    // Test servers and small providers often run self-signed certificates on loopback.
    tls: { rejectUnauthorized: !isLoopback(server.host) },
  };
}

function isLoopback(host: string) {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}

/** The organization's own server when it has a host, else the platform's (SMTP_URL), else none. */
export async function organizationServer(
  context: { db: Database; secrets: SecretBox; smtpUrl?: string },
  organizationId: string | null | undefined,
): Promise<SmtpServer | undefined> {
  if (organizationId) {
    const [settings] = await context.db
      .select()
      .from(organizationEmailSettings)
      .where(eq(organizationEmailSettings.organizationId, organizationId))
      .limit(1);
    if (settings?.smtpHost) {
      return {
        host: settings.smtpHost,
        port: settings.smtpPort ?? defaultPortOf(settings.smtpSecurity),
        security: settings.smtpSecurity,
        auth: settings.smtpUsername
          ? {
              user: settings.smtpUsername,
              pass: settings.smtpPassword ? context.secrets.open(settings.smtpPassword) : '',
            }
          : undefined,
        source: 'organization',
      };
    }
  }
  return parseSmtpUrl(context.smtpUrl);
}

export function defaultPortOf(security: SmtpServer['security']) {
  return security === 'tls' ? 465 : security === 'starttls' ? 587 : 25;
}

/** A mailbox's own outgoing server (password or OAuth2), or undefined when it has none set. */
export async function mailboxServer(
  context: { db: Database; secrets: SecretBox },
  account: typeof emailAccounts.$inferSelect,
): Promise<SmtpServer | undefined> {
  if (!account.smtpHost) return undefined;
  const user = account.username || account.email;
  const auth: SmtpServer['auth'] =
    account.authType === 'oauth'
      ? { type: 'OAuth2', user, accessToken: await freshAccessToken(context, account) }
      : account.password
        ? { user, pass: context.secrets.open(account.password) }
        : undefined;
  return {
    host: account.smtpHost,
    port: account.smtpPort ?? defaultPortOf(account.smtpSecurity),
    security: account.smtpSecurity,
    auth,
    source: 'mailbox',
  };
}

/**
 * Pooled transports shared by the jobs of one worker run, keyed by server and credentials (a
 * hash: no password is kept as a key). Reusing a connection for the next message is most of the
 * delivery rate; closing them at the end of the run leaves no idle socket behind. nodemailer loads
 * with the first message, not with every start (issue 21 §5).
 */
export interface MailTransports {
  get(server: SmtpServer): Promise<Transporter<SMTPTransport.SentMessageInfo>>;
  close(): void;
}

export function createMailTransports(timeoutMs = defaultSmtpTimeoutMs): MailTransports {
  const pool = new Map<string, Transporter<SMTPTransport.SentMessageInfo>>();
  return {
    async get(server) {
      const { default: nodemailer } = await import('nodemailer');
      // No await from here on: two messages for one server share one transport.
      const key = createHash('sha256').update(JSON.stringify(server)).digest('hex');
      let transport = pool.get(key);
      if (!transport) {
        transport = nodemailer.createTransport({
          ...transportOptions(server, timeoutMs),
          pool: true,
          maxConnections: 5,
          maxMessages: 100,
        });
        pool.set(key, transport);
      }
      return transport;
    },
    close() {
      for (const transport of pool.values()) transport.close();
      pool.clear();
    },
  };
}

/** nodemailer's error in the server's own words ("Invalid login: 535 5.7.8 …"), without a stack. */
export function smtpErrorMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: string }).code;
  if (code === 'ETIMEDOUT' || /timeout/i.test(error.message))
    return `The mail server did not answer in time (${error.message})`;
  if (code === 'ECONNREFUSED') return `Could not connect to the mail server: ${error.message}`;
  return error.message;
}
