import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db';
import { pollMailboxes } from '../features/email-sync/poll-mailboxes';
import type { JobLock } from './job-lock';
import { startPeriodicJob } from './periodic-job';

export interface MailboxPollOptions {
  db: Database;
  /** Pause between rounds, and how old a mailbox's last sync must be to sync again; 0: never. */
  intervalMs: number;
  log: FastifyBaseLogger;
  /** One server at a time runs it (several on one database; main.ts). */
  lock?: JobLock;
}

/**
 * Asks for a sync of each mailbox due one (polling rather than IMAP IDLE: one connection per
 * mailbox held open forever does not fit a worker that several instances share); the outbox
 * worker runs them. Answers the stop function.
 */
export function startMailboxPoll({ db, intervalMs, log, lock }: MailboxPollOptions) {
  return startPeriodicJob(
    intervalMs,
    async () => {
      try {
        const requested = await pollMailboxes(db, intervalMs);
        if (requested > 0) log.debug({ requested }, 'mailbox syncs requested');
      } catch (err) {
        log.warn({ err }, 'mailbox poll failed');
      }
    },
    lock && { name: 'mailbox-poll', lock },
  );
}
