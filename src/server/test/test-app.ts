import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { type AppOptions, buildApp } from '../app';
import type { MailOAuthConfig } from '../config';
import type { DatabaseHandle } from '../db';
import { createDiskFileStore } from '../lib/disk-file-store';
import type { FileStore } from '../lib/file-store';
import { createSecretBox } from '../lib/secret-box';
import { openTestDatabase } from './test-database';

export interface TestAppOptions {
  clientDir?: string;
  superAdminEmails?: string[];
  sessionCacheMs?: number;
  /** Calls per API key per minute (API_KEY_RATE_LIMIT). */
  apiKeyRateLimit?: number;
  rateLimits?: AppOptions['rateLimits'];
  /** Another app's database, to run two instances on one database (left open on close). */
  sharedDatabase?: DatabaseHandle;
  bulkBatchSize?: number;
  /** The platform mail server (SMTP_URL). */
  smtpUrl?: string;
  appUrl?: string;
  /** OAuth2 clients for mailboxes (tests: an oauth2-mock-server issuer). */
  mailOAuth?: MailOAuthConfig;
  /** SIGNING_TSA_URL (tests: a local RFC 3161 authority, src/server/test/timestamp-authority.ts). */
  signingTsaUrl?: string;
  /** SIGNING_CA_P12_FILE + password: an imported platform CA. */
  signingCaPkcs12?: { file: string; password: string };
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS (tests deliver to receivers on 127.0.0.1). */
  webhookAllowPrivateTargets?: boolean;
  /** WEBHOOK_TIMEOUT_MS. */
  webhookTimeoutMs?: number;
  /** WEBHOOK_DISABLE_AFTER_MS. */
  webhookDisableAfterMs?: number;
  /** Another file store than a folder of the app's own (an S3 bucket: s3-file-store.test.ts). */
  files?: FileStore;
}

/** A fully built app on a fresh database, called through `app.inject` (no port, no mocks). */
export async function createTestApp(options: TestAppOptions = {}) {
  const database = options.sharedDatabase ?? (await openTestDatabase());
  // Uploaded files go to a folder of this app's own, removed on close.
  const filesDir = mkdtempSync(path.join(tmpdir(), 'locus-files-'));
  const secrets = createSecretBox(randomBytes(32));
  const app = await buildApp({
    database,
    files: options.files ?? createDiskFileStore(filesDir),
    secrets,
    config: {
      appUrl: options.appUrl ?? 'http://localhost:3000',
      smtpUrl: options.smtpUrl,
      mailOAuth: options.mailOAuth,
      clientDir: options.clientDir ?? '/nonexistent-client-dir',
      superAdminEmails: options.superAdminEmails ?? [],
      production: false,
      sessionCacheMs: options.sessionCacheMs,
      apiKeyRateLimit: options.apiKeyRateLimit,
      bulkBatchSize: options.bulkBatchSize,
      signingTsaUrl: options.signingTsaUrl,
      signingCaPkcs12: options.signingCaPkcs12,
      webhookAllowPrivateTargets: options.webhookAllowPrivateTargets,
      webhookTimeoutMs: options.webhookTimeoutMs,
      webhookDisableAfterMs: options.webhookDisableAfterMs,
    },
    rateLimits: options.rateLimits,
  });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    filesDir,
    secrets,
    async close() {
      await app.close();
      if (!options.sharedDatabase) await database.close();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
