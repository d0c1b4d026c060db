import path from 'node:path';
import { readPgliteSharedBuffers } from './db/pglite-settings';

/** Everything the server reads from the environment, in one place (README lists them). */
export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  /** PGLITE_SHARED_BUFFERS: PostgreSQL's buffer pool inside PGlite (db/pglite-settings.ts). */
  pgliteSharedBuffers: string;
  /** Where attached files are kept; outside DATA_DIR keeps them out of copies of the database. */
  filesDir: string;
  /** FILE_STORE: where uploaded files' bytes live, FILES_DIR (`disk`, the default) or an S3-compatible bucket. */
  fileStore: FileStoreConfig;
  clientDir: string;
  logLevel: string;
  superAdminEmails: string[];
  production: boolean;
  /** Trust X-Forwarded-* (set only behind a reverse proxy that overwrites them). */
  trustProxy: boolean;
  /**
   * How long a signed-in request's session lookup may serve the same session's next requests.
   * Changes made through this server apply at once regardless; this bounds how long one made
   * elsewhere (another instance, a manual UPDATE) can go unseen. 0 turns the cache off.
   */
  sessionCacheMs: number;
  /** API_KEY_RATE_LIMIT: calls one API key may make per minute before 429 (docs/decisions/034). */
  apiKeyRateLimit: number;
  /** How often unreferenced uploaded files are swept (docs/decisions/014); 0 turns the sweep off. */
  fileSweepIntervalMs: number;
  /** How long an uploaded file may wait to be attached before the sweep may remove it. */
  fileSweepGraceMs: number;
  /** Rows per transaction of a bulk action on a list's filter (docs/decisions/020). */
  bulkBatchSize: number;
  /** How often audit rows past system_config.auditRetentionDays are deleted; 0 turns it off. */
  auditPurgeIntervalMs: number;
  /** How often signing reminders are sent and expired requests closed (issue 17); 0 turns it off. */
  signingReminderIntervalMs: number;
  /** SECRET_KEY: seals stored secrets; without it a key file beside the data (lib/secret-box.ts). */
  secretKey?: string;
  /** The address users reach the app at, for links in e-mail (reset, invitation, tracking). */
  appUrl: string;
  /** The platform's mail server (smtp[s]://user:pass@host:port), and the organizations' default. */
  smtpUrl?: string;
  /** SMTP_FROM: the sender of platform mail (default no-reply@ the host of APP_URL). */
  smtpFrom?: string;
  /** First retry delay of an outbox job, doubling per attempt. */
  outboxRetryBaseMs: number;
  /** How often the outbox worker looks for due jobs; 0 turns the worker off. */
  outboxPollMs: number;
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS=true: webhooks and scheduled imports may reach loopback/private addresses. */
  webhookAllowPrivateTargets: boolean;
  /** WEBHOOK_TIMEOUT_MS: how long a webhook receiver (or polled URL) may take to answer (default 10 s). */
  webhookTimeoutMs: number;
  /** WEBHOOK_DISABLE_AFTER_MS: a webhook failing every attempt (20+ in a row) this long is turned off (default 1 h). */
  webhookDisableAfterMs: number;
  /** How often mailboxes are checked for new mail (and how old a sync must be to run again); 0 turns polling off. */
  mailboxPollMs: number;
  /** IMPORT_POLL_MS: how often the scheduler looks for scheduled (polling) imports that are due (0: never). */
  importPollMs: number;
  /** OAuth2 clients for Gmail and Outlook mailboxes; a provider without a client id is off. */
  mailOAuth: MailOAuthConfig;
  /** SIGNING_CA_P12_FILE + SIGNING_CA_P12_PASSWORD: the operator's own CA for sealing certificates (issue 18). */
  signingCaPkcs12?: { file: string; password: string };
  /** SIGNING_TSA_URL: an RFC 3161 timestamp authority; seals are PAdES B-T with it, B-B without. */
  signingTsaUrl?: string;
  /** How often a sample of sealed documents is re-verified (SEAL_CHECK_INTERVAL_MS, default a day); 0 turns it off. */
  sealCheckIntervalMs: number;
  /** How many sealed documents one check re-verifies (SEAL_CHECK_SAMPLE_SIZE, default 25). */
  sealCheckSampleSize: number;
}

/** FILE_STORE=s3 and the S3_* variables; `disk` keeps files in FILES_DIR. */
export type FileStoreConfig = { kind: 'disk' } | ({ kind: 's3' } & S3Config);

export interface S3Config {
  /** S3_ENDPOINT: the service's base URL (https://s3.eu-west-1.amazonaws.com, a MinIO or R2 address…). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const s3Variables = {
  endpoint: 'S3_ENDPOINT',
  bucket: 'S3_BUCKET',
  region: 'S3_REGION',
  accessKeyId: 'S3_ACCESS_KEY_ID',
  secretAccessKey: 'S3_SECRET_ACCESS_KEY',
} as const;

/**
 * FILE_STORE (`disk` or `s3`). An S3 store missing a variable, or an unknown kind, stops the
 * start at once: a server that took uploads into the wrong place would lose them. The message
 * names the variables, never their values (the secret key is one).
 */
export function readFileStoreConfig(env: NodeJS.ProcessEnv = process.env): FileStoreConfig {
  const kind = (env.FILE_STORE ?? '').trim() || 'disk';
  if (kind === 'disk') return { kind };
  if (kind !== 's3') throw new Error(`FILE_STORE must be "disk" or "s3", got "${kind}"`);
  const missing = Object.values(s3Variables).filter((name) => !env[name]?.trim());
  if (missing.length > 0) throw new Error(`FILE_STORE=s3 needs ${missing.join(', ')} (missing or empty)`);
  const value = (name: string) => (env[name] ?? '').trim();
  const endpoint = value(s3Variables.endpoint).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]/.test(endpoint))
    throw new Error('S3_ENDPOINT must be an http(s) URL, such as https://s3.eu-west-1.amazonaws.com');
  return {
    kind,
    endpoint,
    bucket: value(s3Variables.bucket),
    region: value(s3Variables.region),
    accessKeyId: value(s3Variables.accessKeyId),
    secretAccessKey: value(s3Variables.secretAccessKey),
  };
}

/** One OAuth2 client: its id and secret at the provider, and the provider's issuer (discovery). */
export interface OAuthClientConfig {
  clientId: string;
  clientSecret: string;
  issuer: string;
}

export interface MailOAuthConfig {
  google?: OAuthClientConfig;
  microsoft?: OAuthClientConfig;
}

export const defaultGoogleIssuer = 'https://accounts.google.com';
export const defaultMicrosoftIssuer = 'https://login.microsoftonline.com/common/v2.0';

/**
 * GOOGLE_CLIENT_ID/SECRET and MICROSOFT_CLIENT_ID/SECRET; GOOGLE_OAUTH_ISSUER and
 * MICROSOFT_OAUTH_ISSUER point elsewhere (tests: a local oauth2-mock-server).
 */
export function readMailOAuthConfig(env: NodeJS.ProcessEnv = process.env): MailOAuthConfig {
  return {
    google: client(
      env.GOOGLE_CLIENT_ID,
      env.GOOGLE_CLIENT_SECRET,
      env.GOOGLE_OAUTH_ISSUER,
      defaultGoogleIssuer,
    ),
    microsoft: client(
      env.MICROSOFT_CLIENT_ID,
      env.MICROSOFT_CLIENT_SECRET,
      env.MICROSOFT_OAUTH_ISSUER,
      defaultMicrosoftIssuer,
    ),
  };
}

/** A provider's client, or none when its id is not set. */
function client(id?: string, secret?: string, issuer?: string, fallback = ''): OAuthClientConfig | undefined {
  return id?.trim()
    ? { clientId: id.trim(), clientSecret: secret?.trim() ?? '', issuer: issuer?.trim() || fallback }
    : undefined;
}

export const defaultSessionCacheMs = 2000;
export const defaultApiKeyRateLimit = 600;
export const defaultFileSweepIntervalMs = 15 * 60 * 1000;
export const defaultFileSweepGraceMs = 60 * 60 * 1000;
export const defaultBulkBatchSize = 500;
export const defaultAuditPurgeIntervalMs = 6 * 60 * 60 * 1000;
export const defaultSigningReminderIntervalMs = 15 * 60 * 1000;
export const defaultOutboxRetryBaseMs = 30_000;
export const defaultOutboxPollMs = 1000;
export const defaultWebhookTimeoutMs = 10_000;
export const defaultWebhookDisableAfterMs = 60 * 60_000;
export const defaultMailboxPollMs = 60_000;
export const defaultImportPollMs = 60_000;
export const defaultSealCheckIntervalMs = 24 * 60 * 60 * 1000;
export const defaultSealCheckSampleSize = 25;

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    pgliteSharedBuffers: readPgliteSharedBuffers(env.PGLITE_SHARED_BUFFERS),
    filesDir: path.resolve(env.FILES_DIR || path.join(env.DATA_DIR ?? 'data', 'files')),
    fileStore: readFileStoreConfig(env),
    clientDir: path.resolve(env.CLIENT_DIR ?? 'dist/client'),
    logLevel: env.LOG_LEVEL ?? 'info',
    superAdminEmails: (env.SUPER_ADMIN_EMAILS ?? '')
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean),
    production: env.NODE_ENV === 'production',
    trustProxy: env.TRUST_PROXY === 'true',
    sessionCacheMs: millisecondsOr(env.SESSION_CACHE_MS, defaultSessionCacheMs),
    apiKeyRateLimit: batchSizeOr(env.API_KEY_RATE_LIMIT, defaultApiKeyRateLimit),
    fileSweepIntervalMs: millisecondsOr(env.FILE_SWEEP_INTERVAL_MS, defaultFileSweepIntervalMs),
    fileSweepGraceMs: millisecondsOr(env.FILE_SWEEP_GRACE_MS, defaultFileSweepGraceMs),
    bulkBatchSize: batchSizeOr(env.BULK_BATCH_SIZE, defaultBulkBatchSize),
    auditPurgeIntervalMs: millisecondsOr(env.AUDIT_PURGE_INTERVAL_MS, defaultAuditPurgeIntervalMs),
    signingReminderIntervalMs: millisecondsOr(
      env.SIGNING_REMINDER_INTERVAL_MS,
      defaultSigningReminderIntervalMs,
    ),
    secretKey: env.SECRET_KEY || undefined,
    appUrl: (env.APP_URL || `http://localhost:${env.PORT ?? 3000}`).replace(/\/+$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    smtpFrom: env.SMTP_FROM || undefined,
    outboxRetryBaseMs: millisecondsOr(env.OUTBOX_RETRY_BASE_MS, defaultOutboxRetryBaseMs),
    outboxPollMs: millisecondsOr(env.OUTBOX_POLL_MS, defaultOutboxPollMs),
    webhookAllowPrivateTargets: env.WEBHOOK_ALLOW_PRIVATE_TARGETS === 'true',
    webhookTimeoutMs:
      // At most 30 s: a webhook job's lease (outboxLeaseMs) must outlast its try.
      Math.min(
        millisecondsOr(env.WEBHOOK_TIMEOUT_MS, defaultWebhookTimeoutMs) || defaultWebhookTimeoutMs,
        30_000,
      ),
    webhookDisableAfterMs: millisecondsOr(env.WEBHOOK_DISABLE_AFTER_MS, defaultWebhookDisableAfterMs),
    mailOAuth: readMailOAuthConfig(env),
    mailboxPollMs: millisecondsOr(env.MAILBOX_POLL_MS, defaultMailboxPollMs),
    importPollMs: millisecondsOr(env.IMPORT_POLL_MS, defaultImportPollMs),
    signingCaPkcs12: env.SIGNING_CA_P12_FILE
      ? { file: path.resolve(env.SIGNING_CA_P12_FILE), password: env.SIGNING_CA_P12_PASSWORD ?? '' }
      : undefined,
    signingTsaUrl: env.SIGNING_TSA_URL || undefined,
    sealCheckIntervalMs: millisecondsOr(env.SEAL_CHECK_INTERVAL_MS, defaultSealCheckIntervalMs),
    sealCheckSampleSize: batchSizeOr(env.SEAL_CHECK_SAMPLE_SIZE, defaultSealCheckSampleSize),
  };
}

function batchSizeOr(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const size = Number(value);
  if (!Number.isInteger(size) || size < 1)
    throw new Error(`Expected a batch size (1 or more), got "${value}"`);
  return size;
}

function millisecondsOr(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 0) throw new Error(`Expected milliseconds (0 or more), got "${value}"`);
  return ms;
}
