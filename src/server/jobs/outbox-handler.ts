import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db';
import type { FileStore } from '../lib/file-store';
import type { SecretBox } from '../lib/secret-box';
import type { MailTransports } from '../features/email/mail-transport';

/** What an outbox job's handler gets to do its work (outside the claiming transaction). */
export interface OutboxContext {
  db: Database;
  secrets: SecretBox;
  files: FileStore;
  /** The platform mail server (SMTP_URL), the default of organizations without their own. */
  smtpUrl?: string;
  /** SMTP_FROM: the sender of platform mail. */
  smtpFrom?: string;
  appUrl: string;
  superAdminEmails: string[];
  log: FastifyBaseLogger;
  /** Pooled SMTP connections of the current worker run (the worker sets them; closed after the run). */
  mail?: MailTransports;
  /** How long a mail server may stay silent before a try fails (default 20 s). */
  smtpTimeoutMs?: number;
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

/**
 * Thrown by a handler when trying again cannot help (a malformed payload, a message whose
 * attachment is gone): the job is dead-lettered at once with this message.
 */
export class PermanentJobError extends Error {
  readonly permanent = true;
}

/** Called once when a job of its kind is dead-lettered, to mark what the job was about as failed. */
export type OutboxDeadLetterHook = (
  job: OutboxJobRow,
  message: string,
  context: OutboxContext,
) => Promise<void>;
