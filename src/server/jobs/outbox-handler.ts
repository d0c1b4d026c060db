import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db';
import type { FileStore } from '../lib/file-store';
import type { SecretBox } from '../lib/secret-box';

/** What an outbox job's handler gets to do its work (outside the claiming transaction). */
export interface OutboxContext {
  db: Database;
  secrets: SecretBox;
  files: FileStore;
  /** The platform mail server (SMTP_URL), the default of organizations without their own. */
  smtpUrl?: string;
  appUrl: string;
  superAdminEmails: string[];
  log: FastifyBaseLogger;
}

export interface OutboxJobRow {
  id: string;
  kind: string;
  organizationId: string | null;
  payload: Record<string, unknown>;
  /** Tries so far, this one included. */
  attempts: number;
}

/**
 * How a handler ends a job: done (return nothing), retry later (throw: backoff, dead-lettered
 * after the last try), or wait without spending a try (`{ waitUntil }`: e.g. no mail server yet).
 */
export type OutboxResult = undefined | { waitUntil: Date; reason: string };

export type OutboxHandler = (job: OutboxJobRow, context: OutboxContext) => Promise<OutboxResult>;
