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
  /** SIGNING_TSA_URL: the timestamp authority sealing asks (issue 18); none: seals are PAdES B-B. */
  signingTsaUrl?: string;
  log: FastifyBaseLogger;
  /** Pooled SMTP connections of the current worker run (the worker sets them; closed after the run). */
  mail?: MailTransports;
  /**
   * Lookups shared by the jobs of one round (an organization's server and sender): a backlog of
   * one organization's mail reads them once per round, not once per message.
   */
  memo?: Map<string, unknown>;
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS: webhook deliveries and polls may reach private addresses. */
  webhookAllowPrivateTargets?: boolean;
  /** WEBHOOK_TIMEOUT_MS: how long a webhook receiver may take (default 10 s). */
  webhookTimeoutMs?: number;
  /** WEBHOOK_DISABLE_AFTER_MS: how long a run of failed deliveries must last before the webhook is turned off. */
  webhookDisableAfterMs?: number;
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

/** `load()` once per round per key (each job's own call when there is no round memo). */
export function memoized<T>(context: OutboxContext, key: string, load: () => Promise<T>): Promise<T> {
  if (!context.memo) return load();
  let value = context.memo.get(key) as Promise<T> | undefined;
  if (!value) {
    value = load();
    // A failed lookup is not kept: the next job tries again.
    value.catch(() => context.memo?.delete(key));
    context.memo.set(key, value);
  }
  return value;
}

/**
 * Optional per-kind work around a round: `prepare` loads what the round's jobs of the kind need
 * in one query (into `context.memo`), `finish` writes their results in one statement before the
 * jobs are marked done. On an embedded database each statement costs a few milliseconds, so a
 * backlog goes out at the transport's rate only when its reads and writes are batched.
 */
export interface OutboxRoundHooks {
  prepare?: (jobs: OutboxJobRow[], context: OutboxContext) => Promise<void>;
  finish?: (jobs: OutboxJobRow[], context: OutboxContext) => Promise<void>;
}
